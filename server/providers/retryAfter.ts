// Calls to a provider that rate-limits with HTTP 429 and says when to come back: Discord
// ("Rate Limits": a 429 carries a Retry-After header and a JSON body with retry_after, in
// seconds, possibly fractional) and Stripe ("Rate limits": 429, back off and retry). A 429 is
// waited out and tried again while the wait stays short (a player or a webhook is waiting on the
// answer); a longer one, or one too many, becomes a ProviderError with status 429 and the wait,
// which the routes answer 503 with Retry-After (try again then) rather than hammer the provider.
import { ProviderError } from './providerFetch';

/** The longest single wait spent inside one call, and the most tries of one call. */
export const RETRY_WAIT_LIMIT_MS = 2_000;
export const RETRY_TRIES = 3;

/** A provider that asked us to wait: `retryAfterS` seconds. */
export class ProviderRateLimited extends ProviderError {
  constructor(name: string, readonly retryAfterS: number) { super(`${name} asked to wait ${retryAfterS}s (429)`, 429); }
}

/** Seconds a 429 asks for: Discord's body retry_after (fractional, the precise one), else the
 * Retry-After header (whole seconds), else one. */
export async function retryAfterOf(response: Response): Promise<number> {
  const body = await response.clone().json().catch(() => null) as { retry_after?: unknown } | null;
  const field = typeof body?.retry_after === 'number' ? body.retry_after : NaN;
  if (Number.isFinite(field) && field >= 0) return field;
  const raw = response.headers.get('retry-after');
  const header = raw === null || raw.trim() === '' ? NaN : Number(raw);
  return Number.isFinite(header) && header >= 0 ? header : 1;
}

export interface RetryOptions { waitLimitMs?: number; tries?: number; sleep?: (ms: number) => Promise<void> }

const pause = (ms: number) => new Promise<void>((resolve) => { setTimeout(resolve, ms).unref?.(); });

/**
 * One outside call that honours 429: each short Retry-After is slept and the call made again;
 * the answer is the first that is not a 429 (its status left to the caller to judge). A network
 * failure is a ProviderError; a wait over the bound, or the last try's 429, a ProviderRateLimited.
 */
export async function fetchHonouringRetryAfter(name: string, url: string, init: RequestInit, fetchImpl: typeof fetch = fetch, options: RetryOptions = {}): Promise<Response> {
  const waitLimit = options.waitLimitMs ?? RETRY_WAIT_LIMIT_MS;
  const tries = options.tries ?? RETRY_TRIES;
  const sleep = options.sleep ?? pause;
  for (let attempt = 1; ; attempt++) {
    let response: Response;
    try {
      response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(10_000) });
    } catch (error) {
      throw new ProviderError(`${name} unreachable: ${(error as Error).message}`);
    }
    if (response.status !== 429) return response;
    const seconds = await retryAfterOf(response);
    if (attempt >= tries || seconds * 1000 > waitLimit) throw new ProviderRateLimited(name, Math.max(1, Math.ceil(seconds)));
    await sleep(seconds * 1000);
  }
}

/** As providerFetch (a non-2xx answer is a ProviderError), with the 429 rule above. */
export async function providerFetchRetrying(name: string, url: string, init: RequestInit, fetchImpl: typeof fetch = fetch, options: RetryOptions = {}): Promise<Response> {
  const response = await fetchHonouringRetryAfter(name, url, init, fetchImpl, options);
  if (!response.ok) throw new ProviderError(`${name} answered ${response.status}`, response.status);
  return response;
}
