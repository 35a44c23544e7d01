// Xsolla, the store behind the CrazyGames portal's in-game purchases, server side: an order
// confirmed with Xsolla (server to server, `Authorization: Basic base64(project_id:api_key)`),
// the bought item consumed from the player's inventory, and the signature of Xsolla's webhooks
// (`Authorization: Signature <sha1(raw body + webhook secret key)>`). The paths live in this file
// only, under XSOLLA_API_BASE (docs/domain/purchases-providers.md says which to check before
// going live); the playground's fake answers them.
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { providerFetch, providerJson } from './purchaseService';

export const XsollaOrder = z.object({
  order_id: z.union([z.number(), z.string()]).transform(String),
  status: z.string(),
  /** The Xsolla user the order belongs to: on the portal, the CrazyGames user id. */
  user: z.object({ id: z.string() }).loose(),
  content: z.object({ items: z.array(z.object({ sku: z.string(), quantity: z.number().int() }).loose()) }).loose(),
}).loose();
export type XsollaOrder = z.infer<typeof XsollaOrder>;

/** The webhook notifications read here (others are answered 204 and ignored). */
export const XsollaWebhookBody = z.object({
  notification_type: z.string(),
  settings: z.object({ project_id: z.union([z.number(), z.string()]).transform(String) }).loose().optional(),
  user: z.object({ id: z.string() }).loose().optional(),
  transaction: z.object({ id: z.union([z.number(), z.string()]).transform(String), external_id: z.string().optional() }).loose().optional(),
  order: z.object({ id: z.union([z.number(), z.string()]).transform(String) }).loose().optional(),
  items: z.array(z.object({ sku: z.string(), quantity: z.number().int() }).loose()).optional(),
  purchase: z.unknown().optional(),
}).loose();
export type XsollaWebhookBody = z.infer<typeof XsollaWebhookBody>;

/** The signature Xsolla sends: sha1 of the raw body followed by the secret key, hex. */
export function xsollaSignature(rawBody: Buffer, secret: string): string {
  return createHash('sha1').update(Buffer.concat([rawBody, Buffer.from(secret)])).digest('hex');
}

export function xsollaSignatureValid(authorization: string | undefined, rawBody: Buffer, secret: string): boolean {
  const given = /^Signature ([0-9a-f]{40})$/i.exec(authorization ?? '')?.[1]?.toLowerCase();
  if (!given) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(xsollaSignature(rawBody, secret)));
}

/** The paid statuses of an order (Xsolla: 'paid', then 'done' once delivered). */
export const XSOLLA_PAID = new Set(['paid', 'done']);

export interface XsollaStore {
  readonly projectId: string;
  /** One order of our project, whoever it belongs to (the caller checks the user). */
  order(orderId: string): Promise<XsollaOrder>;
  /** Takes `quantity` of the item out of the user's inventory (the pack is delivered as coins). */
  consume(userId: string, sku: string, quantity: number, operationId: string): Promise<void>;
}

export class XsollaApi implements XsollaStore {
  constructor(readonly projectId: string, private readonly apiKey: string, private readonly apiBase: string, private readonly fetchImpl: typeof fetch = fetch) {}

  private get headers() { return { authorization: `Basic ${Buffer.from(`${this.projectId}:${this.apiKey}`).toString('base64')}`, 'content-type': 'application/json' }; }

  async order(orderId: string): Promise<XsollaOrder> {
    const response = await providerFetch('Xsolla', `${this.apiBase}/v3/project/${this.projectId}/admin/order/${encodeURIComponent(orderId)}`, { headers: this.headers }, this.fetchImpl);
    return providerJson('Xsolla', response, XsollaOrder);
  }

  async consume(userId: string, sku: string, quantity: number, operationId: string): Promise<void> {
    await providerFetch('Xsolla', `${this.apiBase}/v3/project/${this.projectId}/admin/inventory/item/consume`, {
      method: 'POST', headers: this.headers,
      body: JSON.stringify({ user: { id: userId }, sku, quantity, instance_id: null, operation_id: operationId }),
    }, this.fetchImpl);
  }
}
