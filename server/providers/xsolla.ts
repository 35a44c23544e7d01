// Xsolla, the store behind the CrazyGames portal's in-game purchases, server side, as Xsolla
// documents it (docs/domain/purchases-providers.md names each document):
// - the webhooks ("Webhooks overview"): `Authorization: Signature <sha1(raw body + secret key)>`,
//   the notifications order_paid, order_canceled, payment, refund, partial_refund and
//   user_validation, and the error body `{"error":{"code","message"}}`;
// - one server call, the order search ("Get orders list for specified period", Catalog API:
//   `POST /v3/project/{project_id}/admin/order/search`, `Authorization: Basic
//   base64(project_id:api_key)`), used by the reconcile job to find orders whose order_paid
//   never arrived.
// Nothing else: the one order read Xsolla documents is a client call with the player's own token
// (and has no user), and consuming an inventory item is a client call too, so the server neither
// reads an order by id nor consumes. The paths live in this file only, under XSOLLA_API_BASE.
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { providerFetch, providerJson } from './providerFetch';

const Id = z.union([z.number().int().nonnegative(), z.string().regex(/^[\w-]{1,64}$/)]).transform(String);
/** Xsolla writes amounts as decimal strings ("9.99") or numbers. */
const Amount = z.union([z.number().nonnegative(), z.string().regex(/^\d{1,12}(\.\d{1,6})?$/)]).transform(String);

/** An item line of order_paid / order_canceled ("Successful payment of the order", "Order cancellation"). */
export const XsollaOrderItem = z.object({ sku: z.string().min(1).max(100), quantity: z.number().int().positive(), type: z.string().optional(), amount: z.unknown().optional() }).loose();

/** order_paid and order_canceled: items, order, user (external_id: the CrazyGames user id), billing when the project sends it. */
export const XsollaOrderNotification = z.object({
  notification_type: z.enum(['order_paid', 'order_canceled']),
  items: z.array(XsollaOrderItem).max(100),
  order: z.object({ id: Id, mode: z.string().optional(), currency: z.string().max(20).default(''), amount: Amount.default('0'), status: z.string().optional() }).loose(),
  user: z.object({ external_id: z.string().min(1).max(100).optional(), email: z.string().optional() }).loose(),
  billing: z.object({ transaction: z.object({ id: Id }).loose().optional() }).loose().optional(),
}).loose();
export type XsollaOrderNotification = z.infer<typeof XsollaOrderNotification>;

/** payment, refund, partial_refund (the Payments webhooks): a transaction, its user, its amounts; `order` when the project adds it. */
export const XsollaPaymentNotification = z.object({
  notification_type: z.enum(['payment', 'refund', 'partial_refund']),
  transaction: z.object({ id: Id, external_id: z.string().optional() }).loose(),
  user: z.object({ id: z.string().min(1).max(100).optional() }).loose().optional(),
  order: z.object({ id: Id }).loose().optional(),
  payment_details: z.object({ payment: z.object({ amount: Amount, currency: z.string().optional() }).loose().optional() }).loose().optional(),
}).loose();
export type XsollaPaymentNotification = z.infer<typeof XsollaPaymentNotification>;

/** Every notification: its type and (where sent) our project. */
export const XsollaNotificationHead = z.object({
  notification_type: z.string().min(1).max(60),
  settings: z.object({ project_id: Id }).loose().optional(),
  user: z.object({ id: z.string().optional(), external_id: z.string().optional() }).loose().optional(),
}).loose();

/** The error body Xsolla documents for a webhook answered 400 ("Webhooks overview", "User validation"). */
export type XsollaErrorCode = 'INVALID_USER' | 'INVALID_PARAMETER' | 'INVALID_SIGNATURE' | 'INCORRECT_AMOUNT' | 'INCORRECT_INVOICE';
export const xsollaError = (code: XsollaErrorCode, message: string) => ({ error: { code, message } });

/** The signature Xsolla sends: sha1 of the raw body followed by the secret key, hex. */
export function xsollaSignature(rawBody: Buffer, secret: string): string {
  return createHash('sha1').update(Buffer.concat([rawBody, Buffer.from(secret)])).digest('hex');
}

export function xsollaSignatureValid(authorization: string | undefined, rawBody: Buffer, secret: string): boolean {
  const given = /^Signature ([0-9a-f]{40})$/i.exec(authorization ?? '')?.[1]?.toLowerCase();
  if (!given) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(xsollaSignature(rawBody, secret)));
}

/** Millionths of a decimal amount string ("9.99" -> 9_990_000n); the ratio of two is all we use. */
export function micros(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole) * 1_000_000n + BigInt((fraction + '000000').slice(0, 6));
}

/** An order as the order search answers it. */
export const XsollaSearchedOrder = z.object({
  order_id: Id,
  status: z.string(),
  mode: z.string().optional(),
  date_created: z.string().optional(),
  price: z.object({ amount: Amount.optional(), currency: z.string().optional() }).loose().nullish(),
  items: z.array(XsollaOrderItem).default([]),
  user: z.object({ id: z.string().min(1).max(100) }).loose().nullish(),
}).loose();
export type XsollaSearchedOrder = z.infer<typeof XsollaSearchedOrder>;
const SearchAnswer = z.object({ orders: z.array(XsollaSearchedOrder).default([]), has_more: z.boolean().optional() }).loose();

/** The statuses of a paid order in the search ("paid", then "done" once delivered). */
export const XSOLLA_PAID = new Set(['paid', 'done']);
/** The most orders one search page answers (the document: limit 1..10). */
export const XSOLLA_SEARCH_LIMIT = 10;

export interface XsollaStore {
  readonly projectId: string;
  /** One page of the project's orders created in the period, oldest first. */
  searchOrders(query: { from: Date; until: Date; offset: number; limit: number }): Promise<{ orders: XsollaSearchedOrder[]; hasMore: boolean }>;
}

export class XsollaApi implements XsollaStore {
  constructor(readonly projectId: string, private readonly apiKey: string, private readonly apiBase: string, private readonly fetchImpl: typeof fetch = fetch) {}

  async searchOrders(query: { from: Date; until: Date; offset: number; limit: number }) {
    const response = await providerFetch('Xsolla', `${this.apiBase}/v3/project/${this.projectId}/admin/order/search`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${this.projectId}:${this.apiKey}`).toString('base64')}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        created_date_from: query.from.toISOString(), created_date_until: query.until.toISOString(),
        offset: Math.max(0, Math.floor(query.offset)), limit: Math.max(1, Math.min(XSOLLA_SEARCH_LIMIT, Math.floor(query.limit))),
      }),
    }, this.fetchImpl);
    const answer = await providerJson('Xsolla', response, SearchAnswer);
    return { orders: answer.orders, hasMore: answer.has_more === true };
  }
}
