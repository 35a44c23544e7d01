// What each host's confirmed purchase becomes, whoever saw it first (the player's own call after
// the purchase flow, a webhook, the reconcile job): checks that it is ours and the player's, then
// one grant by the ledger service (keyed by the provider's purchase id: a second sighting grants
// nothing), then the consume call once the grant is committed (a failed consume is left to the
// consume job, never granted again). A refund of any kind reverses the grant.
import type { FastifyInstance } from 'fastify';
import type { PurchaseHost } from '../../../contract/purchases';
import { hundredthsToNumber } from '../../../contract/money';
import { inTransaction } from '../../db/tx';
import { coinBalance } from '../economy/balances';
import { playerAccount } from '../economy/ledger';
import { settleSighting, sightingFailed } from './sightings';
import type { Purchases } from '../../plugins/purchaseProviders';
import { ENTITLEMENT_TEST_MODE, GRANTING_ENTITLEMENTS, type Entitlement } from '../../providers/discordStore';
import type { ConfirmedPurchase, PurchaseGrant, ReverseReason } from './purchaseService';
import type { CheckoutSession } from '../../providers/webCheckout';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Settled {
  granted: PurchaseGrant[]; balances: Map<string, number>;
  /** Why each skipped sighting granted nothing; how many grants were new (not duplicates). */
  skipped?: Map<string, Skip>; fresh?: number;
}

/** Why a sighting granted nothing (logged and counted; never an error to the sender). */
export type Skip = 'otherApp' | 'otherUser' | 'testMode' | 'notConsumable' | 'unknownSku' | 'unknownPlayer' | 'unpaid';

export async function playerBalance(app: FastifyInstance, userId: string): Promise<number> {
  return hundredthsToNumber(await coinBalance(app.db, playerAccount(userId)));
}

/** One grant in its own transaction, then the consume call when the provider needs one. */
async function grantAndConsume(app: FastifyInstance, p: Purchases, confirmed: ConfirmedPurchase, consume: () => Promise<void>, settled: Settled, reportAlways: boolean): Promise<void> {
  const { service } = p;
  const result = await inTransaction(app.db, (trx) => service.grantPurchase(trx, service.products, confirmed));
  // A purchase refunded before it was ever granted grants nothing and is no grant to report.
  const refunded = 'refunded' in result && result.refunded === true;
  p.steps.inc({ host: confirmed.host, step: 'grant', outcome: refunded ? 'refunded' : result.granted ? 'granted' : 'duplicate' });
  if (!refunded && (result.granted || reportAlways)) settled.granted.push(result.grant);
  if (result.granted) settled.fresh = (settled.fresh ?? 0) + 1;
  settled.balances.set(confirmed.userId, result.balance);
  if (!confirmed.needsConsume) return;
  await consumeNow(app, p, confirmed.host, confirmed.providerPurchaseId, consume);
}

/** A consume call, its outcome kept by the service (the job retries a failed one). */
export async function consumeNow(app: FastifyInstance, p: Purchases, host: PurchaseHost, providerPurchaseId: string, consume: () => Promise<void>): Promise<boolean> {
  try {
    await consume();
  } catch (error) {
    p.steps.inc({ host, step: 'consume', outcome: 'failed' });
    app.log.warn({ host, providerPurchaseId, err: (error as Error).message }, 'purchase consume failed; the consume job retries it');
    await p.service.markConsumeFailed(app.db, host, providerPurchaseId, (error as Error).message.slice(0, 500));
    return false;
  }
  await p.service.markConsumed(app.db, host, providerPurchaseId);
  p.steps.inc({ host, step: 'consume', outcome: 'consumed' });
  return true;
}

export async function reverse(app: FastifyInstance, p: Purchases, host: PurchaseHost, providerPurchaseId: string, reason: ReverseReason): Promise<void> {
  const result = await inTransaction(app.db, (trx) => p.service.reversePurchase(trx, host, providerPurchaseId, reason));
  p.steps.inc({ host, step: 'refund', outcome: result.reversed ? 'reversed' : 'duplicate' });
}

function skipped(app: FastifyInstance, p: Purchases, host: PurchaseHost, id: string, why: Skip, settled?: Settled): void {
  p.steps.inc({ host, step: 'confirm', outcome: why });
  if (settled) (settled.skipped ??= new Map()).set(id, why);
  app.log.warn({ host, providerPurchaseId: id, why }, 'purchase sighting granted nothing');
}

/**
 * Discord entitlements as listed or sent by Discord. `discordUserId`: the signed-in player's
 * linked Discord id (their own call), or null (webhook, reconcile: each entitlement's user).
 */
export async function settleEntitlements(app: FastifyInstance, p: Purchases, entitlements: Entitlement[], discordUserId: string | null): Promise<Settled> {
  const settled: Settled = { granted: [], balances: new Map() };
  const discord = p.discord;
  if (!discord) return settled;
  for (const e of entitlements) {
    const skip = (why: Skip) => skipped(app, p, 'discord', e.id, why, settled);
    if (e.application_id !== discord.store.applicationId) { skip('otherApp'); continue; }
    if (discordUserId !== null && e.user_id !== discordUserId) { skip('otherUser'); continue; }
    if (e.type === ENTITLEMENT_TEST_MODE && !app.config.DISCORD_TEST_ENTITLEMENTS) { skip('testMode'); continue; }
    // Bought, or a gift (by a player or by us) naming the recipient as user_id: each is one pack
    // in that player's hands, granted and consumed alike (an unconsumed one blocks the SKU).
    if (!GRANTING_ENTITLEMENTS.has(e.type) && e.type !== ENTITLEMENT_TEST_MODE) { skip('notConsumable'); continue; }
    const product = p.service.productForHostSku(p.service.products, 'discord', e.sku_id);
    if (!product) { skip('unknownSku'); continue; }
    if (e.deleted) { await reverse(app, p, 'discord', e.id, 'entitlementDeleted'); continue; }
    const owner = e.user_id ? await app.db.selectFrom('users').select('id').where('discord_id', '=', e.user_id).executeTakeFirst() : undefined;
    if (!owner) { skip('unknownPlayer'); continue; }
    const consumed = e.consumed === true;
    await grantAndConsume(app, p, {
      host: 'discord', providerPurchaseId: e.id, userId: owner.id, productId: product.id,
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
export async function settleEntitlementSighting(app: FastifyInstance, p: Purchases, e: Entitlement): Promise<number> {
  try {
    const settled = await settleEntitlements(app, p, [e], null);
    if (settled.skipped?.get(e.id) === 'unknownPlayer') await sightingFailed(app.db, 'discord', e.id, 'no player has linked this Discord account yet');
    else await settleSighting(app.db, 'discord', e.id);
    return settled.fresh ?? 0;
  } catch (error) {
    app.log.warn({ host: 'discord', providerPurchaseId: e.id, err: (error as Error).message }, 'entitlement not settled; the reconcile job tries it again');
    await sightingFailed(app.db, 'discord', e.id, (error as Error).message).catch(() => undefined);
    return 0;
  }
}

/** A paid checkout session. `userId`: the signed-in player asking, or null (webhook). */
export async function settleWebSession(app: FastifyInstance, p: Purchases, session: CheckoutSession, userId: string | null): Promise<Settled> {
  const settled: Settled = { granted: [], balances: new Map() };
  const buyer = session.client_reference_id ?? null;
  if (!buyer || (userId !== null && buyer !== userId)) { skipped(app, p, 'web', session.id, 'otherUser'); return settled; }
  if (session.payment_status !== 'paid') { skipped(app, p, 'web', session.id, 'unpaid'); return settled; }
  const productId = session.metadata?.productId;
  const product = p.service.list.find((x) => x.id === productId && x.web);
  if (!product) { skipped(app, p, 'web', session.id, 'unknownSku'); return settled; }
  const owner = UUID.test(buyer) ? await app.db.selectFrom('users').select('id').where('id', '=', buyer).executeTakeFirst() : undefined;
  if (!owner) { skipped(app, p, 'web', session.id, 'unknownPlayer'); return settled; }
  await grantAndConsume(app, p, {
    host: 'web', providerPurchaseId: session.id, userId: owner.id, productId: product.id, needsConsume: false,
    ...(session.payment_intent ? { providerRef: session.payment_intent } : {}),
  }, async () => undefined, settled, true);
  return settled;
}

/** Whether a checkout session carries our fields (another integration's sessions do not). */
export const isOurSession = (session: CheckoutSession): boolean => Boolean(session.metadata?.productId && session.client_reference_id);

/** The checkout session a charge or dispute belongs to: our own row by its payment intent, else
 * Stripe's "List all Checkout Sessions" filtered by payment_intent. */
async function sessionIdOfIntent(app: FastifyInstance, p: Purchases, intent: string): Promise<string | null> {
  const row = await app.db.selectFrom('purchases').select('provider_purchase_id').where('host', '=', 'web').where('provider_ref', '=', intent).executeTakeFirst();
  if (row) return row.provider_purchase_id;
  const session = p.web ? await p.web.sessionOfPaymentIntent(intent) : null;
  return session && isOurSession(session) ? session.id : null;
}

/**
 * Stripe's after-payment events (Events: charge.refunded, charge.dispute.created,
 * charge.dispute.closed). A refund takes back the refunded part of the pack (amount_refunded of
 * amount, both cumulative, rounded down: in the player's favour); all of it is a reversal. A
 * dispute holds the whole pack (a reversal, the player's debt if spent); closed as `won` (or an
 * inquiry closed without a chargeback) gives it back; `lost` leaves it taken.
 */
export async function settleWebCharge(app: FastifyInstance, p: Purchases, type: string, object: Record<string, unknown>): Promise<'done' | 'notOurs' | 'invalid'> {
  const intent = typeof object.payment_intent === 'string' ? object.payment_intent : null;
  if (!intent) return 'invalid';
  const sessionId = await sessionIdOfIntent(app, p, intent);
  if (!sessionId) return 'notOurs';
  const service = p.service;
  if (type === 'charge.refunded') {
    const amount = Number(object.amount);
    const refunded = Number(object.amount_refunded);
    if (!Number.isSafeInteger(amount) || amount <= 0 || !Number.isSafeInteger(refunded) || refunded < 0) return 'invalid';
    const result = await inTransaction(app.db, (trx) => service.reversePurchasePart(trx, 'web', sessionId, refunded, amount, 'refund'));
    p.steps.inc({ host: 'web', step: 'refund', outcome: result.reversed ? 'reversed' : result.takenBack > 0 ? 'partial' : 'duplicate' });
  } else if (type === 'charge.dispute.created') {
    await reverse(app, p, 'web', sessionId, 'chargeback');
  } else if (type === 'charge.dispute.closed') {
    if (object.status !== 'won' && object.status !== 'warning_closed') return 'done';
    const result = await inTransaction(app.db, (trx) => service.restorePurchase(trx, 'web', sessionId));
    p.steps.inc({ host: 'web', step: 'dispute', outcome: result.restored ? 'restored' : 'duplicate' });
  }
  return 'done';
}
