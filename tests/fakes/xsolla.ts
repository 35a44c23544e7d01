// Xsolla, the store behind the CrazyGames portal's purchases, faked: the project's catalog (with
// prices), a purchase as the portal's `SDK.store.buyItem` makes it (a paid order, the item in the
// player's inventory, the `order_paid` webhook), the server-to-server order and inventory-consume
// calls (`Authorization: Basic base64(project_id:api_key)`), and refunds (the `refund` webhook).
// Webhooks carry `Authorization: Signature <sha1(body + secret)>`. Switches: webhook never /
// twice, consume fails n times, refund. API under /fake/xsolla/api, controls under /fake/xsolla.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { defaultSwitches, fakeSecret, readBody, sendJson, sendWebhook, switchesRequest, type FakeSwitches, type WebhookDelivery, type WebhookTarget } from './purchaseKit';

export interface FakeXsollaOrder { order_id: number; status: 'paid' | 'done' | 'canceled' | 'refunded'; user: { id: string }; content: { items: Array<{ sku: string; quantity: number }> } }

export interface FakeXsolla {
  projectId: string;
  apiKey: string;
  webhookSecret: string;
  switches: FakeSwitches;
  webhookTarget: WebhookTarget | null;
  orders: Map<string, FakeXsollaOrder>;
  /** Items per user per sku. */
  inventory: Map<string, Map<string, number>>;
  consumeCalls: number;
  /** The catalog the portal shows: sku, name and price (minor units). */
  catalog: Array<{ sku: string; name: string; amountMinor: number; currency: string }>;
  buy(userId: string, sku: string): Promise<FakeXsollaOrder>;
  refund(orderId: string): Promise<boolean>;
  signed(body: unknown, secret?: string): WebhookDelivery;
  api(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean>;
  control(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean>;
}

export function createFakeXsolla(options: { projectId?: string; catalog?: FakeXsolla['catalog']; webhookTarget?: WebhookTarget | null } = {}): FakeXsolla {
  const projectId = options.projectId ?? '271828';
  let nextOrder = 900_000;
  const x: FakeXsolla = {
    projectId, apiKey: fakeSecret('xsolla_key'), webhookSecret: fakeSecret('xsolla_webhook'),
    switches: defaultSwitches(), webhookTarget: options.webhookTarget ?? null,
    orders: new Map(), inventory: new Map(), consumeCalls: 0, catalog: options.catalog ?? [],
    signed(body, secret = x.webhookSecret) {
      const text = JSON.stringify(body);
      return { headers: { 'content-type': 'application/json', authorization: `Signature ${createHash('sha1').update(text + secret).digest('hex')}` }, body: text };
    },
    async buy(userId, sku) {
      nextOrder += 1;
      const order: FakeXsollaOrder = { order_id: nextOrder, status: 'paid', user: { id: userId }, content: { items: [{ sku, quantity: 1 }] } };
      x.orders.set(String(order.order_id), order);
      const held = x.inventory.get(userId) ?? new Map<string, number>();
      held.set(sku, (held.get(sku) ?? 0) + 1);
      x.inventory.set(userId, held);
      await notify('order_paid', order);
      return order;
    },
    async refund(orderId) {
      const order = x.orders.get(orderId);
      if (!order) return false;
      order.status = 'refunded';
      await notify('refund', order);
      return true;
    },
    async api(req, res, path) {
      const basic = `Basic ${Buffer.from(`${projectId}:${x.apiKey}`).toString('base64')}`;
      const items = /^\/v2\/project\/([^/]+)\/items\/virtual_items$/.exec(path);
      if (items && req.method === 'GET') {
        return sendJson(res, 200, { items: x.catalog.map((c) => ({ sku: c.sku, name: { en: c.name }, type: 'virtual_good', virtual_item_type: 'consumable', price: { amount: (c.amountMinor / 100).toFixed(2), currency: c.currency } })) });
      }
      const order = /^\/v3\/project\/([^/]+)\/admin\/order\/([^/]+)$/.exec(path);
      const consume = /^\/v3\/project\/([^/]+)\/admin\/inventory\/item\/consume$/.exec(path);
      if (!order && !consume) return false;
      if (req.headers.authorization !== basic) return sendJson(res, 401, { statusCode: 401, errorCode: 1501, errorMessage: 'Invalid credentials' });
      if ((order ?? consume)![1] !== projectId) return sendJson(res, 403, { statusCode: 403, errorCode: 1102, errorMessage: 'Project mismatch' });
      if (order && req.method === 'GET') {
        const found = x.orders.get(decodeURIComponent(order[2]!));
        return found ? sendJson(res, 200, found) : sendJson(res, 404, { statusCode: 404, errorCode: 9901, errorMessage: 'Order not found' });
      }
      if (consume && req.method === 'POST') {
        x.consumeCalls += 1;
        let body: unknown;
        try { body = JSON.parse(await readBody(req)); } catch { return sendJson(res, 422, { statusCode: 422, errorMessage: 'Invalid JSON' }); }
        const b = z.object({ user: z.object({ id: z.string() }), sku: z.string(), quantity: z.number().int().positive(), operation_id: z.string().optional() }).safeParse(body);
        if (!b.success) return sendJson(res, 422, { statusCode: 422, errorMessage: 'Invalid request' });
        if (x.switches.consumeFailsTimes > 0) { x.switches.consumeFailsTimes -= 1; return sendJson(res, 500, { statusCode: 500, errorMessage: 'Internal error' }); }
        if (b.data.operation_id && consumedOps.has(b.data.operation_id)) { res.writeHead(204); res.end(); return true; }
        const held = x.inventory.get(b.data.user.id);
        const have = held?.get(b.data.sku) ?? 0;
        if (!held || have < b.data.quantity) return sendJson(res, 422, { statusCode: 422, errorCode: 7001, errorMessage: 'Not enough items' });
        held.set(b.data.sku, have - b.data.quantity);
        if (b.data.operation_id) consumedOps.add(b.data.operation_id);
        res.writeHead(204); res.end();
        return true;
      }
      return sendJson(res, 405, { statusCode: 405, errorMessage: 'Method not allowed' });
    },
    async control(req, res, path) {
      if (req.method === 'POST' && path === '/switches') return switchesRequest(req, res, x.switches, (id) => x.refund(id));
      if (req.method === 'GET' && path === '/orders') return sendJson(res, 200, { orders: [...x.orders.values()], inventory: Object.fromEntries([...x.inventory].map(([u, m]) => [u, Object.fromEntries(m)])) });
      if (req.method === 'POST' && path === '/buy') {
        let body: unknown;
        try { body = JSON.parse(await readBody(req)); } catch { return sendJson(res, 400, { error: 'JSON body' }); }
        const b = z.object({ userId: z.string().min(1).max(100), sku: z.string().min(1).max(100) }).safeParse(body);
        if (!b.success) return sendJson(res, 400, { error: 'userId and sku' });
        return sendJson(res, 200, await x.buy(b.data.userId, b.data.sku));
      }
      return false;
    },
  };
  const consumedOps = new Set<string>();
  const notify = (type: 'order_paid' | 'refund', order: FakeXsollaOrder) => sendWebhook(x.switches, x.webhookTarget, () => x.signed({
    notification_type: type,
    settings: { project_id: Number(projectId), merchant_id: 1 },
    user: { id: order.user.id, external_id: order.user.id },
    order: { id: order.order_id, status: order.status },
    items: order.content.items,
    transaction: { id: order.order_id + 50_000_000, external_id: String(order.order_id) },
    ...(type === 'refund' ? { refund_details: { code: 1, reason: 'Refund requested', author: 'support' } } : {}),
  }));
  return x;
}
