// How an API endpoint is declared. Every endpoint lives once in contract/<area>.ts; the server
// registers routes from these declarations (validation + OpenAPI), the shell's API client
// parses answers with them, and the fuzzing harness generates inputs from them.
import { z } from 'zod';
import type { Feature } from './featureNames';

/** The values a player-facing text carries, by name (`count`, `name`, `amount`): numbers as
 * numbers, coin amounts as decimal strings ("300.00"), names as they are. */
export const TextParams = z.record(z.string(), z.union([z.string(), z.number()]));
export type TextParams = z.infer<typeof TextParams>;

/** A player-facing text as a stable code and its values (contract/texts.ts): what the shell words
 * from its catalog. The English beside it (`message`, `error`) is for logs and older shells. */
export const TextRef = z.object({ code: z.string(), params: TextParams.optional() });
export type TextRef = z.infer<typeof TextRef>;

/** What the server says when no part of the contract has a text for it (the error handler's own). */
export const HTTP_TEXT = {
  internal: 'Internal server error',
  rateLimited: 'Too many requests. Please slow down.',
  invalidValue: 'Invalid value',
  invalidRequest: 'Invalid request',
  notFound: 'Not found',
  badRequest: 'Bad request',
  concurrentChange: 'This changed at the same moment through another request. Please try again.',
  invalidJson: 'Invalid JSON body',
  emptyBody: 'Request body is empty',
  tooLarge: 'Request body is too large',
  unsupportedType: 'Unsupported content type',
  invalidLength: 'Invalid content length',
  nulCharacters: 'Text must not contain NUL characters',
} as const;

/** The one error shape every failing request answers with. The server always sets `code` (stable:
 * the error's own, the contract text's, contract/texts.ts, or the HTTP status's); the shell
 * translates by it. `text` is the contract text's code when the error names a code of its own
 * (INSUFFICIENT_FUNDS says CRATE_INSUFFICIENT), `params` the values that text carries.
 * Optional here so an older server's answer still parses. */
export const ErrorBody = z.object({
  error: z.string(),
  detail: z.string().optional(),
  code: z.string().optional(),
  text: z.string().optional(),
  params: TextParams.optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/**
 * The one precedence for the text of an error answer ("the server's error field
 * with a fallback"; clans: "error, else detail"): `error`, else `detail`, else none. An empty
 * text counts as none. The shell's errorText (src/api/errors.ts) adds the caller's fallback.
 */
export function errorBodyText(body: ErrorBody | null | undefined): string | undefined {
  return body?.error || body?.detail || undefined;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint:
 * - `public`: anyone (anonymous included);
 * - `user`: a logged-in player (session cookie); anonymous callers get 401;
 * - `gameServer`: the game's servers, with `Authorization: Bearer <GAME_SERVER_KEY>`;
 * - `admin`: a logged-in player the studio made an admin (`npm run admin -- grant-admin`);
 *   anonymous callers get 401, other players 403. Every admin write honours Idempotency-Key.
 */
export type Access = 'public' | 'user' | 'gameServer' | 'admin';

export interface EndpointDef {
  readonly method: HttpMethod;
  /** Fastify-style path: `/api/getProfile/:uuid`. */
  readonly path: string;
  readonly access: Access;
  /** A `public` endpoint whose answer depends on who is asking (whoami, "mine" flags): the
   * server looks the session up for it. Every other public endpoint never touches the session
   * store, whatever cookie comes along (assets, config, catalogue). */
  readonly readsPlayer?: boolean;
  readonly summary: string;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  /** The 200 answer. */
  readonly response: z.ZodType;
  /** Answers something other than JSON (an image, a redirect). */
  readonly raw?: boolean;
  /** Moves coins or items, and carries an Idempotency-Key: benchmarked and checked by the
   * conservation harness, and the key honoured by server/route.ts (one effect per key, 409 for
   * the key on another request). In the shell every call of it needs its attempt's key (the
   * client refuses one without): the operation owns it, one per attempt, kept for the retry of
   * an attempt that got no answer (src/api/attempts.ts). */
  readonly movesValue?: boolean;
  /** The feature this endpoint is part of: refused (403 FEATURE_OFF, with the studio's message)
   * where the caller's host does not allow it or a console switch has turned it off
   * (contract/features.ts; checked once, by server/route.ts, before the body is read). */
  readonly feature?: Feature;
}

export function defineEndpoint<const E extends EndpointDef>(endpoint: E): E {
  return endpoint;
}

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
export type BodyOf<E extends EndpointDef> = Infer<E['body']>;
export type ParamsOf<E extends EndpointDef> = Infer<E['params']>;
export type QueryOf<E extends EndpointDef> = Infer<E['query']>;
export type ResponseOf<E extends EndpointDef> = z.infer<E['response']>;

/** `/api/getProfile/:uuid` + {uuid} -> `/api/getProfile/<encoded uuid>` */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** A POST that carries no data: no body, an empty body, or `{}` are all accepted. */
export const EmptyBody = z.object({}).loose().nullish();

/** The name of the header that makes a purchase safe to retry. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Sent by the shell with every change it asks for: a header no other site's form or no-cors
 * fetch can send, so the server knows a cookie-carrying POST is not a cross-site forgery. */
export const CLIENT_HEADER = 'x-tripshell-client';
export const IdempotencyKey = z.string().min(8).max(100).regex(/^[A-Za-z0-9_.:-]+$/);
