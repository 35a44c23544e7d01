// Discord's in-app purchases, faked from Discord's own documents: "Entitlement" (the object, its
// types, List Entitlements with user_id, sku_ids, before, after, limit 1-100, exclude_ended and
// exclude_deleted (default true), Get Entitlement, Consume an Entitlement: 204), "Webhook Events"
// (ENTITLEMENT_CREATE / _UPDATE / _DELETE in the {version, application_id, type: 1, event} body,
// signed with the application's Ed25519 key over X-Signature-Timestamp + body) and "Rate Limits"
// (429 with Retry-After, retry_after, global). Nothing else is answered: any other path or method
// is a 404 kept in `undocumented` (a test asserts it empty). Awkward habits, from the switches:
// webhook never, twice, late, out of order; consume fails n times; 429 n times; a refund (the
// entitlement is deleted and ENTITLEMENT_DELETE sent). Mounted under the fake Discord API
// (tests/fakes/discord.ts `extra`, at /api/v10) and, for its controls, /fake/discord.
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { defaultSwitches, fakeSecret, rateLimited, readBody, sendJson, sendWebhook, snowflake, switchesRequest, type FakeSwitches, type WebhookDelivery, type WebhookTarget } from './purchaseKit';

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
  /** Requests to paths or methods Discord does not document (method and path), in order. */
  undocumented: string[];
  /** The player buys a SKU in Discord's flow: a new entitlement, and its webhook per the switches. */
  purchase(userId: string, skuId: string, type?: number): Promise<FakeEntitlement>;
  /** Discord refunds it: deleted, and ENTITLEMENT_DELETE sent. */
  refund(entitlementId: string): Promise<boolean>;
  /** A gift of a SKU to `userId` (type 6 USER_GIFT from another player, 3 DEVELOPER_GIFT from us). */
  gift(userId: string, skuId: string, type: 3 | 6): Promise<FakeEntitlement>;
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
    webhookTarget: options.webhookTarget ?? null, entitlements, consumeCalls: 0, undocumented: [],
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
    async gift(userId, skuId, type) { return store.purchase(userId, skuId, type); },
    async refund(id) {
      const e = entitlements.get(id);
      if (!e) return false;
      e.deleted = true;
      await event('ENTITLEMENT_DELETE', e);
      return true;
    },
    async api(req, res, path, query) {
      const notDocumented = () => { store.undocumented.push(`${req.method} ${path}`); return sendJson(res, 404, { message: '404: Not Found', code: 0 }); };
      const m = /^\/applications\/([^/]+)\/entitlements(?:\/([^/]+)(\/consume)?)?$/.exec(path);
      if (!m) return notDocumented();
      const [, app, entitlementId, consume] = m;
      const known = (req.method === 'GET' && !consume) || (req.method === 'POST' && entitlementId && consume);
      if (!known) return notDocumented();
      if (store.switches.slowMs) await new Promise((resolve) => { setTimeout(resolve, store.switches.slowMs); });
      if (rateLimited(res, store.switches, 1, { message: 'You are being rate limited.', retry_after: 0.05, global: false },
        { 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset-after': '0.050', 'x-ratelimit-scope': 'user' })) return true;
      if (req.headers.authorization !== `Bot ${botToken}`) return sendJson(res, 401, { message: '401: Unauthorized', code: 0 });
      if (app !== options.applicationId) return sendJson(res, 403, { message: 'Missing Access', code: 50001 });
      if (req.method === 'GET' && !entitlementId) {
        const documented = new Set(['user_id', 'sku_ids', 'before', 'after', 'limit', 'guild_id', 'exclude_ended', 'exclude_deleted']);
        const unknownParam = [...query.keys()].find((k) => !documented.has(k));
        if (unknownParam) { store.undocumented.push(`GET ${path}?${unknownParam}`); return sendJson(res, 400, { message: 'Invalid Form Body', code: 50035 }); }
        const limit = query.has('limit') ? Number(query.get('limit')) : 100;
        if (!Number.isInteger(limit) || limit < 1 || limit > 100) return sendJson(res, 400, { message: 'Invalid Form Body', code: 50035, errors: { limit: 'between 1 and 100' } });
        const user = query.get('user_id');
        const after = query.get('after');
        const before = query.get('before');
        const skus = query.get('sku_ids')?.split(',');
        const withDeleted = query.get('exclude_deleted') === 'false';
        const list = [...entitlements.values()]
          .filter((e) => (!user || e.user_id === user) && (!skus || skus.includes(e.sku_id)) && (withDeleted || !e.deleted)
            && (!after || BigInt(e.id) > BigInt(after)) && (!before || BigInt(e.id) < BigInt(before)))
          .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1)).slice(0, limit);
        return sendJson(res, 200, list);
      }
      const e = entitlements.get(entitlementId!);
      if (req.method === 'GET') return e ? sendJson(res, 200, e) : sendJson(res, 404, { message: 'Unknown Entitlement', code: 10075 });
      store.consumeCalls += 1;
      if (!e) return sendJson(res, 404, { message: 'Unknown Entitlement', code: 10075 });
      if (store.switches.consumeFailsTimes > 0) { store.switches.consumeFailsTimes -= 1; return sendJson(res, 500, { message: '500: Internal Server Error', code: 0 }); }
      e.consumed = true;
      res.writeHead(204); res.end();
      return true;
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
