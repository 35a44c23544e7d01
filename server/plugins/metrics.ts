// GET /metrics (Prometheus text format, services/system/metrics.ts) and the hooks that feed it. Kept
// from the public by a token: `Authorization: Bearer $METRICS_TOKEN`; without METRICS_TOKEN the
// endpoint does not exist (404), with a wrong or missing token it answers 401. Every process
// reports its own figures: scrape each one (they sit behind the same load balancer as the API,
// so a scraper reaches them by their own addresses).
import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import { unauthorized } from '../errors';
import { Metrics, type RouteFigures } from '../services/system/metrics';
import { onPosting, onPurchase } from '../services/system/observe';
import { REPLAY_HEADER } from '../http/idempotency';

export const METRICS_PATH = '/metrics';
const codes = new WeakMap<FastifyRequest, string>();

function tokenMatches(header: string | undefined, token: string): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice(7));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export default fp(async (app) => {
  const metrics = new Metrics({ pool: app.dbPool, databaseKind: app.dbKind, openStreams: () => app.liveEvents.open });
  app.decorate('metrics', metrics);
  const stop = onPosting((reason) => metrics.postings.inc({ reason }));
  const stopPurchases = onPurchase((note) => metrics.purchase(note));
  app.addHook('onClose', async () => { stop(); stopPurchases(); });

  // An error answer's code (the bot check's refusals), read from the JSON on its way out. A
  // callback hook: every answer passes here, and an async one cost a promise each time.
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
    if (reply.statusCode >= 400 && typeof payload === 'string') {
      const code = /"code":"([A-Z_]{1,64})"/.exec(payload)?.[1];
      if (code) codes.set(request, code);
    }
    done(null, payload);
  });
  const answered = (request: FastifyRequest, reply: FastifyReply, figures: RouteFigures) => {
    metrics.observe(figures, reply.statusCode, reply.elapsedTime / 1000, codes.get(request) ?? null, reply.getHeader(REPLAY_HEADER) === 'true');
  };
  // Each route counts its answers with a hook of its own that holds the route's figures, found
  // once here (a hook for every route would read request.routeOptions, a new object each time,
  // and look the route up by name). Every route is registered after this plugin (server/app.ts).
  const counting = new WeakSet<onResponseHookHandler>();
  app.addHook('onRoute', (options) => {
    const own = options.onResponse === undefined ? [] : Array.isArray(options.onResponse) ? options.onResponse : [options.onResponse];
    if (own.some((hook) => counting.has(hook))) return;
    const route = options.url;
    let figures: RouteFigures | null = null;
    const count: onResponseHookHandler = (request, reply, done) => {
      // One figure set per method: a route of several methods (and HEAD) asks once per method.
      const method = request.method;
      if (figures?.method !== method) figures = metrics.figuresOf(method, route);
      answered(request, reply, figures);
      done();
    };
    counting.add(count);
    options.onResponse = [...own, count];
  });
  // Requests that matched no route (Fastify's not-found answer, a malformed URL) have no route hook.
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) answered(request, reply, metrics.figuresOf(request.method, 'unmatched'));
    done();
  });

  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const token = app.config.METRICS_TOKEN;
    if (!token) return reply.callNotFound();
    if (!tokenMatches(request.headers.authorization, token)) throw unauthorized('A metrics token is needed');
    reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store');
    return metrics.registry.metrics();
  });
}, { name: 'metrics', dependencies: ['config', 'database', 'live-events'] });
