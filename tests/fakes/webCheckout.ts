// The web shop's payment provider, faked from Stripe's own documents: "The Checkout Session
// object", "Create a Checkout Session" (form-encoded, `Authorization: Bearer <secret key>`,
// Idempotency-Key honoured: "Idempotent requests"), "Retrieve a Checkout Session", "List all
// Checkout Sessions" (payment_intent, created[gte|gt|lte|lt], status, limit 1-100, starting_after;
// newest first, has_more), the Charge and Dispute objects in the events charge.refunded (partial:
// amount_refunded below amount), charge.dispute.created and charge.dispute.closed (status won or
// lost), and the signed webhook ("Receive Stripe events in your webhook endpoint": Stripe-Signature
// t=<unix>,v1=<hex HMAC-SHA256 of "t.body">). Anything else is a 404 kept in `undocumented`.
// Errors are Stripe's {error: {type, code?, message}}; a 429 is its rate limit ("Rate limits").
// Habits from the switches: webhook never, twice, late, out of order; 429 n times. The hosted pay
// page (Pay / Cancel, back to success_url / cancel_url) is the playground's, under /fake/checkout.
import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { defaultSwitches, fakeSecret, rateLimited, readBody, sendJson, sendWebhook, switchesRequest, type FakeSwitches, type WebhookDelivery, type WebhookTarget } from './purchaseKit';

export interface FakeSession {
  id: string; object: 'checkout.session'; url: string; status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid'; client_reference_id: string | null; payment_intent: string | null;
  metadata: Record<string, string>; success_url: string; cancel_url: string; mode: 'payment';
  line_items: Array<{ price: string; quantity: number }>;
  created: number; amount_total: number; currency: string;
}

export interface FakeCheckout {
  secretKey: string;
  webhookSecret: string;
  switches: FakeSwitches;
  webhookTarget: WebhookTarget | null;
  sessions: Map<string, FakeSession>;
  /** Where the pay pages are served (the playground's /fake/checkout). */
  pageBase: string;
  pay(sessionId: string): Promise<FakeSession | null>;
  /** A refund of `amount` minor units (all of what is left when not given): charge.refunded. */
  refund(sessionId: string, amount?: number): Promise<boolean>;
  /** The buyer's bank disputes the charge: charge.dispute.created. */
  dispute(sessionId: string): Promise<boolean>;
  /** The dispute ends: charge.dispute.closed with status won or lost. */
  closeDispute(sessionId: string, status: 'won' | 'lost'): Promise<boolean>;
  /** Requests to paths or methods Stripe does not document (or we do not use), in order. */
  undocumented: string[];
  /** What a price costs (minor units), for amount_total and the charge's amount. */
  prices: Map<string, number>;
  signed(body: unknown, options?: { timestamp?: number; secret?: string }): WebhookDelivery;
  api(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<boolean>;
  /** /fake/checkout/<path>: the pay page and its buttons, switches, sessions. */
  control(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function createFakeCheckout(options: { pageBase?: string; webhookTarget?: WebhookTarget | null } = {}): FakeCheckout {
  const c: FakeCheckout = {
    secretKey: `sk_test_${fakeSecret('checkout')}`, webhookSecret: `whsec_${fakeSecret('checkout')}`,
    switches: defaultSwitches(), webhookTarget: options.webhookTarget ?? null, sessions: new Map(), pageBase: options.pageBase ?? '',
    undocumented: [], prices: new Map(),
    signed(body, o = {}) {
      const t = o.timestamp ?? Math.floor(Date.now() / 1000);
      const text = JSON.stringify(body);
      const v1 = createHmac('sha256', o.secret ?? c.webhookSecret).update(`${t}.${text}`).digest('hex');
      return { headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': `t=${t},v1=${v1}`, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' }, body: text };
    },
    async pay(sessionId) {
      const s = c.sessions.get(sessionId);
      if (!s || s.status !== 'open') return null;
      s.status = 'complete'; s.payment_status = 'paid'; s.payment_intent = id('pi');
      await event('checkout.session.completed', { ...s });
      return s;
    },
    async refund(sessionId, amount) {
      const s = c.sessions.get(sessionId);
      if (!s?.payment_intent) return false;
      const charge = chargeOf(s);
      charge.amount_refunded = Math.min(charge.amount, charge.amount_refunded + (amount ?? charge.amount - charge.amount_refunded));
      charge.refunded = charge.amount_refunded === charge.amount;
      await event('charge.refunded', { ...charge });
      return true;
    },
    async dispute(sessionId) {
      const s = c.sessions.get(sessionId);
      if (!s?.payment_intent) return false;
      const charge = chargeOf(s);
      disputes.set(sessionId, { id: id('dp'), object: 'dispute', amount: charge.amount, charge: charge.id, payment_intent: s.payment_intent, currency: s.currency, reason: 'fraudulent', status: 'needs_response' });
      await event('charge.dispute.created', { ...disputes.get(sessionId) });
      return true;
    },
    async closeDispute(sessionId, status) {
      const d = disputes.get(sessionId);
      if (!d) return false;
      d.status = status;
      await event('charge.dispute.closed', { ...d });
      return true;
    },
    async api(req, res, path, query) {
      const notDocumented = () => { c.undocumented.push(`${req.method} ${path}`); return sendJson(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } }); };
      const one = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
      const list = path === '/v1/checkout/sessions';
      if (!((list && (req.method === 'POST' || req.method === 'GET')) || (one && req.method === 'GET'))) return notDocumented();
      if (rateLimited(res, c.switches, 1, { error: { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests hit the API too quickly.' } })) return true;
      if (req.headers.authorization !== `Bearer ${c.secretKey}`) return sendJson(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      if (req.method === 'POST') {
        const key = String(req.headers['idempotency-key'] ?? '');
        const before = key ? idempotent.get(key) : undefined;
        if (before) return sendJson(res, 200, before);
        const form = new URLSearchParams(await readBody(req));
        const price = form.get('line_items[0][price]');
        const success = form.get('success_url');
        const cancel = form.get('cancel_url');
        if (form.get('mode') !== 'payment' || !price || !success || !cancel) return sendJson(res, 400, { error: { type: 'invalid_request_error', message: 'mode=payment, line_items[0][price], success_url and cancel_url are required' } });
        const metadata: Record<string, string> = {};
        for (const [k, v] of form) { const m = /^metadata\[(\w+)\]$/.exec(k); if (m) metadata[m[1]!] = v; }
        const sessionId = id('cs_test');
        const quantity = Number(form.get('line_items[0][quantity]') ?? 1);
        const s: FakeSession = {
          id: sessionId, object: 'checkout.session', url: `${c.pageBase}/pay/${sessionId}`, status: 'open', payment_status: 'unpaid',
          client_reference_id: form.get('client_reference_id'), payment_intent: null, metadata, success_url: success, cancel_url: cancel,
          mode: 'payment', line_items: [{ price, quantity }], created: Math.floor(Date.now() / 1000), amount_total: (c.prices.get(price) ?? 499) * quantity, currency: 'usd',
        };
        c.sessions.set(sessionId, s);
        if (key) idempotent.set(key, s);
        return sendJson(res, 200, s);
      }
      if (one) {
        const s = c.sessions.get(decodeURIComponent(one[1]!));
        return s ? sendJson(res, 200, s) : sendJson(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such checkout.session' } });
      }
      const documented = /^(payment_intent|limit|starting_after|ending_before|status|customer|payment_link|subscription|created(\[(gte|gt|lte|lt)\])?)$/;
      const unknownParam = [...query.keys()].find((k) => !documented.test(k));
      if (unknownParam) { c.undocumented.push(`GET ${path}?${unknownParam}`); return sendJson(res, 400, { error: { type: 'invalid_request_error', message: `Received unknown parameter: ${unknownParam}` } }); }
      const limit = query.has('limit') ? Number(query.get('limit')) : 10;
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) return sendJson(res, 400, { error: { type: 'invalid_request_error', message: 'Invalid integer: limit' } });
      const n = (k: string) => (query.has(k) ? Number(query.get(k)) : null);
      const [gte, gt, lte, lt] = [n('created[gte]'), n('created[gt]'), n('created[lte]'), n('created[lt]')];
      const intent = query.get('payment_intent');
      const status = query.get('status');
      let all = [...c.sessions.values()]
        .filter((s) => (!intent || s.payment_intent === intent) && (!status || s.status === status)
          && (gte === null || s.created >= gte) && (gt === null || s.created > gt) && (lte === null || s.created <= lte) && (lt === null || s.created < lt))
        .reverse(); // newest first
      const after = query.get('starting_after');
      if (after) { const at = all.findIndex((s) => s.id === after); all = at < 0 ? [] : all.slice(at + 1); }
      return sendJson(res, 200, { object: 'list', url: '/v1/checkout/sessions', data: all.slice(0, limit), has_more: all.length > limit });
    },
    async control(req, res, path) {
      if (req.method === 'POST' && path === '/switches') return switchesRequest(req, res, c.switches, (sid) => c.refund(sid));
      if (req.method === 'POST' && path === '/dispute') {
        let b: { sessionId?: unknown; close?: unknown } = {};
        try { b = JSON.parse(await readBody(req) || '{}') as typeof b; } catch { return sendJson(res, 400, { error: 'JSON body' }); }
        const sid = typeof b.sessionId === 'string' ? b.sessionId : '';
        const done = b.close === 'won' || b.close === 'lost' ? await c.closeDispute(sid, b.close) : await c.dispute(sid);
        return done ? sendJson(res, 200, { ok: true }) : sendJson(res, 404, { error: `no paid session ${sid}` });
      }
      if (req.method === 'GET' && path === '/sessions') return sendJson(res, 200, [...c.sessions.values()]);
      const page = /^\/pay\/([\w-]+)(?:\/(pay|cancel))?$/.exec(path);
      if (!page) return false;
      const s = c.sessions.get(page[1]!);
      if (!s) return sendJson(res, 404, { error: 'no such session' });
      if (req.method === 'POST' && page[2]) {
        const to = page[2] === 'pay' ? (await c.pay(s.id), s.success_url.replace('{CHECKOUT_SESSION_ID}', s.id)) : s.cancel_url;
        res.writeHead(303, { location: to }); res.end();
        return true;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Checkout (playground)</title></head>
<body style="font-family:system-ui,sans-serif;background:#f6f9fc;color:#1a1f36;display:grid;place-items:center;min-height:100vh;margin:0">
<main style="background:#fff;padding:32px;border-radius:12px;box-shadow:0 4px 24px #0002;min-width:300px">
<h1 style="font-size:20px;margin:0 0 8px">Checkout</h1><p id="checkout-item">${escapeHtml(s.metadata.productId ?? s.line_items[0]?.price ?? '')}</p>
<p id="checkout-state">${s.status === 'open' ? 'Waiting for payment' : escapeHtml(s.status)}</p>
<form method="post" action="${escapeHtml(`${c.pageBase}/pay/${s.id}/pay`)}" style="display:inline"><button id="checkout-pay" ${s.status === 'open' ? '' : 'disabled'} style="padding:10px 20px">Pay</button></form>
<form method="post" action="${escapeHtml(`${c.pageBase}/pay/${s.id}/cancel`)}" style="display:inline;margin-left:8px"><button id="checkout-cancel" style="padding:10px 20px">Cancel</button></form>
</main></body></html>`);
      return true;
    },
  };
  const idempotent = new Map<string, FakeSession>();
  const charges = new Map<string, { id: string; object: 'charge'; amount: number; amount_refunded: number; currency: string; payment_intent: string; refunded: boolean; disputed: boolean }>();
  const disputes = new Map<string, { id: string; object: 'dispute'; amount: number; charge: string; payment_intent: string; currency: string; reason: string; status: string }>();
  /** The session's one charge (the payment intent's latest_charge), made on first need. */
  const chargeOf = (s: FakeSession) => {
    let charge = charges.get(s.id);
    if (!charge) charges.set(s.id, charge = { id: id('ch'), object: 'charge', amount: s.amount_total, amount_refunded: 0, currency: s.currency, payment_intent: s.payment_intent ?? '', refunded: false, disputed: false });
    return charge;
  };
  const event = (type: string, object: unknown) => sendWebhook(c.switches, c.webhookTarget, () => c.signed({
    id: id('evt'), object: 'event', api_version: '2024-06-20', created: Math.floor(Date.now() / 1000), livemode: false, type, data: { object },
  }));
  return c;
}
