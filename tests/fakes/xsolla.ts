// Xsolla, the store behind the CrazyGames portal's purchases, faked from Xsolla's own documents
// (titles as Xsolla gives them; docs/domain/purchases-providers.md has the table):
// - "Webhooks overview": every notification signed `Authorization: Signature <sha1(body + secret)>`;
// - "Payment" then "Successful payment of the order" (order_paid: items, order, user.external_id,
//   billing): order_paid is sent only once `payment` was answered 2xx (older projects);
// - "Refund" then "Order cancellation" (order_canceled), and "Partial refund" (partial_refund:
//   transaction, payment_details.payment.amount);
// - "Get orders list for specified period" (Catalog API): POST
//   /v3/project/{project_id}/admin/order/search, Basic base64(project_id:api_key), limit 1..10,
//   orders with status new/paid/done/canceled/expired, items and user.id;
// - "Get virtual items list" (Catalog API): GET /v2/project/{project_id}/items/virtual_items
//   (the catalog with prices, for the playground's portal).
// Anything else is answered 404 and recorded in `undocumented` (a test asserts it stays empty).
// Habits the documents describe: a notification sent twice, late (held until `flush()`), never,
// or a refund before its order_paid (`refundBeforePaid`). API under /fake/xsolla/api, controls
// under /fake/xsolla.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { defaultSwitches, deliver, fakeSecret, readBody, sendJson, switchesRequest, type FakeSwitches, type WebhookDelivery, type WebhookTarget } from './purchaseKit';

/** Order statuses as the order search documents them. */
export type FakeXsollaStatus = 'new' | 'paid' | 'done' | 'canceled' | 'expired';
export interface FakeXsollaOrder {
  order_id: number;
  transaction_id: number;
  status: FakeXsollaStatus;
  user: { id: string };
  items: Array<{ sku: string; quantity: number; type: 'virtual_good' }>;
  price: { amount: string; currency: string };
  date_created: string;
  refunded: number;
}

export interface FakeXsolla {
  projectId: string;
  apiKey: string;
  webhookSecret: string;
  /** webhookLate: notifications held until flush(); searchDown: the order search answers 503 (Xsolla unreachable). */
  switches: FakeSwitches & { webhookLate: boolean; searchDown: boolean };
  webhookTarget: WebhookTarget | null;
  orders: Map<string, FakeXsollaOrder>;
  /** Requests to paths Xsolla does not document (answered 404). */
  undocumented: string[];
  /** Every notification sent, by type, with the status our server answered. */
  sent: Array<{ type: string; status: number | null }>;
  /** Notifications held back while `switches.webhookLate` is on. */
  held: WebhookDelivery[];
  catalog: Array<{ sku: string; name: string; amountMinor: number; currency: string }>;
  /** What buyItem does: a paid order (several lines or a quantity if given), payment then order_paid. */
  buy(userId: string, sku: string, options?: { quantity?: number; more?: Array<{ sku: string; quantity: number }> }): Promise<FakeXsollaOrder>;
  /** A full refund from Publisher Account: refund, then order_canceled. */
  refund(orderId: string): Promise<boolean>;
  /** A partial refund of `amount` (the order's currency): partial_refund. */
  partialRefund(orderId: string, amount: string): Promise<boolean>;
  /** The notifications of an order as Xsolla would write them. */
  notification(type: 'payment' | 'order_paid' | 'refund' | 'order_canceled' | 'partial_refund', order: FakeXsollaOrder, extra?: { refunded?: string }): unknown;
  signed(body: unknown, secret?: string): WebhookDelivery;
  /** Sends the held notifications now, in the order they were made. */
  flush(): Promise<void>;
  api(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean>;
  control(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean>;
}

const priceOf = (catalog: FakeXsolla['catalog'], sku: string) => catalog.find((c) => c.sku === sku)?.amountMinor ?? 999;

export function createFakeXsolla(options: { projectId?: string; catalog?: FakeXsolla['catalog']; webhookTarget?: WebhookTarget | null } = {}): FakeXsolla {
  const projectId = options.projectId ?? '271828';
  let nextOrder = 900_000;
  const basic = () => `Basic ${Buffer.from(`${projectId}:${x.apiKey}`).toString('base64')}`;
  const send = async (type: string, body: unknown): Promise<number | null> => {
    if (x.switches.webhookNever) return null;
    const delivery = x.signed(body);
    if (x.switches.webhookLate) { x.held.push(delivery); return 204; }
    let status = await deliver(x.webhookTarget, delivery);
    x.sent.push({ type, status });
    if (x.switches.webhookTwice) { status = await deliver(x.webhookTarget, x.signed(body)); x.sent.push({ type, status }); }
    return status;
  };
  const ok = (status: number | null) => status !== null && status >= 200 && status < 300;

  const x: FakeXsolla = {
    projectId, apiKey: fakeSecret('xsolla_key'), webhookSecret: fakeSecret('xsolla_webhook'),
    switches: { ...defaultSwitches(), webhookLate: false, searchDown: false }, webhookTarget: options.webhookTarget ?? null,
    orders: new Map(), undocumented: [], sent: [], held: [], catalog: options.catalog ?? [],
    signed(body, secret = x.webhookSecret) {
      const text = JSON.stringify(body);
      return { headers: { 'content-type': 'application/json', authorization: `Signature ${createHash('sha1').update(text + secret).digest('hex')}` }, body: text };
    },
    notification(type, order, extra = {}) {
      const settings = { project_id: Number(projectId), merchant_id: 1 };
      const amount = order.price.amount;
      const items = order.items.map((i) => ({ sku: i.sku, type: i.type, quantity: i.quantity, amount: ((priceOf(x.catalog, i.sku) * i.quantity) / 100).toFixed(2), is_pre_order: false, promotions: [] }));
      const orderObject = { id: order.order_id, mode: 'sandbox', currency_type: 'real', currency: order.price.currency, amount, status: order.status, platform: 'xsolla', comment: null, invoice_id: String(order.transaction_id) };
      if (type === 'order_paid' || type === 'order_canceled') {
        return { notification_type: type, items, order: orderObject, user: { external_id: order.user.id, email: `${order.user.id}@example.com` }, custom_parameters: {} };
      }
      const transaction = { id: order.transaction_id, external_id: `ext-${order.transaction_id}`, dry_run: 1, agreement: 1 };
      const user = { id: order.user.id, ip: '127.0.0.1', country: 'US' };
      if (type === 'payment') {
        return { notification_type: 'payment', settings, purchase: { total: { currency: order.price.currency, amount: Number(amount) } }, user, transaction, order: { id: order.order_id }, payment_details: { payment: { currency: order.price.currency, amount: Number(amount) } } };
      }
      const refunded = extra.refunded ?? amount;
      return {
        notification_type: type, settings, user, transaction, refund_details: { code: 1, reason: 'Cancellation by the user request / the game request', author: 'support' },
        payment_details: { payment: { currency: order.price.currency, amount: Number(refunded) } },
      };
    },
    async buy(userId, sku, opts = {}) {
      nextOrder += 1;
      const lines = [{ sku, quantity: opts.quantity ?? 1 }, ...(opts.more ?? [])];
      const minor = lines.reduce((sum, l) => sum + priceOf(x.catalog, l.sku) * l.quantity, 0);
      const order: FakeXsollaOrder = {
        order_id: nextOrder, transaction_id: nextOrder + 50_000_000, status: 'paid', user: { id: userId },
        items: lines.map((l) => ({ sku: l.sku, quantity: l.quantity, type: 'virtual_good' })),
        price: { amount: (minor / 100).toFixed(2), currency: 'USD' }, date_created: new Date().toISOString(), refunded: 0,
      };
      x.orders.set(String(order.order_id), order);
      // Older projects: order_paid only once payment was answered 2xx.
      const paid = await send('payment', x.notification('payment', order));
      if (ok(paid)) {
        const status = await send('order_paid', x.notification('order_paid', order));
        if (ok(status)) order.status = 'done';
      }
      return order;
    },
    async refund(orderId) {
      const order = x.orders.get(orderId);
      if (!order) return false;
      order.status = 'canceled';
      const refunded = await send('refund', x.notification('refund', order));
      if (ok(refunded)) await send('order_canceled', x.notification('order_canceled', order));
      return true;
    },
    async partialRefund(orderId, amount) {
      const order = x.orders.get(orderId);
      if (!order) return false;
      order.refunded += Math.round(Number(amount) * 100);
      await send('partial_refund', x.notification('partial_refund', order, { refunded: amount }));
      return true;
    },
    async flush() {
      const held = x.held.splice(0);
      for (const delivery of held) x.sent.push({ type: (JSON.parse(delivery.body) as { notification_type: string }).notification_type, status: await deliver(x.webhookTarget, delivery) });
    },
    async api(req, res, path) {
      const items = /^\/v2\/project\/([^/]+)\/items\/virtual_items$/.exec(path);
      if (items && req.method === 'GET') {
        return sendJson(res, 200, { items: x.catalog.map((c) => ({ sku: c.sku, name: { en: c.name }, type: 'virtual_good', virtual_item_type: 'consumable', price: { amount: (c.amountMinor / 100).toFixed(2), currency: c.currency } })) });
      }
      const search = /^\/v3\/project\/([^/]+)\/admin\/order\/search$/.exec(path);
      if (search && req.method === 'POST') {
        if (req.headers.authorization !== basic()) return sendJson(res, 401, { statusCode: 401, errorCode: 1020, errorMessage: 'Unauthorized' });
        if (search[1] !== projectId) return sendJson(res, 403, { statusCode: 403, errorCode: 1102, errorMessage: 'Project mismatch' });
        if (x.switches.searchDown) return sendJson(res, 503, { statusCode: 503, errorMessage: 'Service unavailable' });
        let body: unknown;
        try { body = JSON.parse(await readBody(req) || '{}'); } catch { return sendJson(res, 422, { statusCode: 422, errorMessage: 'Invalid JSON' }); }
        const q = z.object({ created_date_from: z.string().optional(), created_date_until: z.string().optional(), limit: z.number().int().min(1).max(10).default(10), offset: z.number().int().min(0).default(0) }).strict().safeParse(body);
        if (!q.success) return sendJson(res, 422, { statusCode: 422, errorMessage: 'Invalid request' });
        const from = q.data.created_date_from ? Date.parse(q.data.created_date_from) : -Infinity;
        const until = q.data.created_date_until ? Date.parse(q.data.created_date_until) : Infinity;
        const all = [...x.orders.values()].filter((o) => { const t = Date.parse(o.date_created); return t >= from && t <= until; });
        const page = all.slice(q.data.offset, q.data.offset + q.data.limit);
        return sendJson(res, 200, {
          has_more: q.data.offset + q.data.limit < all.length,
          orders: page.map((o) => ({
            order_id: o.order_id, project_id: Number(projectId), status: o.status, date_created: o.date_created, mode: 'sandbox', is_free: false, invoice_id: String(o.transaction_id),
            price: { amount: o.price.amount, amount_without_discount: o.price.amount, currency: o.price.currency },
            items: o.items.map((i) => ({ sku: i.sku, quantity: i.quantity, type: i.type, is_free: false, is_bonus: false })),
            user: { id: o.user.id, country: 'US' },
          })),
        });
      }
      x.undocumented.push(`${req.method ?? 'GET'} ${path}`);
      return sendJson(res, 404, { statusCode: 404, errorCode: 0, errorMessage: 'Not found (not a documented Xsolla call)' });
    },
    async control(req, res, path) {
      if (req.method === 'POST' && path === '/switches') return switchesRequest(req, res, x.switches, (id) => x.refund(id));
      if (req.method === 'POST' && path === '/search-down') {
        const b = z.object({ down: z.boolean() }).safeParse(JSON.parse(await readBody(req) || '{}'));
        if (!b.success) return sendJson(res, 400, { error: 'down' });
        x.switches.searchDown = b.data.down;
        return sendJson(res, 200, { searchDown: x.switches.searchDown });
      }
      if (req.method === 'GET' && path === '/orders') return sendJson(res, 200, { orders: [...x.orders.values()], undocumented: x.undocumented, sent: x.sent });
      if (req.method === 'POST' && path === '/buy') {
        let body: unknown;
        try { body = JSON.parse(await readBody(req)); } catch { return sendJson(res, 400, { error: 'JSON body' }); }
        const b = z.object({ userId: z.string().min(1).max(100), sku: z.string().min(1).max(100), quantity: z.number().int().min(1).max(100).optional() }).safeParse(body);
        if (!b.success) return sendJson(res, 400, { error: 'userId and sku' });
        return sendJson(res, 200, await x.buy(b.data.userId, b.data.sku, b.data.quantity ? { quantity: b.data.quantity } : {}));
      }
      return false;
    },
  };
  return x;
}
