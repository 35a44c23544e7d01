// What Xsolla's notifications and order search become (the CrazyGames portal's store): a paid
// order is granted from what Xsolla itself signed or answered (its items, quantities, order id
// and user), once per order id; a refund, a cancellation or a partial refund reverses what we
// granted, only for the player it was granted to. No call to Xsolla is needed to grant.
//
// Whose order: Xsolla names the buyer as `user.external_id` (order_paid, order_canceled), `user.id`
// (payment, refund, partial_refund, user_validation) and `user.id` in the order search. CrazyGames
// says the Xsolla user of its token is the CrazyGames user id; we match it only against the
// CrazyGames id an account signed in with (users.crazygames_id), and grant nothing otherwise.
import type { Grant } from '../../../contract/purchases';
import { userByProviderId } from '../accounts/providerIds';
import * as orders from './xsollaOrders';
import type { PurchaseContext } from './purchases';
import { micros, type XsollaOrderItem } from '../../providers/xsolla';
import type { z } from 'zod';

type Item = z.infer<typeof XsollaOrderItem>;

export interface PaidOrderSighting {
  orderId: string;
  portalUserId: string | null;
  items: Item[];
  amount: string;
  currency: string;
  transactionId?: string;
}

export type PaidOutcome = 'granted' | 'duplicate' | 'refundedBefore' | 'otherPlayer' | 'unknownPlayer' | 'noPack';

function note(c: PurchaseContext, step: string, outcome: string, orderId: string): void {
  c.purchases.steps.inc({ host: 'crazygames', step, outcome });
  if (outcome !== 'granted' && outcome !== 'reversed' && outcome !== 'takenBack') c.log.warn({ host: 'crazygames', orderId, step, outcome }, 'Xsolla order: nothing changed');
}

/** The order's lines that are our packs: quantities of one sku added up. */
function packLines(c: PurchaseContext, items: Item[]): orders.XsollaOrderLine[] {
  const bySku = new Map<string, orders.XsollaOrderLine>();
  for (const item of items) {
    const product = c.purchases.service.productForHostSku(c.purchases.service.products, 'crazygames', item.sku);
    if (!product) continue;
    const line = bySku.get(item.sku);
    if (line) line.quantity += item.quantity;
    else bySku.set(item.sku, { sku: item.sku, productId: product.id, quantity: item.quantity });
  }
  return [...bySku.values()];
}

/** A paid order: every pack in it, times its quantity, to the player its user is. */
export async function settleXsollaPaid(c: PurchaseContext, paid: PaidOrderSighting): Promise<{ outcome: PaidOutcome; granted: Grant[] }> {
  const lines = packLines(c, paid.items);
  if (!lines.length) { note(c, 'grant', 'noPack', paid.orderId); return { outcome: 'noPack', granted: [] }; }
  const portalUserId = paid.portalUserId;
  const userId = portalUserId ? await userByProviderId(c.db, 'crazygames', portalUserId) : null;
  if (!userId || !portalUserId) { note(c, 'grant', 'unknownPlayer', paid.orderId); return { outcome: 'unknownPlayer', granted: [] }; }
  const result = await c.transaction(async (trx) => {
    if (paid.transactionId) await orders.linkXsollaTransaction(trx, paid.transactionId, paid.orderId);
    return orders.grantXsollaOrder(trx, c.products, {
      orderId: paid.orderId, userId, portalUserId, lines, paidMicros: micros(paid.amount), currency: paid.currency,
    });
  });
  note(c, 'grant', result.outcome, paid.orderId);
  return { outcome: result.outcome, granted: result.granted };
}

export async function linkTransaction(c: PurchaseContext, transactionId: string, orderId: string): Promise<void> {
  await c.transaction((trx) => orders.linkXsollaTransaction(trx, transactionId, orderId));
}

/** The order a payment-level notification is about: its order object, else the transaction we linked. */
export async function orderOfNotification(c: PurchaseContext, transactionId: string, orderId: string | undefined): Promise<string | null> {
  if (orderId) return orderId;
  return c.transaction((trx) => orders.orderOfXsollaTransaction(trx, transactionId));
}

export async function reverseXsollaOrder(c: PurchaseContext, orderId: string, portalUserId: string | null): Promise<orders.ReverseOrderOutcome> {
  const outcome = await c.transaction((trx) => orders.reverseXsollaOrder(trx, orderId, portalUserId));
  note(c, 'refund', outcome, orderId);
  return outcome;
}

export async function partialRefundXsolla(c: PurchaseContext, input: { orderId: string; portalUserId: string | null; refunded: string; signature: string }): Promise<orders.PartialRefundOutcome> {
  const { outcome } = await c.transaction((trx) => orders.partiallyRefundXsollaOrder(trx, {
    orderId: input.orderId, portalUserId: input.portalUserId, refundedMicros: micros(input.refunded), signature: input.signature,
  }));
  note(c, 'partialRefund', outcome, input.orderId);
  return outcome;
}
