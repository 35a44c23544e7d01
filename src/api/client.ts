// The shell's typed API client, built on contract/: paths and payloads come from the endpoint
// declarations, every request sends credentials (cookies), and answers are parsed with zod, so
// a server that answers something else is an error here rather than a crash later. Where the
// session cookie did not stick, the session travels as a bearer token (./sessionToken).
import { buildPath, CLIENT_HEADER, ErrorBody, errorBodyText, IDEMPOTENCY_HEADER, type BodyOf, type EndpointDef, type ResponseOf } from '../../contract/http';
import { followSession, sessionHeaders } from './sessionToken';
import { hostHeaders } from './requestHost';

/** A non-ok answer. Its text for the player is src/api/errors.ts's errorText (one precedence). */
export class ApiError extends Error {
  constructor(readonly status: number, readonly body: ErrorBody | null, fallback: string) {
    super(errorBodyText(body) ?? fallback);
  }
  get code(): string | undefined { return this.body?.code; }
}

/** Who hears every refusal the server answers (the feature policy reads again on FEATURE_OFF). */
const refusalListeners = new Set<(error: ApiError) => void>();
export function onRefusal(listener: (error: ApiError) => void): () => void {
  refusalListeners.add(listener);
  return () => { refusalListeners.delete(listener); };
}

/** A network failure (no answer at all). */
export class NetworkError extends Error {}

export type CallOptions<E extends EndpointDef> = {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: BodyOf<E>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
} & (E['movesValue'] extends true
  // The attempt's key, from the operation that owns the attempt (src/api/attempts.ts).
  ? { idempotencyKey: string }
  : { idempotencyKey?: never });

/** The first argument of `call` can be omitted only where nothing is required. */
type OptionsArg<E extends EndpointDef> = E['movesValue'] extends true ? [options: CallOptions<E>] : [options?: CallOptions<E>];

export async function call<E extends EndpointDef>(endpoint: E, ...[maybeOptions]: OptionsArg<E>): Promise<ResponseOf<E>> {
  const options: { idempotencyKey?: string } & Omit<CallOptions<EndpointDef>, 'idempotencyKey'> = maybeOptions ?? {};

  let url = buildPath(endpoint.path, options.params);
  if (options.query) {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(options.query)) if (v !== undefined) search.set(k, String(v));
    const text = search.toString();
    if (text) url += `?${text}`;
  }
  const hasBody = endpoint.method !== 'GET' && endpoint.method !== 'DELETE';
  // Every call that moves value carries its attempt's Idempotency-Key; the client never makes one
  // up (a fresh key here would make a retry of the attempt a second purchase).
  if (endpoint.movesValue && !options.idempotencyKey) throw new Error(`${endpoint.method} ${endpoint.path} moves value: pass its attempt's idempotencyKey`);
  const key: Record<string, string> = options.idempotencyKey ? { [IDEMPOTENCY_HEADER]: options.idempotencyKey } : {};
  let response: Response;
  try {
    response = await fetch(url, {
      method: endpoint.method,
      credentials: 'include',
      // A change always goes as a request no other site can send without asking (JSON and our
      // header): the server refuses a cookie-carrying POST that any page could have sent.
      headers: { accept: 'application/json', ...(endpoint.method === 'GET' ? {} : { [CLIENT_HEADER]: '1' }), ...(hasBody ? { 'content-type': 'application/json' } : {}), ...sessionHeaders(), ...hostHeaders(), ...key, ...options.headers },
      ...(hasBody ? { body: JSON.stringify(options.body ?? {}) } : {}),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new NetworkError((error as Error).message);
  }
  await followSession(endpoint.method, endpoint.path, response);
  let json: unknown;
  try { json = await response.json(); } catch { json = null; }
  if (!response.ok) {
    const parsed = ErrorBody.safeParse(json);
    const error = new ApiError(response.status, parsed.success ? parsed.data : null, `Request failed (${response.status})`);
    for (const listener of refusalListeners) listener(error);
    throw error;
  }
  const parsed = endpoint.response.safeParse(json);
  if (!parsed.success) throw new ApiError(response.status, null, `Unexpected answer from ${endpoint.path}`);
  return parsed.data as ResponseOf<E>;
}
