// Registers one contract endpoint: validation and OpenAPI from its zod schemas, the access rule
// (public / user / gameServer) enforced before the handler runs, and a typed handler.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BodyOf, EndpointDef, ParamsOf, QueryOf, ResponseOf } from '../contract/http';
import { ErrorBody } from '../contract/http';
import { unauthorized, unavailable } from './errors';
import type { SessionUser } from './services/sessions';

export interface HandlerContext<E extends EndpointDef> {
  body: BodyOf<E>;
  params: ParamsOf<E>;
  query: QueryOf<E>;
  request: FastifyRequest;
  reply: FastifyReply;
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
    preHandler: async (request) => {
      if (endpoint.access === 'user' && !request.user) throw unauthorized();
      if (endpoint.access === 'gameServer') {
        const key = app.config.GAME_SERVER_KEY;
        if (!key) throw unavailable('The game server API is not configured (GAME_SERVER_KEY)');
        if (!bearerMatches(request.headers.authorization, key)) throw unauthorized('Invalid game server key');
      }
    },
    handler: async (request, reply) => {
      const ctx = {
        body: request.body, params: request.params, query: request.query, request, reply,
        ...(request.user ? { user: request.user } : {}),
      };
      return (handler as (c: typeof ctx) => Promise<unknown>)(ctx);
    },
  });
}
