// buildApp(config): the whole API as a Fastify instance, and nothing else: no migration, no
// write, no timer (that is the start-up step, server/start.ts; `npm start` runs both). Named
// plugins in order, as in fastify/demo, each naming the plugins it needs (fastify-plugin
// `dependencies`, checked as it is registered):
//  1. external (plugins/external/): config, database, cookies, rate limit, OpenAPI document;
//  2. the app's own (plugins/): errors, request log, security, bot check, password work,
//     sessions, bridge, crate shops, purchase products, live events, listeners (every LISTEN),
//     drain, metrics;
//  3. routes (plugins/routes.ts: routes/<area>.ts and /api/docs), then the built shell and the
//     game build (plugins/static.ts).
import Fastify, { LogController, type FastifyBodyParser, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { trustProxyOf, type Config } from './config';
import type { DbHandle } from './db/createDb';
import { HttpError } from './errors';
import { lazyRequestLogger } from './http/requestLogger';
import configPlugin from './plugins/external/config';
import databasePlugin from './plugins/external/database';
import openApiPlugin from './plugins/external/openApi';
import rateLimitPlugin from './plugins/external/rateLimit';
import bridgePlugin from './plugins/bridge';
import botCheckPlugin from './plugins/botCheck';
import cratesPlugin from './plugins/crates';
import purchasesPlugin from './plugins/purchases';
import featuresPlugin from './plugins/features';
import passwordWorkPlugin from './plugins/passwordWork';
import errorsPlugin, { frameworkErrors } from './plugins/errors';
import requestLogPlugin from './plugins/requestLog';
import routesPlugin from './plugins/routes';
import securityPlugin from './plugins/security';
import sessionsPlugin from './plugins/sessions';
import liveEventsPlugin from './plugins/liveEvents';
import listenersPlugin from './plugins/listeners';
import drainPlugin from './plugins/drain';
import metricsPlugin from './plugins/metrics';
import purchaseProvidersPlugin from './plugins/purchaseProviders';
import type { PurchaseService } from './services/purchases/purchaseService';
import staticPlugin from './plugins/static';

/** The deepest JSON body accepted. No request of ours nests past a handful of levels; a body of
 * thousands of levels (64 KiB allows ~13,000) would make every recursive walk of it (the
 * Idempotency-Key's hash, logging, a schema) overflow the stack: a 500 for bad input. */
export const MAX_JSON_DEPTH = 64;

/** How deeply `text` nests objects and arrays (brackets inside strings do not count). Linear, no
 * parse: it runs before JSON.parse. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // a backslash: the next character is escaped
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) { if (++depth > deepest) deepest = depth; }
    else if (c === 125 || c === 93) depth--;
  }
  return deepest;
}

/** The app's JSON body parser around Fastify's own (`parse`): an empty body is "no data", and a
 * body nested past MAX_JSON_DEPTH is refused before it is parsed. */
export function jsonBodyParser(parse: FastifyBodyParser<string>): FastifyBodyParser<string> {
  return (request, body, done) => {
    if (body === '') { done(null, undefined); return; }
    const text = body.toString();
    if (jsonDepth(text) > MAX_JSON_DEPTH) { done(new HttpError(400, 'The JSON body is nested too deeply', 'INVALID_INPUT'), undefined); return; }
    parse(request, text, done);
  };
}

export interface BuildOptions {
  /** Use this database instead of opening one from the config (tests share one per file). */
  database?: DbHandle;
  logger?: boolean;
  /** Where the log goes (default stdout). */
  logStream?: { write(line: string): void };
  /** The purchase ledger service and its product table (plugins/purchaseProviders.ts): the ledger's
   * (services/purchases/ledger.ts) when left out; null: nothing is sold. */
  purchases?: PurchaseService | null;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false || config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL, ...(options.logStream ? { stream: options.logStream } : {}) },
    trustProxy: trustProxyOf(config.TRUST_PROXY),
    bodyLimit: 64 * 1024,
    // A new PGlite database runs initdb while the database plugin opens it: ~3 s on a quiet
    // machine, past Fastify's default 10 s on a loaded one (the first start then failed).
    pluginTimeout: 120_000,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors,
    // Fastify's own two lines per request cost ~13% of a cheap request's CPU:
    // the request-log plugin writes one line for the requests worth it.
    logController: new LogController({ disableRequestLogging: true }),
    // request.log made on the request's first line, not for every request (http/requestLogger.ts).
    childLoggerFactory: lazyRequestLogger,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A POST with `content-type: application/json` and no body at all means "no data" (the shell's
  // fetches of body-less actions), not a parse error.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, jsonBodyParser(app.getDefaultJsonParser('error', 'error')));

  // 1. external
  await app.register(configPlugin, { config });
  await app.register(databasePlugin, { database: options.database });
  // No parsing hook: most requests never read a cookie (assets, the catalogue, every public
  // read), so a request's cookies are parsed when first asked for (http/sessions.ts cookieOf).
  await app.register(cookie, { hook: false });
  await app.register(rateLimitPlugin);
  await app.register(openApiPlugin);
  // 2. the app's own; errors, request log and security before any route, so that their hooks
  // and handlers cover every one
  await app.register(errorsPlugin);
  await app.register(requestLogPlugin);
  await app.register(securityPlugin);
  await app.register(botCheckPlugin);
  await app.register(passwordWorkPlugin);
  await app.register(sessionsPlugin);
  await app.register(bridgePlugin);
  await app.register(cratesPlugin);
  await app.register(purchasesPlugin);
  await app.register(featuresPlugin);
  await app.register(liveEventsPlugin);
  await app.register(listenersPlugin);
  await app.register(drainPlugin);
  await app.register(metricsPlugin);
  await app.register(purchaseProvidersPlugin, { service: options.purchases });
  // 3. routes
  await app.register(routesPlugin);
  await app.register(staticPlugin);
  return app;
}
