// The providers' webhooks: server to server, no cookie, never a browser's. Each body is read raw
// (the signature covers the exact bytes; this plugin's own content-type parser, scoped to it),
// its signature checked first, then its age and whether it is for our application or project.
// Every refusal answers 400/401 with a code, is logged, and counted by host and outcome; a valid
// event answers 2xx even when its purchase was granted already (a duplicate grants nothing: the
// ledger service keys each grant by the provider's purchase id).
// Xsolla's webhook is xsollaWebhook.ts: it answers in Xsolla's own documented error body.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PurchaseHost } from '../../contract/purchases';
import { HttpError, unavailable } from '../errors';
import type { Purchases } from '../services/purchases/purchases';
import { discordSignatureValid, DiscordWebhookBody, Entitlement } from '../providers/discordStore';
import { ProviderError } from '../providers/providerFetch';
import { isOurSession, settleEntitlementSighting, settleWebCharge, settleWebSession } from '../services/purchases/settle';
import { purchaseContext } from '../services/purchases/purchases';
import { recordSighting } from '../services/purchases/sightings';
import { CheckoutSession, WebhookSignatureError } from '../providers/webCheckout';
import { PURCHASE_ROUTE_TEXT } from './purchases';
import { routeTransactions } from '../route';
import { discordDeauthorized } from '../services/accounts/deletion';

/** Discord's "Application Deauthorized" event data (Discord Developer Documentation, "Webhook
 * Events"): the user who removed the application. */
const DeauthorizedUser = z.object({ user: z.object({ id: z.string().regex(/^\d{1,25}$/) }) });
import { xsollaWebhook } from './xsollaWebhook';

export const WEBHOOK_PREFIX = '/api/webhooks/';

/** The webhooks' work still running after their answers, in this process. */
const afterAnswerRunning = new Set<Promise<void>>();
/** Resolves once every webhook's after-answer work has ended (tests; closing waits for it too). */
export async function webhookWorkDone(): Promise<void> {
  while (afterAnswerRunning.size) await Promise.allSettled([...afterAnswerRunning]);
}

type Outcome = 'badSignature' | 'stale' | 'otherApp' | 'invalid';
const REFUSAL: Record<Outcome, [number, string, string]> = {
  badSignature: [401, 'The webhook signature is not valid', 'WEBHOOK_SIGNATURE'],
  stale: [401, 'The webhook is too old (or from the future): a replay is refused', 'WEBHOOK_STALE'],
  otherApp: [400, 'The webhook is for another application or project', 'WEBHOOK_OTHER_APP'],
  invalid: [400, 'The webhook body is not one this endpoint reads', 'INVALID_INPUT'],
};

function json(raw: Buffer): unknown {
  try { return JSON.parse(raw.toString('utf8')); } catch { return undefined; }
}

export async function webhookRoutes(app: FastifyInstance): Promise<void> {
  // Raw bytes for every content type, in this plugin only (the rest of the API parses JSON).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => { done(null, body); });

  const refuse = (request: FastifyRequest, host: PurchaseHost, outcome: Outcome, why?: string): never => {
    app.purchases?.webhooks.inc({ host, outcome });
    app.log.warn({ host, outcome, why, ip: request.ip }, 'purchase webhook refused');
    const [status, message, code] = REFUSAL[outcome];
    throw new HttpError(status, message, code);
  };
  const taken = (reply: FastifyReply, host: PurchaseHost, outcome = 'ok') => {
    app.purchases?.webhooks.inc({ host, outcome });
    return reply.code(204).send();
  };
  const need = <K extends 'discord' | 'xsolla' | 'web'>(key: K): Purchases & { [k in K]: NonNullable<Purchases[k]> } => {
    const p = app.purchases;
    if (!p?.[key]) throw unavailable(PURCHASE_ROUTE_TEXT.notConfigured, 'PURCHASES_NOT_CONFIGURED');
    return p as Purchases & { [k in K]: NonNullable<Purchases[k]> };
  };
  const rawOf = (request: FastifyRequest): Buffer => (Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));
  /** A provider that cannot be asked now: 503, so the provider sends the webhook again later. */
  const orLater = async <T>(run: () => Promise<T>): Promise<T> => {
    try { return await run(); } catch (error) {
      if (error instanceof ProviderError) throw unavailable(PURCHASE_ROUTE_TEXT.providerUnavailable, 'PROVIDER_UNAVAILABLE');
      throw error;
    }
  };
  const schema = { hide: false, tags: ['webhooks'] };
  /** A webhook's transactions are the route layer's (settling opens several, outside calls between). */
  const transactions = routeTransactions(app);
  /** Work a webhook does after its answer (setImmediate: the reply is flushed first); closing the
   * app waits for it, and anything it leaves undone is the reconcile job's. */
  const running = afterAnswerRunning;
  const afterAnswer = (work: () => Promise<void>) => {
    const done: Promise<void> = new Promise<void>((resolve) => { setImmediate(resolve); })
      .then(work).catch((error: unknown) => { app.log.warn({ err: error }, 'webhook work after the answer failed'); })
      .finally(() => { running.delete(done); });
    running.add(done);
  };
  app.addHook('onClose', async () => { await Promise.allSettled([...running]); });

  app.post(`${WEBHOOK_PREFIX}discord`, { schema: { ...schema, summary: "Discord's webhook events" } }, async (request, reply) => {
    const p = need('discord');
    const raw = rawOf(request);
    const signature = String(request.headers['x-signature-ed25519'] ?? '');
    const timestamp = String(request.headers['x-signature-timestamp'] ?? '');
    if (!/^\d{1,12}$/.test(timestamp) || !discordSignatureValid(p.discord.publicKey, timestamp, raw, signature)) refuse(request, 'discord', 'badSignature');
    if (Math.abs(Date.now() / 1000 - Number(timestamp)) > app.config.WEBHOOK_MAX_AGE_S) refuse(request, 'discord', 'stale', timestamp);
    const body = DiscordWebhookBody.safeParse(json(raw));
    if (!body.success) return refuse(request, 'discord', 'invalid');
    if (body.data.application_id !== p.discord.store.applicationId) refuse(request, 'discord', 'otherApp', body.data.application_id);
    const event = body.data.event;
    if (body.data.type === 0 || !event) return taken(reply, 'discord', 'ping');
    // Discord wants 204 within 3 seconds ("Webhook Events"): each event is kept (if it can grant)
    // and answered at once; the grant and the consume call run after the answer. A process that
    // dies in between leaves the sighting open, and the reconcile job settles it.
    switch (event.type) {
      case 'ENTITLEMENT_CREATE':
      case 'ENTITLEMENT_UPDATE':
      case 'ENTITLEMENT_DELETE': {
        const entitlement = Entitlement.safeParse(event.data);
        if (!entitlement.success) return refuse(request, 'discord', 'invalid');
        const seen = event.type === 'ENTITLEMENT_DELETE' ? { ...entitlement.data, deleted: true } : entitlement.data;
        if (!seen.deleted) await recordSighting(app.db, 'discord', seen.id, seen);
        afterAnswer(async () => { await settleEntitlementSighting(purchaseContext(app, p, transactions), seen); });
        return taken(reply, 'discord');
      }
      case 'APPLICATION_DEAUTHORIZED': {
        const deauthorized = DeauthorizedUser.safeParse(event.data);
        if (!deauthorized.success) return refuse(request, 'discord', 'invalid');
        await transactions((trx) => discordDeauthorized(trx, deauthorized.data.user.id, app.config.DELETED_NAME_HOLD_DAYS));
        return taken(reply, 'discord', 'deauthorized');
      }
      default:
        return taken(reply, 'discord', 'ignored');
    }
  });

  app.post(`${WEBHOOK_PREFIX}xsolla`, { schema: { ...schema, summary: "Xsolla's webhooks" } }, async (request, reply) => xsollaWebhook(app, request, reply));

  app.post(`${WEBHOOK_PREFIX}web`, { schema: { ...schema, summary: "The web checkout's webhook events" } }, async (request, reply) => {
    const p = need('web');
    let event;
    try {
      event = p.web.verifiedEvent(rawOf(request), request.headers['stripe-signature'] as string | undefined, app.config.WEBHOOK_MAX_AGE_S);
    } catch (error) {
      if (!(error instanceof WebhookSignatureError)) throw error;
      return refuse(request, 'web', /timestamp outside the tolerance/i.test(error.message) ? 'stale' : 'badSignature', error.message);
    }
    const object = event.data?.object ?? {};
    if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
      const session = CheckoutSession.safeParse(object);
      if (!session.success) return refuse(request, 'web', 'invalid');
      // A session another integration of the same account created carries none of our fields:
      // answered 2xx ("Receive Stripe events": anything else is retried for days), and left alone.
      if (!isOurSession(session.data)) return taken(reply, 'web', 'otherIntegration');
      await settleWebSession(purchaseContext(app, p, transactions), session.data, null);
      return taken(reply, 'web');
    }
    if (event.type === 'charge.refunded' || event.type === 'charge.dispute.created' || event.type === 'charge.dispute.closed') {
      const outcome = await orLater(() => settleWebCharge(purchaseContext(app, p, transactions), event.type, object));
      if (outcome === 'invalid') return refuse(request, 'web', 'invalid', 'no payment_intent or amounts');
      return taken(reply, 'web', outcome === 'notOurs' ? 'otherIntegration' : 'ok');
    }
    return taken(reply, 'web', 'ignored');
  });
}
