// The consume calls that failed when a purchase was granted (the provider down, a time-out): tried
// again every PURCHASE_CONSUME_RETRY_MS until the provider answers. Only the consume is retried;
// the grant stands as it was made (the ledger service never grants a purchase twice), so a
// consume that fails any number of times costs the player nothing and the studio nothing.
// Several processes may run it: a consume the provider already has answers again harmlessly.
import type { FastifyInstance } from 'fastify';
import type { PurchaseHost } from '../../../contract/purchases';
import { inTransaction } from '../../db/tx';
import { purchaseContext, type PurchaseContext, type Purchases } from './purchases';
import { consumeNow } from './settle';

/** Settlement's context in a job: the job opens its own transactions (no route does it for it). */
export function jobPurchaseContext(app: FastifyInstance, p: Purchases): PurchaseContext {
  return purchaseContext(app, p, (fn) => inTransaction(app.db, fn));
}

export const CONSUME_BATCH = 50;

/** The consume call of one granted purchase, by host (null: the host needs none or is off; Xsolla
 * documents no server-side consume, so the portal's packs are consumed by nobody here). */
function consumeCall(p: Purchases, host: PurchaseHost, providerPurchaseId: string): (() => Promise<void>) | null {
  if (host === 'discord' && p.discord) { const store = p.discord.store; return () => store.consume(providerPurchaseId); }
  return null;
}

/** One round: every purchase still waiting for its consume, tried once. */
export async function consumeDue(app: FastifyInstance): Promise<{ consumed: number; failed: number }> {
  const p = app.purchases;
  const result = { consumed: 0, failed: 0 };
  if (!p) return result;
  for (const host of ['discord'] as const) {
    for (const due of await p.service.purchasesToConsume(app.db, host, CONSUME_BATCH)) {
      const call = consumeCall(p, host, due.providerPurchaseId);
      if (!call) continue;
      if (await consumeNow(jobPurchaseContext(app, p), host, due.providerPurchaseId, call)) result.consumed += 1; else result.failed += 1;
    }
  }
  return result;
}

/** Runs `round` every `intervalMs` (never two at once); errors are logged, never thrown. */
export function scheduleRounds(name: string, round: () => Promise<unknown>, intervalMs: number, log: { warn(obj: unknown, msg: string): void }): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(() => round().then(() => undefined, (error: unknown) => log.warn({ err: error }, `${name} failed`)));
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return { stop: async () => { clearInterval(timer); await running; } };
}

export function scheduleConsumes(app: FastifyInstance): { stop(): Promise<void> } {
  return scheduleRounds('purchase consume retry', () => consumeDue(app), app.config.PURCHASE_CONSUME_RETRY_MS, app.log);
}
