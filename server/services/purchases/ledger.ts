// TripCoin packs bought with real money: the grant, the refund and the debt. The providers'
// clients, webhooks and jobs (server/providers, server/routes, server/jobs) confirm a purchase with
// the host and hand it here; nothing a client says grants anything, and the amount is always the
// server's product table's.
//
// Once, ever: every grant and every reversal of one purchase first takes a transaction-scoped
// advisory lock on (host, provider purchase id), so two processes, a webhook racing a poll, or a
// refund racing its payment take turns; the purchases row (UNIQUE (host, provider_purchase_id))
// then says whether it was granted, and purchase_refunds_before_grant whether a refund came first.
// A crash anywhere before the commit leaves neither the row nor the posting: the retry grants.
//
// Ledger: a grant is one posting revenue:<host> -> player:<uid> (revenue accounts may go below
// zero, like the mint: the coins came from outside the game). A reversal is one posting back,
// which alone may take the player below zero: that is their debt, repaid by whatever they receive
// next (a grant's coins cover it first, being credited onto the negative balance). While a
// player's balance is below zero, refuseWhileInDebt stops transfers, listings, purchases of
// listings, coin flips and the bridge.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import { hundredthsToNumber, TC_SCALE } from '../../../contract/money';
import { PURCHASE_HOSTS, PURCHASE_TEXT, type Grant, type PurchaseHost } from '../../../contract/purchases';
import { afterCommit, type Executor, type Trx } from '../../db/tx';
import { toBigInt } from '../../db/values';
import { hostProductIdOf, type Product, type Products } from './products';
import { forbidden, invalid } from '../errors';
import { publishLiveEvent } from '../live/liveEvents';
import { notePurchase, type PurchaseNote } from '../system/observe';
import { balanceAfter, coinBalance, COINS, openAccount, playerAccount, postReturning, revenueAccount } from '../economy/ledger';

export interface ConfirmedPurchase {
  host: PurchaseHost;
  /** The provider's own id: Discord entitlement id, Xsolla transaction/order id, checkout session id. Unique per host in the database. */
  providerPurchaseId: string;
  userId: string;            // our player's uuid (the provider resolved it: Discord user id -> linked account, CrazyGames userId -> portal account, checkout client_reference_id)
  productId: string;         // from the server's product table (resolved from the host's SKU by productForHostSku)
  /** true when the provider still needs a consume call (a Discord consumable; Xsolla has no server-side consume). */
  needsConsume: boolean;
  testMode?: boolean;
  /** A second id the provider's later events name (the web provider's payment intent); kept on the row. */
  providerRef?: string;
  /** How many of the pack this purchase holds (an Xsolla order line's quantity); 1 when left out. */
  quantity?: number;
}

const Confirmed = z.object({
  host: z.enum(PURCHASE_HOSTS),
  providerPurchaseId: z.string().min(1).max(200),
  userId: z.string().uuid(),
  productId: z.string().min(1).max(40),
  needsConsume: z.boolean(),
  testMode: z.boolean().optional(),
  providerRef: z.string().min(1).max(200).optional(),
  quantity: z.number().int().min(1).max(1000).optional(),
});

/** Why a purchase is reversed: the provider's refund, chargeback or deleted entitlement, or the console by hand. */
export type ReversalReason = 'refund' | 'chargeback' | 'entitlementDeleted' | 'manual';

/** The grant's and the reversal's ledger reasons (the player's history and the console show them). */
export const PURCHASE_REASON = 'purchase';
export const PURCHASE_REVERSAL_REASON = 'purchase reversed';

export function productForHostSku(products: Products, host: PurchaseHost, hostProductId: string): Product | undefined {
  return products.list.find((p) => hostProductIdOf(p, host) === hostProductId);
}

/** Serializes everything done to one purchase, in every process, until the transaction ends. */
async function lockPurchase(trx: Trx, host: PurchaseHost, providerPurchaseId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`purchase:${host}:${providerPurchaseId}`}, 0))`.execute(trx);
}

/** Counted once the transaction commits (a rolled-back grant was not one). */
function note(trx: Trx, n: PurchaseNote): void {
  afterCommit(trx, () => notePurchase(n));
}

const tc = (hundredths: bigint) => hundredthsToNumber(hundredths);

interface Row { id: string; product_id: string; tripcoins: string | number | bigint; user_id: string; status: string }
const grantOf = (host: PurchaseHost, row: Row): Grant => ({ purchaseId: row.id, productId: row.product_id, tripcoins: Number(toBigInt(row.tripcoins) / TC_SCALE), host });

/** One grant per (host, providerPurchaseId), ever: INSERT ... ON CONFLICT DO NOTHING on purchases, then one ledger posting revenue:<host> -> player:<uid>, in the caller's transaction. A duplicate answers granted:false with the first grant. Repays an existing debt first (the grant's coins cover the debt). Publishes purchaseGranted.
 * A purchase refunded before it was granted is never granted: granted:false, refunded:true, and
 * `grant` describes what would have been given. */
export async function grantPurchase(trx: Trx, products: Products, p: ConfirmedPurchase): Promise<{ granted: boolean; grant: Grant; balance: number; refunded?: true }> {
  const input = Confirmed.safeParse(p);
  if (!input.success) throw invalid(`Invalid purchase: ${input.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`, 'INVALID_INPUT');
  const product = products.byId.get(p.productId);
  if (!product) throw invalid(PURCHASE_TEXT.productUnknown, 'PRODUCT_UNKNOWN');
  const { host, providerPurchaseId, userId } = input.data;
  await lockPurchase(trx, host, providerPurchaseId);

  const earlier = await trx.selectFrom('purchases').select(['id', 'product_id', 'tripcoins', 'user_id', 'status'])
    .where('host', '=', host).where('provider_purchase_id', '=', providerPurchaseId).executeTakeFirst();
  if (earlier) {
    note(trx, { kind: 'granted', host, outcome: 'duplicate' });
    return { granted: false, grant: grantOf(host, earlier), balance: tc(await coinBalance(trx, playerAccount(earlier.user_id))) };
  }
  const quantity = input.data.quantity ?? 1;
  const amount = BigInt(product.tripcoins) * BigInt(quantity) * TC_SCALE;
  const refunded = await trx.selectFrom('purchase_refunds_before_grant').select('reason')
    .where('host', '=', host).where('provider_purchase_id', '=', providerPurchaseId).executeTakeFirst();
  if (refunded) {
    note(trx, { kind: 'granted', host, outcome: 'refunded' });
    return { granted: false, refunded: true, grant: { purchaseId: '', productId: product.id, tripcoins: product.tripcoins * quantity, host }, balance: tc(await coinBalance(trx, playerAccount(userId))) };
  }

  const id = randomUUID();
  const txId = randomUUID();
  const inserted = await trx.insertInto('purchases').values({
    id, host, provider_purchase_id: providerPurchaseId, provider_ref: input.data.providerRef ?? null, user_id: userId,
    product_id: product.id, tripcoins: amount.toString(), needs_consume: input.data.needsConsume, test_mode: input.data.testMode ?? false, tx_id: txId,
  }).onConflict((oc) => oc.columns(['host', 'provider_purchase_id']).doNothing()).returning('id').executeTakeFirst();
  if (!inserted) throw new Error(`purchase ${host}:${providerPurchaseId} appeared while its lock was held`);

  const revenue = revenueAccount(host);
  await openAccount(trx, revenue, 'revenue');
  const posted = await postReturning(trx, {
    reason: PURCHASE_REASON, ref: `${host}:${providerPurchaseId}`.slice(0, 250), txId, openPlayers: [userId],
    legs: [{ asset: COINS, from: revenue, to: playerAccount(userId), amount }],
  });
  const balance = tc(balanceAfter(posted, playerAccount(userId), COINS));
  const grant: Grant = { purchaseId: id, productId: product.id, tripcoins: product.tripcoins * quantity, host };
  await publishLiveEvent(trx, userId, { type: 'purchaseGranted', ...grant, balance });
  note(trx, { kind: 'granted', host, outcome: 'granted' });
  return { granted: true, grant, balance };
}

/** The player's grants of one pack on one host in the last `withinMs`, newest first (still granted, not reversed). */
export async function recentGrants(db: Executor, userId: string, host: PurchaseHost, productId: string, withinMs: number): Promise<Grant[]> {
  const since = new Date(Date.now() - Math.max(0, withinMs));
  const rows = await db.selectFrom('purchases').select(['id', 'product_id', 'tripcoins', 'user_id', 'status'])
    .where('user_id', '=', userId).where('host', '=', host).where('product_id', '=', productId).where('status', '=', 'granted')
    .where('created_at', '>=', since).orderBy('created_at', 'desc').limit(20).execute();
  return rows.map((r) => grantOf(host, r));
}

/** Consume bookkeeping for the job and the routes: which granted purchases still need a consume call, and marking one consumed (attempts counted, last error kept). */
export async function purchasesToConsume(db: Executor, host: PurchaseHost, limit: number): Promise<Array<{ host: PurchaseHost; providerPurchaseId: string; attempts: number }>> {
  const rows = await db.selectFrom('purchases').select(['provider_purchase_id', 'consume_attempts'])
    .where('host', '=', host).where('needs_consume', '=', true).where('consumed_at', 'is', null).where('status', '=', 'granted')
    .orderBy('created_at').limit(Math.max(1, Math.min(1000, Math.floor(limit)))).execute();
  return rows.map((r) => ({ host, providerPurchaseId: r.provider_purchase_id, attempts: r.consume_attempts }));
}

export async function markConsumed(db: Executor, host: PurchaseHost, providerPurchaseId: string): Promise<void> {
  const row = await db.updateTable('purchases')
    .set({ consumed_at: sql`now()`, consume_attempts: sql`consume_attempts + 1`, consume_error: null })
    .where('host', '=', host).where('provider_purchase_id', '=', providerPurchaseId).where('consumed_at', 'is', null)
    .returning('id').executeTakeFirst();
  if (row) notePurchase({ kind: 'consumed', host, outcome: 'ok' });
}

export async function markConsumeFailed(db: Executor, host: PurchaseHost, providerPurchaseId: string, error: string): Promise<void> {
  const row = await db.updateTable('purchases')
    .set({ consume_attempts: sql`consume_attempts + 1`, consume_error: error.slice(0, 500) })
    .where('host', '=', host).where('provider_purchase_id', '=', providerPurchaseId).where('consumed_at', 'is', null)
    .returning('id').executeTakeFirst();
  if (row) notePurchase({ kind: 'consumed', host, outcome: 'failed' });
}

/** A refund/chargeback/deleted entitlement: new ledger rows reversing the grant, once per purchase. What the player no longer has becomes debt (balance below zero, for this reason only). Unknown purchase: records the refund so a later grant of it is refused (never grant after a refund). Publishes purchaseReversed.
 * `debt`: what the player owes after it, in TripCoins (0 when the balance covered it). */
export async function reversePurchase(trx: Trx, host: PurchaseHost, providerPurchaseId: string, reason: ReversalReason): Promise<{ reversed: boolean; debt: number }> {
  if (!PURCHASE_HOSTS.includes(host) || typeof providerPurchaseId !== 'string' || !providerPurchaseId || providerPurchaseId.length > 200) {
    throw invalid('Invalid purchase reference', 'INVALID_INPUT');
  }
  await lockPurchase(trx, host, providerPurchaseId);
  const row = await trx.selectFrom('purchases').select(['id', 'product_id', 'tripcoins', 'user_id', 'status', 'taken_back'])
    .where('host', '=', host).where('provider_purchase_id', '=', providerPurchaseId).executeTakeFirst();
  if (!row) {
    await trx.insertInto('purchase_refunds_before_grant').values({ host, provider_purchase_id: providerPurchaseId, reason })
      .onConflict((oc) => oc.columns(['host', 'provider_purchase_id']).doNothing()).execute();
    return { reversed: false, debt: 0 };
  }
  const player = playerAccount(row.user_id);
  if (row.status === 'reversed') return { reversed: false, debt: tc(debtOf(await coinBalance(trx, player))) };

  // What a partial refund already took back is not taken twice.
  const amount = toBigInt(row.tripcoins) - toBigInt(row.taken_back);
  if (amount <= 0n) return { reversed: false, debt: tc(debtOf(await coinBalance(trx, player))) };
  const txId = randomUUID();
  // The one way a player's balance may go below zero (the CHECK on coin_balances): by what this
  // reversal takes back. The player's row comes first in the ledger's lock order anyway.
  await trx.updateTable('coin_balances').set({ debt_limit: sql`debt_limit + ${amount.toString()}::bigint` }).where('account_id', '=', player).execute();
  const posted = await postReturning(trx, {
    reason: PURCHASE_REVERSAL_REASON, ref: `${host}:${providerPurchaseId}`.slice(0, 250), txId, overdraw: [player],
    legs: [{ asset: COINS, from: player, to: revenueAccount(host), amount }],
  });
  const after = balanceAfter(posted, player, COINS);
  const debt = debtOf(after);
  // What this reversal could not take from the balance the player held before it.
  const owedFromThis = debt < amount ? debt : amount;
  await trx.updateTable('purchases')
    .set({ status: 'reversed', reversed_at: sql`now()`, reversal_tx_id: txId, reversal_reason: reason, reversal_debt: owedFromThis.toString() })
    .where('id', '=', row.id).execute();
  await publishLiveEvent(trx, row.user_id, {
    type: 'purchaseReversed', purchaseId: row.id, productId: row.product_id, tripcoins: Number(toBigInt(row.tripcoins) / TC_SCALE), host, balance: tc(after), debt: tc(debt),
  });
  note(trx, { kind: 'reversed', host });
  return { reversed: true, debt: tc(debt) };
}

const debtOf = (balance: bigint) => (balance < 0n ? -balance : 0n);

/** Takes from the player (overdrawing them by no more than it takes) and credits the host's revenue. */
async function takeFromPlayer(trx: Trx, userId: string, host: PurchaseHost, providerPurchaseId: string, amount: bigint): Promise<bigint> {
  const player = playerAccount(userId);
  await trx.updateTable('coin_balances').set({ debt_limit: sql`debt_limit + ${amount.toString()}::bigint` }).where('account_id', '=', player).execute();
  const posted = await postReturning(trx, {
    reason: PURCHASE_REVERSAL_REASON, ref: `${host}:${providerPurchaseId}`.slice(0, 250), txId: randomUUID(), overdraw: [player],
    legs: [{ asset: COINS, from: player, to: revenueAccount(host), amount }],
  });
  return balanceAfter(posted, player, COINS);
}

/**
 * A partial refund: of the purchase's hundredths, `part` of `whole` (the provider's refunded and
 * charged amounts, cumulative) is taken back in all, rounded down (in the player's favour); a
 * second partial refund takes only what the first did not. The whole refunded is a reversal.
 * Nothing for a purchase not granted here or already reversed.
 */
export async function reversePurchasePart(trx: Trx, host: PurchaseHost, providerPurchaseId: string, part: number, whole: number, reason: ReversalReason): Promise<{ takenBack: number; reversed: boolean; debt: number }> {
  if (!Number.isSafeInteger(part) || !Number.isSafeInteger(whole) || whole <= 0 || part < 0) throw invalid('Invalid refund amount', 'INVALID_INPUT');
  if (part >= whole) {
    const full = await reversePurchase(trx, host, providerPurchaseId, reason);
    return { takenBack: 0, ...full };
  }
  await lockPurchase(trx, host, providerPurchaseId);
  const row = await trx.selectFrom('purchases').select(['user_id', 'tripcoins', 'taken_back', 'status'])
    .where('host', '=', host).where('provider_purchase_id', '=', providerPurchaseId).executeTakeFirst();
  if (!row || row.status === 'reversed') return { takenBack: 0, reversed: false, debt: 0 };
  const target = (toBigInt(row.tripcoins) * BigInt(part)) / BigInt(whole);
  const delta = target - toBigInt(row.taken_back);
  if (delta <= 0n) return { takenBack: 0, reversed: false, debt: tc(debtOf(await coinBalance(trx, playerAccount(row.user_id)))) };
  const after = await takeFromPlayer(trx, row.user_id, host, providerPurchaseId, delta);
  await trx.updateTable('purchases').set({ taken_back: target.toString() })
    .where('host', '=', host).where('provider_purchase_id', '=', providerPurchaseId).execute();
  note(trx, { kind: 'reversed', host });
  return { takenBack: tc(delta), reversed: false, debt: tc(debtOf(after)) };
}

/** A chargeback the studio won: the pack the dispute took back is given back (what a partial
 * refund took before stays taken), once; nothing for any other reversal. */
export async function restorePurchase(trx: Trx, host: PurchaseHost, providerPurchaseId: string): Promise<{ restored: boolean; balance: number }> {
  await lockPurchase(trx, host, providerPurchaseId);
  const row = await trx.selectFrom('purchases').select(['id', 'product_id', 'tripcoins', 'user_id', 'status', 'reversal_reason', 'taken_back'])
    .where('host', '=', host).where('provider_purchase_id', '=', providerPurchaseId).executeTakeFirst();
  if (!row || row.status !== 'reversed' || row.reversal_reason !== 'chargeback') {
    await trx.deleteFrom('purchase_refunds_before_grant').where('host', '=', host).where('provider_purchase_id', '=', providerPurchaseId).where('reason', '=', 'chargeback').execute();
    return { restored: false, balance: row ? tc(await coinBalance(trx, playerAccount(row.user_id))) : 0 };
  }
  const amount = toBigInt(row.tripcoins) - toBigInt(row.taken_back);
  const revenue = revenueAccount(host);
  const posted = await postReturning(trx, {
    reason: PURCHASE_REASON, ref: `${host}:${providerPurchaseId}`.slice(0, 250), txId: randomUUID(), openPlayers: [row.user_id],
    legs: [{ asset: COINS, from: revenue, to: playerAccount(row.user_id), amount }],
  });
  const balance = tc(balanceAfter(posted, playerAccount(row.user_id), COINS));
  await trx.updateTable('purchases').set({ status: 'granted', reversed_at: null, reversal_tx_id: null, reversal_reason: null, reversal_debt: '0' }).where('id', '=', row.id).execute();
  const tripcoins = Number(toBigInt(row.tripcoins) / TC_SCALE);
  await publishLiveEvent(trx, row.user_id, { type: 'purchaseGranted', purchaseId: row.id, productId: row.product_id, tripcoins, host, balance });
  note(trx, { kind: 'granted', host, outcome: 'restored' });
  return { restored: true, balance };
}

/** What a player owes from refunded purchases, in hundredths (0 when their balance is not below zero). */
export async function debtOfPlayer(db: Executor, userId: string): Promise<bigint> {
  return debtOf(await coinBalance(db, playerAccount(userId)));
}

/** PLAYER_IN_DEBT refusal (a DomainError 'forbidden' with code PLAYER_IN_DEBT) when the player's balance is below zero; called by transfer, list, sell/buy-listing-as-seller, coin flip create/accept, bridge. */
export async function refuseWhileInDebt(trx: Executor, userId: string): Promise<void> {
  if ((await coinBalance(trx, playerAccount(userId))) < 0n) throw forbidden(PURCHASE_TEXT.playerInDebt, 'PLAYER_IN_DEBT');
}

/** The provider's purchase id of our purchase with this reference (the web's payment intent). */
export async function purchaseOfProviderRef(db: Executor, host: PurchaseHost, providerRef: string): Promise<string | null> {
  const row = await db.selectFrom('purchases').select('provider_purchase_id').where('host', '=', host).where('provider_ref', '=', providerRef).executeTakeFirst();
  return row?.provider_purchase_id ?? null;
}
