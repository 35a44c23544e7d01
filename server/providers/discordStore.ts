// Discord's in-app purchases, server side: the application's entitlements (REST, with the bot
// token: list a player's or all of them, consume a consumable) and the Ed25519 signature Discord
// puts on each webhook event (X-Signature-Ed25519 over X-Signature-Timestamp + the raw body, with
// the application's public key). DISCORD_API_BASE points it at the playground's fake locally.
import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { providerFetch, providerJson } from './purchaseService';

/** Entitlement types: 1 PURCHASE, 4 TEST_MODE_PURCHASE, 8 APPLICATION_SUBSCRIPTION, others. */
export const ENTITLEMENT_PURCHASE = 1;
export const ENTITLEMENT_TEST_MODE = 4;

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
  /** Entitlements of the application, of one player or of all, oldest first after `after`. */
  listEntitlements(filter: { userId?: string; after?: string; limit?: number }): Promise<Entitlement[]>;
  /** Marks a consumable entitlement used (Discord answers 204). */
  consume(entitlementId: string): Promise<void>;
}

export class DiscordStoreApi implements DiscordStore {
  constructor(readonly applicationId: string, private readonly botToken: string, private readonly apiBase: string, private readonly fetchImpl: typeof fetch = fetch) {}

  private get headers() { return { authorization: `Bot ${this.botToken}` }; }

  async listEntitlements(filter: { userId?: string; after?: string; limit?: number }): Promise<Entitlement[]> {
    const query = new URLSearchParams({ exclude_ended: 'true', exclude_deleted: 'false', limit: String(filter.limit ?? 100) });
    if (filter.userId) query.set('user_id', filter.userId);
    if (filter.after) query.set('after', filter.after);
    const response = await providerFetch('Discord', `${this.apiBase}/applications/${this.applicationId}/entitlements?${query}`, { headers: this.headers }, this.fetchImpl);
    return providerJson('Discord', response, z.array(Entitlement));
  }

  async consume(entitlementId: string): Promise<void> {
    await providerFetch('Discord', `${this.apiBase}/applications/${this.applicationId}/entitlements/${entitlementId}/consume`, { method: 'POST', headers: this.headers }, this.fetchImpl);
  }
}
