// One outside call as every provider client makes it: a time limit, a failure named for the
// provider (ProviderError: the routes answer PROVIDER_UNAVAILABLE), its JSON answer checked.
import type { z } from 'zod';

/** A provider answered an error or could not be reached (the routes answer PROVIDER_UNAVAILABLE). */
export class ProviderError extends Error {
  constructor(message: string, readonly status: number | null = null) { super(message); }
}

/** One outside call with a time limit; a network failure or a non-2xx answer is a ProviderError. */
export async function providerFetch(name: string, url: string, init: RequestInit, fetchImpl: typeof fetch = fetch): Promise<Response> {
  let response: Response;
  try {
    response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    throw new ProviderError(`${name} unreachable: ${(error as Error).message}`);
  }
  if (!response.ok) throw new ProviderError(`${name} answered ${response.status}`, response.status);
  return response;
}

/** A provider's JSON answer, checked. */
export async function providerJson<T>(name: string, response: Response, schema: z.ZodType<T>): Promise<T> {
  const parsed = schema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new ProviderError(`${name} answered something unexpected`);
  return parsed.data;
}
