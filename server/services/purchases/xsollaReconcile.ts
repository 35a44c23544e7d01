// Xsolla's notifications can be lost (Xsolla stops after its last retry, or our answers failed
// all day): every PURCHASE_RECONCILE_MS this reads the project's orders with the order search
// Xsolla documents ("Get orders list for specified period": POST
// /v3/project/{project_id}/admin/order/search, 10 a page) and settles each like its
// notification would: a paid or done order is granted once (a granted one is a duplicate), a
// canceled one reversed for the player it was granted to. The first round of a process reads the
// last LOOKBACK_MS; later rounds go on from the previous round's end, with an overlap.
import type { RunInTransaction } from '../../db/tx';
import { XSOLLA_PAID, XSOLLA_SEARCH_LIMIT } from '../../providers/xsolla';
import { reverseXsollaOrder, settleXsollaPaid } from './xsollaSettle';
import { purchaseContext, type PurchaseApp } from './purchases';

/** Xsolla's last retry of a notification comes about 12 hours after the first; a day covers it. */
export const LOOKBACK_MS = 24 * 3_600_000;
const OVERLAP_MS = 3_600_000;
/** The most pages one round reads (the next round starts again from the same time). */
const MAX_PAGES = 50;

export function xsollaReconciler(app: PurchaseApp, transaction: RunInTransaction, now: () => number = Date.now): { round(): Promise<{ seen: number; granted: number; reversed: number }> } {
  let from: number | null = null;
  return {
    async round() {
      const result = { seen: 0, granted: 0, reversed: 0 };
      const p = app.purchases;
      if (!p?.xsolla) return result;
      const until = now();
      const since = from ?? until - LOOKBACK_MS;
      let complete = false;
      for (let page = 0; page < MAX_PAGES; page++) {
        const { orders, hasMore } = await p.xsolla.store.searchOrders({ from: new Date(since), until: new Date(until), offset: page * XSOLLA_SEARCH_LIMIT, limit: XSOLLA_SEARCH_LIMIT });
        for (const order of orders) {
          result.seen += 1;
          const portalUserId = order.user?.id ?? null;
          if (XSOLLA_PAID.has(order.status)) {
            const settled = await settleXsollaPaid(purchaseContext(app, p, transaction), {
              orderId: order.order_id, portalUserId, items: order.items, amount: order.price?.amount ?? '0', currency: order.price?.currency ?? '',
            });
            if (settled.outcome === 'granted') { result.granted += 1; p.steps.inc({ host: 'crazygames', step: 'reconcile', outcome: 'found' }); }
          } else if (order.status === 'canceled') {
            if ((await reverseXsollaOrder(purchaseContext(app, p, transaction), order.order_id, portalUserId)) === 'reversed') result.reversed += 1;
          }
        }
        if (!hasMore || orders.length === 0) { complete = true; break; }
      }
      if (complete) from = until - OVERLAP_MS;
      return result;
    },
  };
}
