// What the payment providers' fakes share: their switches (set by tests, or over HTTP with
// `POST /fake/<host>/switches`), reading a request body, answering JSON, and sending a signed
// webhook to the configured target (a URL, or a function for API tests that inject).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';

export interface FakeSwitches {
  /** The provider never sends its webhook (the product must find the purchase another way). */
  webhookNever: boolean;
  /** Every webhook is sent twice. */
  webhookTwice: boolean;
  /** The next n consume calls fail with a 500. */
  consumeFailsTimes: number;
  /** Each webhook is sent this many ms later, in the background (`late`; 0: at once). */
  webhookDelayMs?: number;
  /** Each webhook is held back and sent after the next one (out of order). */
  webhookOutOfOrder?: boolean;
  /** The next n API calls are answered 429 with Retry-After (the providers' rate limits). */
  rateLimitTimes?: number;
  /** Every API call is answered this many ms late (a slow moment at the provider). */
  slowMs?: number;
}
export const defaultSwitches = (): FakeSwitches => ({ webhookNever: false, webhookTwice: false, consumeFailsTimes: 0, webhookDelayMs: 0, webhookOutOfOrder: false, rateLimitTimes: 0 });

/** `POST /fake/<host>/switches` body: any switch, and `refund`: a purchase id to refund now. */
export const SwitchesBody = z.object({
  webhookNever: z.boolean().optional(), webhookTwice: z.boolean().optional(),
  consumeFailsTimes: z.number().int().min(0).max(1000).optional(), refund: z.string().min(1).max(200).optional(),
  webhookDelayMs: z.number().int().min(0).max(600_000).optional(), webhookOutOfOrder: z.boolean().optional(),
  rateLimitTimes: z.number().int().min(0).max(1000).optional(), slowMs: z.number().int().min(0).max(60_000).optional(),
}).strict();

export interface WebhookDelivery { headers: Record<string, string>; body: string }
/** Where webhooks go: a URL, or a function answering the status (API tests inject into the app). */
export type WebhookTarget = string | ((delivery: WebhookDelivery) => Promise<number>);

export async function deliver(target: WebhookTarget | null, delivery: WebhookDelivery): Promise<number | null> {
  if (!target) return null;
  if (typeof target === 'function') return target(delivery);
  try {
    const response = await fetch(target, { method: 'POST', headers: delivery.headers, body: delivery.body, signal: AbortSignal.timeout(10_000) });
    return response.status;
  } catch {
    return null;
  }
}

/** Deliveries held back by webhookOutOfOrder (sent after the next one), and late ones under way. */
const heldBack = new WeakMap<FakeSwitches, Array<() => Promise<number | null>>>();
export const lateDeliveries = new Set<Promise<unknown>>();

/** Sends per the switches (never, once, twice, late, out of order); the statuses the target
 * answered now (none for a late or held one). */
export async function sendWebhook(switches: FakeSwitches, target: WebhookTarget | null, make: () => WebhookDelivery): Promise<Array<number | null>> {
  if (switches.webhookNever) return [];
  const send = async () => {
    const statuses = [await deliver(target, make())];
    if (switches.webhookTwice) statuses.push(await deliver(target, make()));
    return statuses;
  };
  const held = heldBack.get(switches) ?? [];
  if (switches.webhookOutOfOrder && held.length === 0) {
    heldBack.set(switches, [async () => (await send())[0] ?? null]);
    return [];
  }
  heldBack.set(switches, []);
  if (switches.webhookDelayMs) {
    const late = new Promise((resolve) => { setTimeout(resolve, switches.webhookDelayMs); }).then(send).then(async () => { for (const h of held) await h(); });
    lateDeliveries.add(late);
    void late.finally(() => lateDeliveries.delete(late));
    return [];
  }
  const statuses = await send();
  for (const h of held) statuses.push(await h());
  return statuses;
}

/** A provider's 429 when the switch says so: true when it answered. */
export function rateLimited(res: ServerResponse, switches: FakeSwitches, retryAfterS: number, body: unknown, headers: Record<string, string> = {}): boolean {
  if (!switches.rateLimitTimes) return false;
  switches.rateLimitTimes -= 1;
  sendJson(res, 429, body, { 'retry-after': String(retryAfterS), ...headers });
  return true;
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.on('data', (c: Buffer) => { body += c.toString(); if (body.length > 100_000) req.destroy(); });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

export function sendJson(res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}): true {
  res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*', ...headers });
  res.end(body === undefined ? '' : JSON.stringify(body));
  return true;
}

/** A snowflake-looking id (Discord's are 17-20 digits). */
let counter = 0;
export function snowflake(): string {
  counter += 1;
  return `${BigInt(Date.now() - 1_420_070_400_000) << 22n | BigInt(counter % 4096)}`;
}

export const fakeSecret = (kind: string) => `fake_${kind}_${randomBytes(16).toString('hex')}`;

/** Applies a switches body; answers the switches as they now are (refund is the caller's). */
export async function switchesRequest(req: IncomingMessage, res: ServerResponse, switches: FakeSwitches, refund: (id: string) => Promise<boolean>): Promise<true> {
  let body: unknown;
  try { body = JSON.parse(await readBody(req) || '{}'); } catch { return sendJson(res, 400, { error: 'JSON body' }); }
  const s = SwitchesBody.safeParse(body);
  if (!s.success) return sendJson(res, 400, { error: s.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') });
  const { refund: refundId, ...rest } = s.data;
  Object.assign(switches, rest);
  if (refundId && !(await refund(refundId))) return sendJson(res, 404, { error: `no purchase ${refundId}` });
  return sendJson(res, 200, switches);
}
