// The consume calls that failed when a purchase was granted (the provider down, a time-out): tried
// again every PURCHASE_CONSUME_RETRY_MS until the provider answers. Only the consume is retried;
// the grant stands as it was made (the ledger service never grants a purchase twice), so a
// consume that fails any number of times costs the player nothing and the studio nothing.
// Several processes may run it: a consume the provider already has answers again harmlessly.
// The job that schedules it (server/jobs/purchaseJobs.ts) hands over its transactions.
import type { PurchaseHost } from '../../../contract/purchases';
import type { RunInTransaction } from '../../db/tx';
import { purchaseContext, type PurchaseApp, type Purchases } from './purchases';
import { consumeNow } from './settle';

export const CONSUME_BATCH = 50;

/** The consume call of one granted purchase, by host (null: the host needs none or is off; Xsolla
 * documents no server-side consume, so the portal's packs are consumed by nobody here). */
function consumeCall(p: Purchases, host: PurchaseHost, providerPurchaseId: string): (() => Promise<void>) | null {
  if (host === 'discord' && p.discord) { const store = p.discord.store; return () => store.consume(providerPurchaseId); }
  return null;
}

/** One round: every purchase still waiting for its consume, tried once. */
export async function consumeDue(app: PurchaseApp, transaction: RunInTransaction): Promise<{ consumed: number; failed: number }> {
  const p = app.purchases;
  const result = { consumed: 0, failed: 0 };
  if (!p) return result;
  for (const host of ['discord'] as const) {
    for (const due of await p.service.purchasesToConsume(app.db, host, CONSUME_BATCH)) {
      const call = consumeCall(p, host, due.providerPurchaseId);
      if (!call) continue;
      if (await consumeNow(purchaseContext(app, p, transaction), host, due.providerPurchaseId, call)) result.consumed += 1; else result.failed += 1;
    }
  }
  return result;
}
