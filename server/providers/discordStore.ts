// Discord's in-app purchases, server side: the application's entitlements (REST, with the bot
// token: list a player's or all of them, consume a consumable) and the Ed25519 signature Discord
// puts on each webhook event (X-Signature-Ed25519 over X-Signature-Timestamp + the raw body, with
// the application's public key). DISCORD_API_BASE (default https://discord.com/api/v10, the
// version Discord's "API Reference" documents as current) points it at the playground's fake
// locally. Every call honours Discord's 429 and Retry-After ("Rate Limits"; retryAfter.ts).
import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { providerJson } from './providerFetch';
import { providerFetchRetrying, type RetryOptions } from './retryAfter';

/** Entitlement types ("Entitlement" resource, Entitlement Types): 1 PURCHASE, 2 PREMIUM_SUBSCRIPTION,
 * 3 DEVELOPER_GIFT, 4 TEST_MODE_PURCHASE, 5 FREE_PURCHASE, 6 USER_GIFT, 7 PREMIUM_PURCHASE,
 * 8 APPLICATION_SUBSCRIPTION. */
export const ENTITLEMENT_PURCHASE = 1;
export const ENTITLEMENT_DEVELOPER_GIFT = 3;
export const ENTITLEMENT_TEST_MODE = 4;
export const ENTITLEMENT_USER_GIFT = 6;
/** The types that put one of our consumable packs in a player's hands: bought, or gifted to them
 * (a gift's entitlement names the recipient as user_id); the test-mode one only with its flag. */
export const GRANTING_ENTITLEMENTS: ReadonlySet<number> = new Set([ENTITLEMENT_PURCHASE, ENTITLEMENT_DEVELOPER_GIFT, ENTITLEMENT_USER_GIFT]);
/** "List Entitlements": limit is 1-100. */
export const ENTITLEMENT_PAGE = 100;

export const Entitlement = z.object({
  id: z.string().regex(/^\d{1,25}$/),
  sku_id: z.string(),
  application_id: z.string(),
  user_id: z.string().optional(),
  type: z.number().int(),
  deleted: z.boolean(),
  consumed: z.boolean().optional(),
}).loose();
export type Entitlement = z.infer<typeof Entitlement>;

/** A webhook event's body: type 0 PING, 1 EVENT. */
export const DiscordWebhookBody = z.object({
  version: z.number().int(),
  application_id: z.string(),
  type: z.union([z.literal(0), z.literal(1)]),
  event: z.object({ type: z.string(), timestamp: z.string(), data: z.unknown().optional() }).optional(),
});

/** The DER header of an Ed25519 public key in SubjectPublicKeyInfo form (the 32 key bytes follow). */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

export function ed25519PublicKey(hex: string): KeyObject {
  return createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(hex, 'hex')]), format: 'der', type: 'spki' });
}

/** Whether `signatureHex` is the application's signature of timestamp + raw body. */
export function discordSignatureValid(key: KeyObject, timestamp: string, rawBody: Buffer, signatureHex: string): boolean {
  if (!/^[0-9a-f]{128}$/i.test(signatureHex)) return false;
  return verify(null, Buffer.concat([Buffer.from(timestamp), rawBody]), key, Buffer.from(signatureHex, 'hex'));
}

export interface DiscordStore {
  readonly applicationId: string;
  /** One page of the application's entitlements, of one player or of all, oldest first after
   * `after` (deleted ones too: the reconcile looks for them). */
  listEntitlements(filter: { userId?: string; after?: string; limit?: number }): Promise<Entitlement[]>;
  /** Marks a consumable entitlement used (Discord answers 204). */
  consume(entitlementId: string): Promise<void>;
}

export class DiscordStoreApi implements DiscordStore {
  constructor(readonly applicationId: string, private readonly botToken: string, private readonly apiBase: string, private readonly fetchImpl: typeof fetch = fetch, private readonly retry: RetryOptions = {}) {}

  private get headers() { return { authorization: `Bot ${this.botToken}` }; }

  async listEntitlements(filter: { userId?: string; after?: string; limit?: number }): Promise<Entitlement[]> {
    const query = new URLSearchParams({ exclude_ended: 'true', exclude_deleted: 'false', limit: String(Math.min(ENTITLEMENT_PAGE, filter.limit ?? ENTITLEMENT_PAGE)) });
    if (filter.userId) query.set('user_id', filter.userId);
    if (filter.after) query.set('after', filter.after);
    const response = await providerFetchRetrying('Discord', `${this.apiBase}/applications/${this.applicationId}/entitlements?${query}`, { headers: this.headers }, this.fetchImpl, this.retry);
    return providerJson('Discord', response, z.array(Entitlement));
  }

  async consume(entitlementId: string): Promise<void> {
    await providerFetchRetrying('Discord', `${this.apiBase}/applications/${this.applicationId}/entitlements/${entitlementId}/consume`, { method: 'POST', headers: this.headers }, this.fetchImpl, this.retry);
  }
}

/** Every entitlement of one player (or of all), page after page ("List Entitlements" with `after`),
 * up to `maxPages` pages; `last`: the highest id read (the next call's `after`). */
export async function allEntitlements(store: DiscordStore, filter: { userId?: string; after?: string }, maxPages = 50): Promise<{ list: Entitlement[]; last: string | undefined; complete: boolean }> {
  const list: Entitlement[] = [];
  let after = filter.after;
  for (let page = 0; page < maxPages; page++) {
    const got = await store.listEntitlements({ ...(filter.userId ? { userId: filter.userId } : {}), ...(after ? { after } : {}), limit: ENTITLEMENT_PAGE });
    list.push(...got);
    if (got.length) after = got.reduce((max, e) => (BigInt(e.id) > BigInt(max) ? e.id : max), after ?? '0');
    if (got.length < ENTITLEMENT_PAGE) return { list, last: after, complete: true };
  }
  return { list, last: after, complete: false };
}
