// The web shop's payment provider, in Stripe's formats: a Checkout Session created by the server
// (POST /v1/checkout/sessions, form-encoded, `Authorization: Bearer <secret key>`), read back by
// id, found by its payment intent (for refunds and disputes), and the signed webhook checked by
// the official SDK (`stripe.webhooks.constructEvent`: Stripe-Signature t=…,v1=… HMAC-SHA256 of
// `${t}.${raw body}`, with the timestamp tolerance), and the sessions of the last hours for the
// reconcile. A 429 is waited out when short (Stripe's "Rate limits"). WEB_CHECKOUT_API_BASE points
// it at the playground's fake locally.
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { z } from 'zod';
import { providerJson } from './providerFetch';
import { providerFetchRetrying } from './retryAfter';

export const CheckoutSession = z.object({
  id: z.string().min(1).max(255),
  url: z.string().nullable().optional(),
  status: z.enum(['open', 'complete', 'expired']).nullable().optional(),
  payment_status: z.enum(['paid', 'unpaid', 'no_payment_required']),
  client_reference_id: z.string().nullable().optional(),
  payment_intent: z.string().nullable().optional(),
  metadata: z.record(z.string(), z.string()).nullable().optional(),
}).loose();
export type CheckoutSession = z.infer<typeof CheckoutSession>;

const SessionList = z.object({ data: z.array(CheckoutSession), has_more: z.boolean().optional() }).loose();

export class WebhookSignatureError extends Error {}

export interface WebCheckout {
  createSession(input: { priceId: string; userId: string; productId: string; successUrl: string; cancelUrl: string }): Promise<CheckoutSession>;
  session(id: string): Promise<CheckoutSession>;
  /** The checkout session that created this payment intent, if any. */
  sessionOfPaymentIntent(paymentIntent: string): Promise<CheckoutSession | null>;
  /** One page of the sessions created since `createdGte` (unix seconds), newest first ("List all
   * Checkout Sessions": created[gte], limit, starting_after; has_more says another page follows). */
  recentSessions(createdGte: number, startingAfter?: string): Promise<{ data: CheckoutSession[]; hasMore: boolean }>;
  /** The event, once its signature and timestamp are checked; a WebhookSignatureError otherwise. */
  verifiedEvent(rawBody: Buffer, signatureHeader: string | undefined, maxAgeS: number): { id: string; type: string; data: { object: Record<string, unknown> } };
}

export class WebCheckoutApi implements WebCheckout {
  private readonly stripe: Stripe;
  constructor(private readonly secretKey: string, private readonly webhookSecret: string, private readonly apiBase: string, private readonly fetchImpl: typeof fetch = fetch) {
    // Only its webhook check is used: the calls below go to apiBase.
    this.stripe = new Stripe(secretKey);
  }

  private get headers() { return { authorization: `Bearer ${this.secretKey}` }; }

  async createSession(input: { priceId: string; userId: string; productId: string; successUrl: string; cancelUrl: string }): Promise<CheckoutSession> {
    const form = new URLSearchParams({
      mode: 'payment', 'line_items[0][price]': input.priceId, 'line_items[0][quantity]': '1',
      client_reference_id: input.userId, 'metadata[productId]': input.productId,
      success_url: input.successUrl, cancel_url: input.cancelUrl,
    });
    // One Idempotency-Key for the call and its retries ("Idempotent requests"): a retried POST
    // after a 429 or a lost answer never makes a second session.
    const response = await providerFetchRetrying('The checkout', `${this.apiBase}/v1/checkout/sessions`, {
      method: 'POST', headers: { ...this.headers, 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': randomUUID() }, body: form,
    }, this.fetchImpl);
    return providerJson('The checkout', response, CheckoutSession);
  }

  async session(id: string): Promise<CheckoutSession> {
    const response = await providerFetchRetrying('The checkout', `${this.apiBase}/v1/checkout/sessions/${encodeURIComponent(id)}`, { headers: this.headers }, this.fetchImpl);
    return providerJson('The checkout', response, CheckoutSession);
  }

  async sessionOfPaymentIntent(paymentIntent: string): Promise<CheckoutSession | null> {
    const query = new URLSearchParams({ payment_intent: paymentIntent, limit: '1' });
    const response = await providerFetchRetrying('The checkout', `${this.apiBase}/v1/checkout/sessions?${query}`, { headers: this.headers }, this.fetchImpl);
    return (await providerJson('The checkout', response, SessionList)).data[0] ?? null;
  }

  async recentSessions(createdGte: number, startingAfter?: string): Promise<{ data: CheckoutSession[]; hasMore: boolean }> {
    const query = new URLSearchParams({ 'created[gte]': String(Math.floor(createdGte)), limit: '100' });
    if (startingAfter) query.set('starting_after', startingAfter);
    const response = await providerFetchRetrying('The checkout', `${this.apiBase}/v1/checkout/sessions?${query}`, { headers: this.headers }, this.fetchImpl);
    const page = await providerJson('The checkout', response, SessionList);
    return { data: page.data, hasMore: page.has_more === true };
  }

  verifiedEvent(rawBody: Buffer, signatureHeader: string | undefined, maxAgeS: number) {
    if (!signatureHeader) throw new WebhookSignatureError('no Stripe-Signature header');
    try {
      const event = this.stripe.webhooks.constructEvent(rawBody, signatureHeader, this.webhookSecret, maxAgeS);
      return event as unknown as { id: string; type: string; data: { object: Record<string, unknown> } };
    } catch (error) {
      throw new WebhookSignatureError((error as Error).message);
    }
  }
}
