// GET /metrics (Prometheus text format, services/system/metrics.ts) and the hooks that feed it. Kept
// from the public by a token: `Authorization: Bearer $METRICS_TOKEN`; without METRICS_TOKEN the
// endpoint does not exist (404), with a wrong or missing token it answers 401. Every process
// reports its own figures: scrape each one (they sit behind the same load balancer as the API,
// so a scraper reaches them by their own addresses).
import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../errors';
import { Metrics } from '../services/system/metrics';
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
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000, codes.get(request) ?? null, reply.getHeader(REPLAY_HEADER) === 'true');
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
