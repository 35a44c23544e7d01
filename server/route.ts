// Registers one contract endpoint: validation and OpenAPI from its zod schemas, the access rule
// (public / user / gameServer) enforced before the body is even parsed, Idempotency-Key for every
// endpoint that moves value (services/idempotency.ts), and a typed handler.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BodyOf, EndpointDef, ParamsOf, QueryOf, ResponseOf } from '../contract/http';
import { ErrorBody } from '../contract/http';
import { unauthorized, unavailable } from './errors';
import { loadPlayer } from './plugins/sessions';
import { GAME_SERVER_SCOPE, idempotencyKeyOf, markReplay, once, requestHash } from './services/idempotency';
import type { SessionUser } from './services/sessions';

export interface HandlerContext<E extends EndpointDef> {
  body: BodyOf<E>;
  params: ParamsOf<E>;
  query: QueryOf<E>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The request's Idempotency-Key (movesValue endpoints; the route layer already applied it). */
  idempotencyKey: string | null;
}
export interface UserHandlerContext<E extends EndpointDef> extends HandlerContext<E> {
  user: SessionUser;
}

type Handler<E extends EndpointDef> = E['access'] extends 'user'
  ? (ctx: UserHandlerContext<E>) => Promise<ResponseOf<E>>
  : (ctx: HandlerContext<E>) => Promise<ResponseOf<E>>;

function bearerMatches(header: string | undefined, key: string): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice(7));
  const expected = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function route<E extends EndpointDef>(app: FastifyInstance, endpoint: E, handler: Handler<E>): void {
  const errorResponses = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 410: ErrorBody, 429: ErrorBody, 503: ErrorBody };
  const usesPlayer = endpoint.access === 'user' || endpoint.readsPlayer === true;
  const changesPlayer = usesPlayer && endpoint.method !== 'GET';
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.path.split('/')[2] ?? 'api'],
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.raw ? {} : { response: { 200: endpoint.response, ...errorResponses } }),
    },
    config: { endpoint },
    // onRequest: who may call is settled before the body is parsed or validated, so an
    // anonymous caller learns nothing about the schema (401, never a 400 first).
    onRequest: async (request) => {
      if (usesPlayer) await loadPlayer(app, request);
      if (endpoint.access === 'user' && !request.user) throw unauthorized();
      if (endpoint.access === 'gameServer') {
        const key = app.config.GAME_SERVER_KEY;
        if (!key) throw unavailable('The game server API is not configured (GAME_SERVER_KEY)');
        if (!bearerMatches(request.headers.authorization, key)) throw unauthorized('Invalid game server key');
      }
    },
    // A player's own change (a name, a linked account, a password) is seen by their next request
    // here at once, not after the session cache's few moments; other processes: SESSION_CACHE_MS.
    onResponse: (request, _reply, done) => {
      if (changesPlayer && request.user) app.sessions.forget({ userId: request.user.id });
      done();
    },
    handler: async (request, reply) => {
      // Every endpoint that moves value honours Idempotency-Key here, the same way: one effect
      // per key, the stored answer for a retry, 409 for the key reused on another request.
      const key = endpoint.movesValue ? idempotencyKeyOf(request) : null;
      const scope = endpoint.access === 'gameServer' ? GAME_SERVER_SCOPE : request.user?.id;
      const ctx = {
        body: request.body, params: request.params, query: request.query, request, reply, idempotencyKey: key,
        ...(request.user ? { user: request.user } : {}),
      };
      const run = () => (handler as (c: typeof ctx) => Promise<unknown>)(ctx);
      if (!key || !scope) return run();
      const asked = { params: request.params ?? {}, query: request.query ?? {}, body: request.body ?? {} };
      const { value, replayed } = await once(app.db, { scope, key, endpoint: `${endpoint.method} ${endpoint.path}`, hash: requestHash(asked) }, endpoint.response, run);
      markReplay(reply, replayed);
      return value;
    },
  });
}
