// What each host's confirmed purchase becomes, whoever saw it first (the player's own call after
// the purchase flow, a webhook, the reconcile job): checks that it is ours and the player's, then
// one grant by the ledger service (keyed by the provider's purchase id: a second sighting grants
// nothing), then the consume call once the grant is committed (a failed consume is left to the
// consume job, never granted again). A refund of any kind reverses the grant.
import type { FastifyInstance } from 'fastify';
import type { PurchaseHost } from '../../contract/purchases';
import { hundredthsToNumber } from '../../contract/money';
import { inTransaction } from '../db/tx';
import { coinBalance } from '../services/economy/balances';
import { playerAccount } from '../services/economy/ledger';
import type { Purchases } from '../plugins/purchaseProviders';
import { ENTITLEMENT_PURCHASE, ENTITLEMENT_TEST_MODE, type Entitlement } from './discordStore';
import type { ConfirmedPurchase, PurchaseGrant, ReverseReason } from './purchaseService';
import type { CheckoutSession } from './webCheckout';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Settled { granted: PurchaseGrant[]; balances: Map<string, number> }

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

function skipped(app: FastifyInstance, p: Purchases, host: PurchaseHost, id: string, why: Skip): void {
  p.steps.inc({ host, step: 'confirm', outcome: why });
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
    if (e.application_id !== discord.store.applicationId) { skipped(app, p, 'discord', e.id, 'otherApp'); continue; }
    if (discordUserId !== null && e.user_id !== discordUserId) { skipped(app, p, 'discord', e.id, 'otherUser'); continue; }
    if (e.type === ENTITLEMENT_TEST_MODE && !app.config.DISCORD_TEST_ENTITLEMENTS) { skipped(app, p, 'discord', e.id, 'testMode'); continue; }
    if (e.type !== ENTITLEMENT_PURCHASE && e.type !== ENTITLEMENT_TEST_MODE) { skipped(app, p, 'discord', e.id, 'notConsumable'); continue; }
    const product = p.service.productForHostSku(p.service.products, 'discord', e.sku_id);
    if (!product) { skipped(app, p, 'discord', e.id, 'unknownSku'); continue; }
    if (e.deleted) { await reverse(app, p, 'discord', e.id, 'entitlementDeleted'); continue; }
    const owner = e.user_id ? await app.db.selectFrom('users').select('id').where('discord_id', '=', e.user_id).executeTakeFirst() : undefined;
    if (!owner) { skipped(app, p, 'discord', e.id, 'unknownPlayer'); continue; }
    const consumed = e.consumed === true;
    await grantAndConsume(app, p, {
      host: 'discord', providerPurchaseId: e.id, userId: owner.id, productId: product.id,
      needsConsume: !consumed, ...(e.type === ENTITLEMENT_TEST_MODE ? { testMode: true } : {}),
    }, () => discord.store.consume(e.id), settled, !consumed);
  }
  return settled;
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
  await grantAndConsume(app, p, { host: 'web', providerPurchaseId: session.id, userId: owner.id, productId: product.id, needsConsume: false },
    async () => undefined, settled, true);
  return settled;
}
