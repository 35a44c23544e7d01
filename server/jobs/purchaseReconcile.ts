// Discord's entitlement events are known to go missing: every PURCHASE_RECONCILE_MS this lists the
// application's entitlements (all players, after the last one this process has seen, a page at a
// time) and settles each like a webhook would (grant once, then consume). The first round of a
// process reads them all; a grant already made is a duplicate the ledger service refuses.
import type { FastifyInstance } from 'fastify';
import { settleEntitlements } from '../providers/settle';
import { scheduleRounds } from './purchaseConsume';
import { xsollaReconciler } from './xsollaReconcile';

const PAGE = 100;
/** The most pages one round reads (the next round goes on from there). */
const MAX_PAGES = 50;

export function discordReconciler(app: FastifyInstance): { round(): Promise<{ seen: number; granted: number }> } {
  let after: string | undefined;
  return {
    async round() {
      const p = app.purchases;
      const result = { seen: 0, granted: 0 };
      if (!p?.discord) return result;
      for (let page = 0; page < MAX_PAGES; page++) {
        const list = await p.discord.store.listEntitlements({ ...(after ? { after } : {}), limit: PAGE });
        if (!list.length) break;
        const settled = await settleEntitlements(app, p, list, null);
        result.seen += list.length;
        result.granted += settled.granted.length;
        after = list.reduce((max, e) => (BigInt(e.id) > BigInt(max) ? e.id : max), after ?? '0');
        if (list.length < PAGE) break;
      }
      return result;
    },
  };
}

export function scheduleReconcile(app: FastifyInstance): { stop(): Promise<void> } {
  const reconciler = discordReconciler(app);
  const xsolla = xsollaReconciler(app);
  return scheduleRounds('Discord entitlement reconcile', () => reconciler.round().finally(() => xsolla.round()), app.config.PURCHASE_RECONCILE_MS, app.log);
}
