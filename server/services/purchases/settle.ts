// What each host's confirmed purchase becomes, whoever saw it first (the player's own call after
// the purchase flow, a webhook, the reconcile job): checks that it is ours and the player's, then
// one grant by the ledger service (keyed by the provider's purchase id: a second sighting grants
// nothing), then the consume call once the grant is committed (a failed consume is left to the
// consume job, never granted again). A refund of any kind reverses the grant. Each grant is its
// own transaction of the caller's (PurchaseContext): settlement never opens one.
import type { PurchaseHost } from '../../../contract/purchases';
import { hundredthsToNumber } from '../../../contract/money';
import type { Executor } from '../../db/tx';
import { existingUser, userByProviderId } from '../accounts/providerIds';
import { coinBalance } from '../economy/balances';
import { playerAccount } from '../economy/ledger';
import { settleSighting, sightingFailed } from './sightings';
import { purchaseOfProviderRef } from './ledger';
import type { PurchaseContext } from './purchases';
import { ENTITLEMENT_TEST_MODE, GRANTING_ENTITLEMENTS, type Entitlement } from '../../providers/discordStore';
import type { ConfirmedPurchase, PurchaseGrant, ReverseReason } from './purchaseService';
import type { CheckoutSession } from '../../providers/webCheckout';

export interface Settled {
  granted: PurchaseGrant[]; balances: Map<string, number>;
  /** Why each skipped sighting granted nothing; how many grants were new (not duplicates). */
  skipped?: Map<string, Skip>; fresh?: number;
}

/** Why a sighting granted nothing (logged and counted; never an error to the sender). */
export type Skip = 'otherApp' | 'otherUser' | 'testMode' | 'notConsumable' | 'unknownSku' | 'unknownPlayer' | 'unpaid';

export async function playerBalance(db: Executor, userId: string): Promise<number> {
  return hundredthsToNumber(await coinBalance(db, playerAccount(userId)));
}

/** One grant in its own transaction, then the consume call when the provider needs one. */
async function grantAndConsume(c: PurchaseContext, confirmed: ConfirmedPurchase, consume: () => Promise<void>, settled: Settled, reportAlways: boolean): Promise<void> {
  const { service } = c.purchases;
  const result = await c.transaction((trx) => service.grantPurchase(trx, service.products, confirmed));
  // A purchase refunded before it was ever granted grants nothing and is no grant to report.
  const refunded = 'refunded' in result && result.refunded === true;
  c.purchases.steps.inc({ host: confirmed.host, step: 'grant', outcome: refunded ? 'refunded' : result.granted ? 'granted' : 'duplicate' });
  if (!refunded && (result.granted || reportAlways)) settled.granted.push(result.grant);
  if (result.granted) settled.fresh = (settled.fresh ?? 0) + 1;
  settled.balances.set(confirmed.userId, result.balance);
  if (!confirmed.needsConsume) return;
  await consumeNow(c, confirmed.host, confirmed.providerPurchaseId, consume);
}

/** A consume call, its outcome kept by the service (the job retries a failed one). */
export async function consumeNow(c: PurchaseContext, host: PurchaseHost, providerPurchaseId: string, consume: () => Promise<void>): Promise<boolean> {
  try {
    await consume();
  } catch (error) {
    c.purchases.steps.inc({ host, step: 'consume', outcome: 'failed' });
    c.log.warn({ host, providerPurchaseId, err: (error as Error).message }, 'purchase consume failed; the consume job retries it');
    await c.purchases.service.markConsumeFailed(c.db, host, providerPurchaseId, (error as Error).message.slice(0, 500));
    return false;
  }
  await c.purchases.service.markConsumed(c.db, host, providerPurchaseId);
  c.purchases.steps.inc({ host, step: 'consume', outcome: 'consumed' });
  return true;
}

export async function reverse(c: PurchaseContext, host: PurchaseHost, providerPurchaseId: string, reason: ReverseReason): Promise<void> {
  const result = await c.transaction((trx) => c.purchases.service.reversePurchase(trx, host, providerPurchaseId, reason));
  c.purchases.steps.inc({ host, step: 'refund', outcome: result.reversed ? 'reversed' : 'duplicate' });
}

function skipped(c: PurchaseContext, host: PurchaseHost, id: string, why: Skip, settled?: Settled): void {
  c.purchases.steps.inc({ host, step: 'confirm', outcome: why });
  if (settled) (settled.skipped ??= new Map()).set(id, why);
  c.log.warn({ host, providerPurchaseId: id, why }, 'purchase sighting granted nothing');
}

/**
 * Discord entitlements as listed or sent by Discord. `discordUserId`: the signed-in player's
 * linked Discord id (their own call), or null (webhook, reconcile: each entitlement's user).
 */
export async function settleEntitlements(c: PurchaseContext, entitlements: Entitlement[], discordUserId: string | null): Promise<Settled> {
  const settled: Settled = { granted: [], balances: new Map() };
  const discord = c.purchases.discord;
  if (!discord) return settled;
  for (const e of entitlements) {
    const skip = (why: Skip) => skipped(c, 'discord', e.id, why, settled);
    if (e.application_id !== discord.store.applicationId) { skip('otherApp'); continue; }
    if (discordUserId !== null && e.user_id !== discordUserId) { skip('otherUser'); continue; }
    if (e.type === ENTITLEMENT_TEST_MODE && !c.discordTestEntitlements) { skip('testMode'); continue; }
    // Bought, or a gift (by a player or by us) naming the recipient as user_id: each is one pack
    // in that player's hands, granted and consumed alike (an unconsumed one blocks the SKU).
    if (!GRANTING_ENTITLEMENTS.has(e.type) && e.type !== ENTITLEMENT_TEST_MODE) { skip('notConsumable'); continue; }
    const product = c.purchases.service.productForHostSku(c.purchases.service.products, 'discord', e.sku_id);
    if (!product) { skip('unknownSku'); continue; }
    if (e.deleted) { await reverse(c, 'discord', e.id, 'entitlementDeleted'); continue; }
    const owner = e.user_id ? await userByProviderId(c.db, 'discord', e.user_id) : null;
    if (!owner) { skip('unknownPlayer'); continue; }
    const consumed = e.consumed === true;
    await grantAndConsume(c, {
      host: 'discord', providerPurchaseId: e.id, userId: owner, productId: product.id,
      needsConsume: !consumed, ...(e.type === ENTITLEMENT_TEST_MODE ? { testMode: true } : {}),
    }, () => discord.store.consume(e.id), settled, !consumed);
  }
  return settled;
}

/**
 * One entitlement Discord told us about (its webhook, or a sighting the reconcile takes up
 * again), settled and its sighting closed: granted, a duplicate, or nothing of ours. One that
 * names no player of ours yet, or that failed, stays open (the console shows it after minutes).
 */
export async function settleEntitlementSighting(c: PurchaseContext, e: Entitlement): Promise<number> {
  try {
    const settled = await settleEntitlements(c, [e], null);
    if (settled.skipped?.get(e.id) === 'unknownPlayer') await sightingFailed(c.db, 'discord', e.id, 'no player has linked this Discord account yet');
    else await settleSighting(c.db, 'discord', e.id);
    return settled.fresh ?? 0;
  } catch (error) {
    c.log.warn({ host: 'discord', providerPurchaseId: e.id, err: (error as Error).message }, 'entitlement not settled; the reconcile job tries it again');
    await sightingFailed(c.db, 'discord', e.id, (error as Error).message).catch(() => undefined);
    return 0;
  }
}

/** A paid checkout session. `userId`: the signed-in player asking, or null (webhook). */
export async function settleWebSession(c: PurchaseContext, session: CheckoutSession, userId: string | null): Promise<Settled> {
  const settled: Settled = { granted: [], balances: new Map() };
  const buyer = session.client_reference_id ?? null;
  if (!buyer || (userId !== null && buyer !== userId)) { skipped(c, 'web', session.id, 'otherUser'); return settled; }
  if (session.payment_status !== 'paid') { skipped(c, 'web', session.id, 'unpaid'); return settled; }
  const productId = session.metadata?.productId;
  const product = c.purchases.service.list.find((x) => x.id === productId && x.web);
  if (!product) { skipped(c, 'web', session.id, 'unknownSku'); return settled; }
  const owner = await existingUser(c.db, buyer);
  if (!owner) { skipped(c, 'web', session.id, 'unknownPlayer'); return settled; }
  await grantAndConsume(c, {
    host: 'web', providerPurchaseId: session.id, userId: owner, productId: product.id, needsConsume: false,
    ...(session.payment_intent ? { providerRef: session.payment_intent } : {}),
  }, async () => undefined, settled, true);
  return settled;
}

/** Whether a checkout session carries our fields (another integration's sessions do not). */
export const isOurSession = (session: CheckoutSession): boolean => Boolean(session.metadata?.productId && session.client_reference_id);

/** The checkout session a charge or dispute belongs to: our own row by its payment intent, else
 * Stripe's "List all Checkout Sessions" filtered by payment_intent. */
async function sessionIdOfIntent(c: PurchaseContext, intent: string): Promise<string | null> {
  const ours = await purchaseOfProviderRef(c.db, 'web', intent);
  if (ours) return ours;
  const session = c.purchases.web ? await c.purchases.web.sessionOfPaymentIntent(intent) : null;
  return session && isOurSession(session) ? session.id : null;
}

/**
 * Stripe's after-payment events (Events: charge.refunded, charge.dispute.created,
 * charge.dispute.closed). A refund takes back the refunded part of the pack (amount_refunded of
 * amount, both cumulative, rounded down: in the player's favour); all of it is a reversal. A
 * dispute holds the whole pack (a reversal, the player's debt if spent); closed as `won` (or an
 * inquiry closed without a chargeback) gives it back; `lost` leaves it taken.
 */
export async function settleWebCharge(c: PurchaseContext, type: string, object: Record<string, unknown>): Promise<'done' | 'notOurs' | 'invalid'> {
  const intent = typeof object.payment_intent === 'string' ? object.payment_intent : null;
  if (!intent) return 'invalid';
  const sessionId = await sessionIdOfIntent(c, intent);
  if (!sessionId) return 'notOurs';
  const service = c.purchases.service;
  if (type === 'charge.refunded') {
    const amount = Number(object.amount);
    const refunded = Number(object.amount_refunded);
    if (!Number.isSafeInteger(amount) || amount <= 0 || !Number.isSafeInteger(refunded) || refunded < 0) return 'invalid';
    const result = await c.transaction((trx) => service.reversePurchasePart(trx, 'web', sessionId, refunded, amount, 'refund'));
    c.purchases.steps.inc({ host: 'web', step: 'refund', outcome: result.reversed ? 'reversed' : result.takenBack > 0 ? 'partial' : 'duplicate' });
  } else if (type === 'charge.dispute.created') {
    await reverse(c, 'web', sessionId, 'chargeback');
  } else if (type === 'charge.dispute.closed') {
    if (object.status !== 'won' && object.status !== 'warning_closed') return 'done';
    const result = await c.transaction((trx) => service.restorePurchase(trx, 'web', sessionId));
    c.purchases.steps.inc({ host: 'web', step: 'dispute', outcome: result.restored ? 'restored' : 'duplicate' });
  }
  return 'done';
}
