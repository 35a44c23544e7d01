// The player's side of real-money packs: which packs this host sells, and the calls that settle
// a purchase the host's own flow just made (Discord's startPurchase, the portal's buyItem, the
// web checkout's return). Each asks the provider itself (never the client) and grants only what
// the provider confirms for this player; the outside calls run outside any transaction ('steps').
import type { FastifyInstance } from 'fastify';
import * as e from '../../contract/purchaseEndpoints';
import { CHECKOUT_CANCELLED, PURCHASE_HOSTS, type PurchaseHost } from '../../contract/purchases';
import { badRequest, forbidden, HttpError, retryLater, unavailable } from '../errors';
import { route } from '../route';
import type { Purchases } from '../services/purchases/purchases';
import { hostProductIdOf } from '../services/purchases/purchaseService';
import { ProviderError } from '../providers/providerFetch';
import { playerBalance, settleEntitlements, settleWebSession } from '../services/purchases/settle';
import { purchaseContext } from '../services/purchases/purchases';
import { providerIdOfUser } from '../services/accounts/providerIds';
import { recentGrants } from '../services/purchases/ledger';
import { allEntitlements } from '../providers/discordStore';
import { ProviderRateLimited } from '../providers/retryAfter';
import { webPurchaseRefunded } from '../services/purchases/sightings';
import { hit } from '../services/system/rateLimit';
import { HTTP_TEXT } from '../../contract/http';
import { ownOrigin } from '../http/origin';

const STEPS = { transaction: 'steps' } as const;
/** How far back the portal's confirm looks for the grant of a buyItem that just resolved. */
export const CONFIRM_WINDOW_MS = 5 * 60_000;

/** The refusals' texts (the shell shows its catalog's text for each code). */
export const PURCHASE_ROUTE_TEXT = {
  productUnknown: 'This TripCoin pack is not sold here',
  notConfigured: 'TripCoin packs are not sold on this host',
  signInRequired: 'Sign in with the portal to buy TripCoins',
  providerUnavailable: 'The store could not be reached. Please try again in a moment',
} as const;

function selling(app: FastifyInstance, host: PurchaseHost): Purchases {
  const p = app.purchases;
  if (!p?.sells(host)) throw unavailable(PURCHASE_ROUTE_TEXT.notConfigured, 'PURCHASES_NOT_CONFIGURED');
  return p;
}

/** A provider's failure as the player sees it: try again later (503), never a 500; a provider
 * that asked us to wait longer than a player should, 503 with its Retry-After. */
async function asking<T>(app: FastifyInstance, host: PurchaseHost, call: () => Promise<T>): Promise<T> {
  try {
    const answer = await call();
    app.metrics.providerAnswered(host, true);
    return answer;
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (error.status === 404) throw new HttpError(404, 'The store knows no such purchase', 'NOT_FOUND');
    app.metrics.providerAnswered(host, false);
    app.purchases?.steps.inc({ host, step: 'confirm', outcome: 'providerUnavailable' });
    app.log.warn({ host, err: error.message }, 'purchase provider unavailable');
    if (error instanceof ProviderRateLimited) throw retryLater(503, PURCHASE_ROUTE_TEXT.providerUnavailable, 'PROVIDER_UNAVAILABLE', error.retryAfterS);
    throw unavailable(PURCHASE_ROUTE_TEXT.providerUnavailable, 'PROVIDER_UNAVAILABLE');
  }
}

/** Each player's calls that ask a provider (with the studio's keys) are counted, all hosts
 * together, over a sliding minute in the database (every process shares it): past
 * PURCHASE_CALLS_PER_MINUTE, 429 with Retry-After. */
async function limitPlayer(app: FastifyInstance, userId: string): Promise<void> {
  if (!(await hit(app.db, `purchase:player:${userId}`, app.config.PURCHASE_CALLS_PER_MINUTE))) {
    app.purchases?.steps.inc({ host: 'web', step: 'limit', outcome: 'refused' });
    throw retryLater(429, HTTP_TEXT.rateLimited, 'RATE_LIMITED', 60);
  }
}

/** Each host's provider for the console: whether its keys are set, its last answer to this
 * process, and what the reconcile found since the process started. */
export function providerStatuses(app: FastifyInstance) {
  const p = app.purchases;
  const configured = { discord: Boolean(p?.discord), crazygames: Boolean(p?.xsolla), web: Boolean(p?.web) };
  return PURCHASE_HOSTS.map((host) => {
    const s = app.metrics.providerStatus.get(host);
    return {
      host, configured: configured[host], lastAnswer: s?.lastAnswer ?? null, lastAt: s?.lastAt?.toISOString() ?? null,
      reconcileGranted: s?.reconcileGranted ?? 0, reconcileReversed: s?.reconcileReversed ?? 0,
    };
  });
}

export async function purchaseRoutes(app: FastifyInstance): Promise<void> {
  route(app, e.purchaseProducts, async ({ query, request }) => {
    const host = query.host;
    if (host === 'poki') return { status: 'unavailable' as const, reason: 'hostHasNoPurchases' as const };
    const p = app.purchases;
    if (!p?.sells(host)) return { status: 'unavailable' as const, reason: 'notConfigured' as const };
    if (host === 'crazygames' && !request.user) return { status: 'unavailable' as const, reason: 'signInRequired' as const };
    const products = p.service.list.flatMap((product) => {
      const hostProductId = hostProductIdOf(product, host);
      if (!hostProductId) return [];
      const price = host === 'web' && product.web ? { price: { amountMinor: product.web.amountMinor, currency: product.web.currency } } : {};
      return [{ id: product.id, tripcoins: product.tripcoins, hostProductId, ...price }];
    });
    return { status: 'available' as const, host, products };
  });

  route(app, e.discordSync, async ({ user, transaction }) => {
    const p = selling(app, 'discord');
    await limitPlayer(app, user.id);
    const discordId = await providerIdOfUser(app.db, 'discord', user.id);
    if (!discordId) throw forbidden(PURCHASE_ROUTE_TEXT.notConfigured, 'PURCHASES_NOT_CONFIGURED');
    // Every page: a player with more than a page of entitlements (gifts, old purchases) has the
    // new one on a later page.
    const { list: entitlements } = await asking(app, 'discord', () => allEntitlements(p.discord!.store, { userId: discordId }, 10));
    const settled = await asking(app, 'discord', () => settleEntitlements(purchaseContext(app, p, transaction), entitlements, discordId));
    return { granted: settled.granted, balance: settled.balances.get(user.id) ?? await playerBalance(app.db, user.id) };
  }, STEPS);

  // After the portal's buyItem: what Xsolla's signed order_paid granted this player of the pack in
  // the last minutes. Nothing is asked of Xsolla (it documents no server call that names the
  // order of a buyItem); the shell also waits for the grant's live event.
  route(app, e.crazygamesConfirm, async ({ body, user }) => {
    const p = selling(app, 'crazygames');
    await limitPlayer(app, user.id);
    if (!(await providerIdOfUser(app.db, 'crazygames', user.id))) throw forbidden(PURCHASE_ROUTE_TEXT.signInRequired, 'SIGN_IN_REQUIRED');
    const product = p.service.list.find((x) => x.id === body.productId && x.crazygames);
    if (!product) throw badRequest(PURCHASE_ROUTE_TEXT.productUnknown, 'PRODUCT_UNKNOWN');
    const granted = await recentGrants(app.db, user.id, 'crazygames', product.id, CONFIRM_WINDOW_MS);
    return { granted, balance: await playerBalance(app.db, user.id) };
  }, STEPS);

  route(app, e.webCheckoutStart, async ({ body, user, request }) => {
    const p = selling(app, 'web');
    await limitPlayer(app, user.id);
    const product = p.service.list.find((x) => x.id === body.productId);
    if (!product?.web) throw badRequest(PURCHASE_ROUTE_TEXT.productUnknown, 'PRODUCT_UNKNOWN');
    const returnTo = app.config.WEB_CHECKOUT_RETURN_URL ?? `${app.config.PUBLIC_ORIGIN ?? ownOrigin(request)}/?purchase={SESSION}`;
    // {SESSION} is the provider's own placeholder for the session id ({CHECKOUT_SESSION_ID}).
    const successUrl = returnTo.replace('{SESSION}', '{CHECKOUT_SESSION_ID}');
    const cancelUrl = returnTo.replace('{SESSION}', CHECKOUT_CANCELLED);
    const priceId = product.web.priceId;
    const session = await asking(app, 'web', () => p.web!.createSession({ priceId, userId: user.id, productId: product.id, successUrl, cancelUrl }));
    if (!session.url) throw unavailable(PURCHASE_ROUTE_TEXT.providerUnavailable, 'PROVIDER_UNAVAILABLE');
    p.steps.inc({ host: 'web', step: 'checkout', outcome: 'created' });
    return { url: session.url, sessionId: session.id };
  }, STEPS);

  // A GET that may grant: the return page's poll settles a paid session whose webhook is late.
  route(app, e.webSession, async ({ params, user, transaction }) => {
    const p = selling(app, 'web');
    await limitPlayer(app, user.id);
    const session = await asking(app, 'web', () => p.web!.session(params.sessionId));
    if (session.client_reference_id !== user.id) throw new HttpError(404, 'No checkout session of yours has this id', 'NOT_FOUND');
    if (session.payment_status !== 'paid') return { status: session.status === 'expired' ? 'expired' as const : 'open' as const };
    // Paid, then refunded (or charged back): the session still says paid; our purchase says
    // reversed (or its refund came before the grant).
    if (await webPurchaseRefunded(app.db, session.id)) return { status: 'refunded' as const, balance: await playerBalance(app.db, user.id) };
    const settled = await asking(app, 'web', () => settleWebSession(purchaseContext(app, p, transaction), session, user.id));
    const grant = settled.granted[0];
    return { status: 'paid' as const, ...(grant ? { grant } : {}), balance: settled.balances.get(user.id) ?? await playerBalance(app.db, user.id) };
  });
}
