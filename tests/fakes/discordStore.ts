// Discord's in-app purchases, faked: the application's entitlements (list with the bot token,
// consume: 204), a purchase as Discord's own flow makes it (a new PURCHASE entitlement), and the
// webhook events Discord sends (ENTITLEMENT_CREATE / _DELETE, signed with the application's
// Ed25519 key over X-Signature-Timestamp + body). Switches: webhook never / twice, consume fails
// n times, refund (the entitlement is deleted and ENTITLEMENT_DELETE sent). Mounted under the
// fake Discord API (tests/fakes/discord.ts `extra`) and, for its controls, /fake/discord.
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { defaultSwitches, fakeSecret, readBody, sendJson, sendWebhook, snowflake, switchesRequest, type FakeSwitches, type WebhookDelivery, type WebhookTarget } from './purchaseKit';

export interface FakeEntitlement {
  id: string; sku_id: string; application_id: string; user_id: string; type: number;
  deleted: boolean; consumed: boolean; starts_at: null; ends_at: null;
}

export interface FakeDiscordStore {
  applicationId: string;
  botToken: string;
  /** DISCORD_PUBLIC_KEY: the raw Ed25519 public key, hex. */
  publicKeyHex: string;
  switches: FakeSwitches;
  webhookTarget: WebhookTarget | null;
  entitlements: Map<string, FakeEntitlement>;
  consumeCalls: number;
  /** The player buys a SKU in Discord's flow: a new entitlement, and its webhook per the switches. */
  purchase(userId: string, skuId: string, type?: number): Promise<FakeEntitlement>;
  /** Discord refunds it: deleted, and ENTITLEMENT_DELETE sent. */
  refund(entitlementId: string): Promise<boolean>;
  /** A webhook body signed as Discord signs it (tests forge variants with other keys or times). */
  signed(body: unknown, options?: { timestamp?: number; key?: KeyObject }): WebhookDelivery;
  /** The provider's REST API, at a path relative to the API base (/applications/…). */
  api(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<boolean>;
  /** /fake/discord/<path>: switches, purchase {user_id, sku_id}, entitlements. */
  control(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean>;
}

export function createFakeDiscordStore(options: { applicationId: string; webhookTarget?: WebhookTarget | null }): FakeDiscordStore {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const publicKeyHex = (publicKey.export({ format: 'der', type: 'spki' })).subarray(-32).toString('hex');
  const botToken = fakeSecret('discord_bot');
  const entitlements = new Map<string, FakeEntitlement>();
  const store: FakeDiscordStore = {
    applicationId: options.applicationId, botToken, publicKeyHex, switches: defaultSwitches(),
    webhookTarget: options.webhookTarget ?? null, entitlements, consumeCalls: 0,
    signed(body, o = {}) {
      const timestamp = String(o.timestamp ?? Math.floor(Date.now() / 1000));
      const text = JSON.stringify(body);
      const signature = sign(null, Buffer.from(timestamp + text), o.key ?? privateKey).toString('hex');
      return { headers: { 'content-type': 'application/json', 'x-signature-ed25519': signature, 'x-signature-timestamp': timestamp, 'user-agent': 'Discord-Webhooks/1.0' }, body: text };
    },
    async purchase(userId, skuId, type = 1) {
      const e: FakeEntitlement = { id: snowflake(), sku_id: skuId, application_id: options.applicationId, user_id: userId, type, deleted: false, consumed: false, starts_at: null, ends_at: null };
      entitlements.set(e.id, e);
      await event('ENTITLEMENT_CREATE', e);
      return e;
    },
    async refund(id) {
      const e = entitlements.get(id);
      if (!e) return false;
      e.deleted = true;
      await event('ENTITLEMENT_DELETE', e);
      return true;
    },
    async api(req, res, path, query) {
      const m = /^\/applications\/([^/]+)\/entitlements(?:\/([^/]+)\/consume)?$/.exec(path);
      if (!m) return false;
      if (req.headers.authorization !== `Bot ${botToken}`) return sendJson(res, 401, { message: '401: Unauthorized', code: 0 });
      if (m[1] !== options.applicationId) return sendJson(res, 403, { message: 'Missing Access', code: 50001 });
      if (req.method === 'GET' && !m[2]) {
        const user = query.get('user_id');
        const after = query.get('after');
        const limit = Math.min(100, Number(query.get('limit') ?? 100) || 100);
        const list = [...entitlements.values()]
          .filter((e) => (!user || e.user_id === user) && (!after || BigInt(e.id) > BigInt(after)) && (query.get('exclude_deleted') !== 'true' || !e.deleted))
          .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1)).slice(0, limit);
        return sendJson(res, 200, list);
      }
      if (req.method === 'POST' && m[2]) {
        store.consumeCalls += 1;
        const e = entitlements.get(m[2]);
        if (!e) return sendJson(res, 404, { message: 'Unknown Entitlement', code: 10075 });
        if (store.switches.consumeFailsTimes > 0) { store.switches.consumeFailsTimes -= 1; return sendJson(res, 500, { message: '500: Internal Server Error', code: 0 }); }
        e.consumed = true;
        res.writeHead(204); res.end();
        return true;
      }
      return sendJson(res, 405, { message: '405: Method Not Allowed', code: 0 });
    },
    async control(req, res, path) {
      if (req.method === 'POST' && path === '/switches') return switchesRequest(req, res, store.switches, (id) => store.refund(id));
      if (req.method === 'GET' && path === '/entitlements') return sendJson(res, 200, [...entitlements.values()]);
      if (req.method === 'POST' && path === '/purchase') {
        let parsed: unknown;
        try { parsed = JSON.parse(await readBody(req)); } catch { return sendJson(res, 400, { error: 'JSON body' }); }
        const b = z.object({ user_id: z.string().regex(/^\d{1,25}$/), sku_id: z.string().regex(/^\d{1,25}$/), type: z.number().int().optional() }).safeParse(parsed);
        if (!b.success) return sendJson(res, 400, { error: 'user_id and sku_id (digits)' });
        return sendJson(res, 200, await store.purchase(b.data.user_id, b.data.sku_id, b.data.type));
      }
      return false;
    },
  };
  const event = (type: string, e: FakeEntitlement) => sendWebhook(store.switches, store.webhookTarget, () => store.signed({
    version: 1, application_id: options.applicationId, type: 1, event: { type, timestamp: new Date().toISOString(), data: { ...e } },
  }));
  return store;
}
