// Xsolla orders (the CrazyGames portal's store) in the purchase ledger. An order may hold several
// packs, each with a quantity: every pack line is one purchase of the purchase service (key
// '<order id>:<sku>', provider_ref the order id), and the order itself is one xsolla_orders row,
// written in the same transaction as its lines, so a refund finds every line and the player it
// was granted to. Callers run each function in one transaction (routes and jobs open it).
//
// A partial refund takes back the refunded share of the order's TripCoins, rounded down to whole
// TripCoins (in the player's favour): after refunds totalling R of a paid P, the order has had
// floor(granted * R / P) TripCoins taken back in all. Refunds reaching P reverse the whole order.
// A full refund after partial ones reverses every line and gives back what the partial ones took,
// so the player loses the order's TripCoins once.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { hundredthsToNumber, TC_SCALE } from '../../../contract/money';
import type { Grant } from '../../../contract/purchases';
import type { Trx } from '../../db/tx';
import { toBigInt } from '../../db/values';
import type { Products } from './products';
import { publishLiveEvent } from '../live/liveEvents';
import { balanceAfter, COINS, playerAccount, postReturning, revenueAccount } from '../economy/ledger';
import { grantPurchase, PURCHASE_REVERSAL_REASON, reversePurchase } from './ledger';

const HOST = 'crazygames' as const;

export interface XsollaOrderLine { sku: string; productId: string; quantity: number }
export interface PaidXsollaOrder {
  orderId: string;
  userId: string;
  portalUserId: string;
  lines: XsollaOrderLine[];
  paidMicros: bigint;
  currency: string;
}

/** The purchase key of one pack line of an order. */
export const lineKey = (orderId: string, sku: string) => `${orderId}:${sku}`;

/** Serializes everything done to one Xsolla order, in every process, until the transaction ends. */
async function lockOrder(trx: Trx, orderId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`xsolla-order:${orderId}`}, 0))`.execute(trx);
}

export type GrantOrderOutcome = { outcome: 'granted' | 'duplicate' | 'refundedBefore' | 'otherPlayer'; granted: Grant[]; balance: number | null };

/** Grants every line of a paid order once (the order id is the key); a second sighting grants nothing. */
export async function grantXsollaOrder(trx: Trx, products: Products, order: PaidXsollaOrder): Promise<GrantOrderOutcome> {
  await lockOrder(trx, order.orderId);
  const earlier = await trx.selectFrom('xsolla_orders').select(['user_id']).where('order_id', '=', order.orderId).executeTakeFirst();
  if (earlier) return { outcome: earlier.user_id === order.userId ? 'duplicate' : 'otherPlayer', granted: [], balance: null };
  // A refund or cancellation that came before the order was ever granted.
  const refunded = await trx.selectFrom('purchase_refunds_before_grant').select('reason')
    .where('host', '=', HOST).where('provider_purchase_id', '=', order.orderId).executeTakeFirst();
  if (refunded) return { outcome: 'refundedBefore', granted: [], balance: null };
  const granted: Grant[] = [];
  let total = 0n;
  let balance: number | null = null;
  for (const line of order.lines) {
    const result = await grantPurchase(trx, products, {
      host: HOST, providerPurchaseId: lineKey(order.orderId, line.sku), providerRef: order.orderId,
      userId: order.userId, productId: line.productId, needsConsume: false, quantity: line.quantity,
    });
    if (result.granted) { granted.push(result.grant); total += BigInt(result.grant.tripcoins) * TC_SCALE; }
    balance = result.balance;
  }
  if (total === 0n) return { outcome: 'refundedBefore', granted: [], balance };
  await trx.insertInto('xsolla_orders').values({
    order_id: order.orderId, user_id: order.userId, portal_user_id: order.portalUserId,
    paid_micros: order.paidMicros.toString(), currency: order.currency.slice(0, 20), granted_hundredths: total.toString(),
  }).execute();
  return { outcome: 'granted', granted, balance };
}

/** Which order a transaction paid (the payment notification's order object, order_paid's billing). */
export async function linkXsollaTransaction(trx: Trx, transactionId: string, orderId: string): Promise<void> {
  await trx.insertInto('xsolla_transactions').values({ transaction_id: transactionId, order_id: orderId })
    .onConflict((oc) => oc.column('transaction_id').doNothing()).execute();
}

export async function orderOfXsollaTransaction(trx: Trx, transactionId: string): Promise<string | null> {
  const row = await trx.selectFrom('xsolla_transactions').select('order_id').where('transaction_id', '=', transactionId).executeTakeFirst();
  return row?.order_id ?? null;
}

export type ReverseOrderOutcome = 'reversed' | 'duplicate' | 'otherPlayer' | 'beforeGrant';

/**
 * A refund or cancellation of the whole order. `portalUserId`: the user the notification names;
 * the order is reversed only when it is the user it was granted to. An order not granted yet is
 * remembered, so its order_paid grants nothing later.
 */
export async function reverseXsollaOrder(trx: Trx, orderId: string, portalUserId: string | null): Promise<ReverseOrderOutcome> {
  await lockOrder(trx, orderId);
  const order = await trx.selectFrom('xsolla_orders').selectAll().where('order_id', '=', orderId).executeTakeFirst();
  if (!order) {
    await trx.insertInto('purchase_refunds_before_grant').values({ host: HOST, provider_purchase_id: orderId, reason: 'refund' })
      .onConflict((oc) => oc.columns(['host', 'provider_purchase_id']).doNothing()).execute();
    return 'beforeGrant';
  }
  if (portalUserId === null || portalUserId !== order.portal_user_id) return 'otherPlayer';
  if (order.status === 'reversed') return 'duplicate';
  const lines = await trx.selectFrom('purchases').select('provider_purchase_id')
    .where('host', '=', HOST).where('provider_ref', '=', orderId).orderBy('created_at').execute();
  for (const line of lines) await reversePurchase(trx, HOST, line.provider_purchase_id, 'refund');
  // What partial refunds took is part of what the reversals just took: given back once.
  const taken = toBigInt(order.taken_back_hundredths);
  if (taken > 0n) {
    await postReturning(trx, {
      reason: PURCHASE_REVERSAL_REASON, ref: `${HOST}:${orderId}:partial-returned`,
      legs: [{ asset: COINS, from: revenueAccount(HOST), to: playerAccount(order.user_id), amount: taken }],
    });
  }
  await trx.updateTable('xsolla_orders').set({ status: 'reversed', taken_back_hundredths: '0' }).where('order_id', '=', orderId).execute();
  return 'reversed';
}

export type PartialRefundOutcome = 'takenBack' | 'nothingToTake' | 'reversed' | 'duplicate' | 'otherPlayer' | 'unknownOrder';

/**
 * One partial_refund notification (`signature`: its own, so a resent one counts once): the share
 * it refunds of the order's TripCoins is taken back, rounded in the player's favour.
 */
export async function partiallyRefundXsollaOrder(trx: Trx, input: { orderId: string; portalUserId: string | null; refundedMicros: bigint; signature: string }): Promise<{ outcome: PartialRefundOutcome; tookBack: number }> {
  await lockOrder(trx, input.orderId);
  const order = await trx.selectFrom('xsolla_orders').selectAll().where('order_id', '=', input.orderId).executeTakeFirst();
  if (!order) return { outcome: 'unknownOrder', tookBack: 0 };
  if (input.portalUserId === null || input.portalUserId !== order.portal_user_id) return { outcome: 'otherPlayer', tookBack: 0 };
  if (order.status === 'reversed') return { outcome: 'duplicate', tookBack: 0 };
  const fresh = await trx.insertInto('xsolla_partial_refunds').values({ signature: input.signature, order_id: input.orderId, refunded_micros: input.refundedMicros.toString() })
    .onConflict((oc) => oc.column('signature').doNothing()).returning('signature').executeTakeFirst();
  if (!fresh) return { outcome: 'duplicate', tookBack: 0 };
  const paid = toBigInt(order.paid_micros);
  const refunded = toBigInt(order.refunded_micros) + input.refundedMicros;
  if (paid === 0n || refunded >= paid) {
    await reverseXsollaOrder(trx, input.orderId, order.portal_user_id);
    return { outcome: 'reversed', tookBack: 0 };
  }
  const granted = toBigInt(order.granted_hundredths);
  // Whole TripCoins, rounded down: the player keeps any fraction.
  const target = ((granted / TC_SCALE) * refunded / paid) * TC_SCALE;
  const already = toBigInt(order.taken_back_hundredths);
  const delta = target > already ? target - already : 0n;
  await trx.updateTable('xsolla_orders').set({ refunded_micros: refunded.toString(), taken_back_hundredths: (already + delta).toString() })
    .where('order_id', '=', input.orderId).execute();
  if (delta === 0n) return { outcome: 'nothingToTake', tookBack: 0 };
  const player = playerAccount(order.user_id);
  // Like a reversal, a partial one may take the player below zero by what it takes (a debt).
  await trx.updateTable('coin_balances').set({ debt_limit: sql`debt_limit + ${delta.toString()}::bigint` }).where('account_id', '=', player).execute();
  const posted = await postReturning(trx, {
    reason: PURCHASE_REVERSAL_REASON, ref: `${HOST}:${input.orderId}:partial`, txId: randomUUID(), overdraw: [player],
    legs: [{ asset: COINS, from: player, to: revenueAccount(HOST), amount: delta }],
  });
  const after = balanceAfter(posted, player, COINS);
  const line = await trx.selectFrom('purchases').select(['id', 'product_id']).where('host', '=', HOST).where('provider_ref', '=', input.orderId).orderBy('created_at').executeTakeFirst();
  if (line) {
    await publishLiveEvent(trx, order.user_id, {
      type: 'purchaseReversed', purchaseId: `${line.id}:partial:${already + delta}`, productId: line.product_id, tripcoins: Number(delta / TC_SCALE), host: HOST,
      balance: hundredthsToNumber(after), debt: hundredthsToNumber(after < 0n ? -after : 0n),
    });
  }
  return { outcome: 'takenBack', tookBack: Number(delta / TC_SCALE) };
}
