// The web shop's payment provider, faked in Stripe's formats: Checkout Sessions (created
// form-encoded with `Authorization: Bearer <secret key>`, read by id, listed by payment intent),
// the hosted pay page (Pay / Cancel, back to success_url / cancel_url), and the signed webhook
// events (`Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">`):
// checkout.session.completed, charge.refunded. Switches: webhook never / twice, refund (by
// session id). API under /fake/checkout/api, the page at /fake/checkout/pay/:id, controls under
// /fake/checkout.
import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { defaultSwitches, fakeSecret, readBody, sendJson, sendWebhook, switchesRequest, type FakeSwitches, type WebhookDelivery, type WebhookTarget } from './purchaseKit';

export interface FakeSession {
  id: string; object: 'checkout.session'; url: string; status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid'; client_reference_id: string | null; payment_intent: string | null;
  metadata: Record<string, string>; success_url: string; cancel_url: string; mode: 'payment';
  line_items: Array<{ price: string; quantity: number }>;
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
  refund(sessionId: string): Promise<boolean>;
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
    async refund(sessionId) {
      const s = c.sessions.get(sessionId);
      if (!s?.payment_intent) return false;
      await event('charge.refunded', { id: id('ch'), object: 'charge', payment_intent: s.payment_intent, refunded: true, amount_refunded: 0 });
      return true;
    },
    async api(req, res, path, query) {
      if (!path.startsWith('/v1/checkout/sessions')) return false;
      if (req.headers.authorization !== `Bearer ${c.secretKey}`) return sendJson(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const form = new URLSearchParams(await readBody(req));
        const price = form.get('line_items[0][price]');
        const success = form.get('success_url');
        const cancel = form.get('cancel_url');
        if (form.get('mode') !== 'payment' || !price || !success || !cancel) return sendJson(res, 400, { error: { type: 'invalid_request_error', message: 'mode=payment, line_items[0][price], success_url and cancel_url are required' } });
        const metadata: Record<string, string> = {};
        for (const [k, v] of form) { const m = /^metadata\[(\w+)\]$/.exec(k); if (m) metadata[m[1]!] = v; }
        const sessionId = id('cs_test');
        const s: FakeSession = {
          id: sessionId, object: 'checkout.session', url: `${c.pageBase}/pay/${sessionId}`, status: 'open', payment_status: 'unpaid',
          client_reference_id: form.get('client_reference_id'), payment_intent: null, metadata, success_url: success, cancel_url: cancel,
          mode: 'payment', line_items: [{ price, quantity: Number(form.get('line_items[0][quantity]') ?? 1) }],
        };
        c.sessions.set(sessionId, s);
        return sendJson(res, 200, s);
      }
      if (req.method === 'GET' && path === '/v1/checkout/sessions') {
        const intent = query.get('payment_intent');
        return sendJson(res, 200, { object: 'list', data: [...c.sessions.values()].filter((s) => !intent || s.payment_intent === intent), has_more: false });
      }
      const one = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && one) {
        const s = c.sessions.get(decodeURIComponent(one[1]!));
        return s ? sendJson(res, 200, s) : sendJson(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such checkout.session' } });
      }
      return false;
    },
    async control(req, res, path) {
      if (req.method === 'POST' && path === '/switches') return switchesRequest(req, res, c.switches, (sid) => c.refund(sid));
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
  const event = (type: string, object: unknown) => sendWebhook(c.switches, c.webhookTarget, () => c.signed({
    id: id('evt'), object: 'event', api_version: '2024-06-20', created: Math.floor(Date.now() / 1000), livemode: false, type, data: { object },
  }));
  return c;
}
