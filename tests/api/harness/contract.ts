// What the harness knows about an endpoint from its contract declaration alone, and the one
// rule every answer must follow: 2xx matches the response schema and names nothing beyond it,
// 4xx is the JSON error shape, 5xx never happens. Every harness test (fuzz, security, authz,
// bench) goes through these.
import type { EndpointDef } from '../../../contract/http';
import { z } from 'zod';
import { ErrorBody } from '../../../contract/http';

/** The key the example registry and the reports use: `POST /api/login`. */
export const endpointKey = (endpoint: Pick<EndpointDef, 'method' | 'path'>): string => `${endpoint.method} ${endpoint.path}`;

export const isStateChanging = (endpoint: EndpointDef): boolean => endpoint.method !== 'GET';

/** `:uuid` style parameters in the declared path (the params schema must declare the same). */
export function pathParamNames(endpoint: EndpointDef): string[] {
  return [...endpoint.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? '');
}

/**
 * Parameters that point at something a player owns: a user uuid or the id of an owned resource.
 * By name, because that is what the contract gives us; an example entry can override the guess
 * (examples.ts, `ownerParams`).
 */
export const OWNER_PARAM = /(^|_)(uuid|id)$|Id$|Uuid$/;

/** The strict error shape: {error, detail?, code} and nothing else (no stack, no statusCode);
 * every answer carries its stable code (contract/texts.ts) for the shell to translate by. */
export const StrictErrorBody = ErrorBody.extend({ code: z.string().regex(/^[A-Z][A-Z0-9_]*$/) }).strict();

export interface Answer {
  status: number;
  contentType: string | undefined;
  body: string;
}

/**
 * Checks one answer against the contract. Returns a problem description, or null when the
 * answer is acceptable: 2xx matching the response schema and naming nothing beyond it, or 4xx
 * with the strict error shape (or the deliberate 503 NOT_CONFIGURED below).
 */
export function contractProblem(endpoint: EndpointDef | null, answer: Answer): string | null {
  const { status } = answer;
  if (status >= 500 && !notConfigured(answer)) return `answered ${status}: ${answer.body.slice(0, 200)}`;
  if (status >= 200 && status < 300) {
    if (!endpoint) return `answered ${status} for a request that matches no endpoint`;
    if (endpoint.raw) return null;
    const raw = parseJson(answer.body);
    const parsed = endpoint.response.safeParse(raw);
    if (!parsed.success) return `2xx body does not match the response schema: ${parsed.error.message.slice(0, 300)} body=${answer.body.slice(0, 200)}`;
    const extra = fieldBeyond(raw, parsed.data, '');
    return extra === null ? null : `2xx body names ${extra}, which the response schema does not: body=${answer.body.slice(0, 200)}`;
  }
  if (status >= 300 && status < 400) return endpoint?.raw ? null : `answered ${status} (a redirect) from a JSON endpoint`;
  if (!answer.contentType?.startsWith('application/json')) return `${status} answered with content-type ${answer.contentType}`;
  const error = StrictErrorBody.safeParse(parseJson(answer.body));
  return error.success ? null : `${status} body is not the error shape {error, detail?, code}: ${answer.body.slice(0, 200)}`;
}

/**
 * The first field of `raw` that its parse dropped: the schema's objects strip what they do not
 * name, so a field of the answer missing from the parse is one the contract does not have. A
 * route with a trusted answer (server/route.ts) writes its object without zod's pass on the way
 * out, so a row or an object with more in it would otherwise reach the player unseen.
 */
function fieldBeyond(raw: unknown, parsed: unknown, path: string): string | null {
  if (Array.isArray(raw) && Array.isArray(parsed)) {
    for (let i = 0; i < raw.length; i++) {
      const extra = fieldBeyond(raw[i], parsed[i], `${path}[${i}]`);
      if (extra !== null) return extra;
    }
    return null;
  }
  if (!isRecord(raw) || !isRecord(parsed)) return null;
  for (const [key, value] of Object.entries(raw)) {
    const at = path ? `${path}.${key}` : key;
    if (!(key in parsed)) return at;
    const extra = fieldBeyond(value, parsed[key], at);
    if (extra !== null) return extra;
  }
  return null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The one acceptable 5xx: 503 NOT_CONFIGURED, a feature whose third party is not set up on
 * this server (Discord without a client secret): deliberate, in the error shape, not a crash.
 * Purchases name theirs PURCHASES_NOT_CONFIGURED (the shell tells a host without packs apart).
 */
function notConfigured(answer: Answer): boolean {
  if (answer.status !== 503) return false;
  const body = StrictErrorBody.safeParse(parseJson(answer.body));
  return body.success && (body.data.code === 'NOT_CONFIGURED' || body.data.code === 'PURCHASES_NOT_CONFIGURED');
}

function parseJson(text: string): unknown {
  try { return JSON.parse(text); } catch { return Symbol('not JSON'); }
}
