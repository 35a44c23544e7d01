// buildApp(config): the whole API as a Fastify instance. Plugins in order: config, database,
// security, cookies, rate limit, app services (sessions, bot check), routes, static files.
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { trustProxyOf, type Config } from './config';
import { createDb, type DbHandle } from './db/createDb';
import { migrate } from './db/migrate';
import { seed } from './db/seed';
import { frameworkErrors, registerErrorHandling } from './plugins/errors';
import { registerRequestLog } from './plugins/requestLog';
import { registerSecurity } from './plugins/security';
import { registerSessions } from './plugins/sessions';
import { registerStatic } from './plugins/static';
import { AltchaProvider, TurnstileProvider, type BotCheckProvider } from './providers/botCheck';
import { serverSecret } from './services/secrets';
import { schedulePruning } from './services/maintenance';
import { authRoutes } from './routes/auth';
import { systemRoutes } from './routes/system';
import { progressRoutes } from './routes/progress';
import { profileRoutes } from './routes/profile';
import { releaseRoutes } from './routes/releases';
import { clanRoutes } from './routes/clans';
import { accountRoutes } from './routes/accounts';
import { bridgeRoutes } from './routes/bridge';
import { economyRoutes } from './routes/economy';
import { marketplaceRoutes } from './routes/marketplace';
import { coinflipRoutes } from './routes/coinflip';
import { crateRoutes } from './routes/crates';
import { settingsRoutes } from './routes/settings';
import { legalRoutes } from './routes/legal';

export interface BuildOptions {
  /** Use this database instead of opening one from the config (tests share one per file). */
  database?: DbHandle;
  logger?: boolean;
  /** Where the log goes (default stdout). */
  logStream?: { write(line: string): void };
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false || config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL, ...(options.logStream ? { stream: options.logStream } : {}) },
    trustProxy: trustProxyOf(config.TRUST_PROXY),
    bodyLimit: 64 * 1024,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors,
    // Fastify's own two lines per request cost ~13% of a cheap request's CPU (issue 17):
    // registerRequestLog writes one line for the requests worth it.
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerRequestLog(app, config);
  // A POST with `content-type: application/json` and no body at all means "no data" (the shell's
  // fetches of body-less actions), not a parse error.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') { done(null, undefined); return; }
    jsonParser(request, body.toString(), done);
  });

  // config
  app.decorate('config', config);

  // database: migrations and the data every install needs
  const database = options.database ?? await createDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: config.DATABASE_POOL_SIZE });
  const ownsDatabase = !options.database;
  await migrate(database.db);
  await seed(database.db);
  // Expired bot-check tokens, rate-limit windows, idempotency keys...: pruned now and every 10 minutes.
  const pruning = schedulePruning(database.db, app.log);
  await pruning.first;
  app.addHook('onClose', async () => { await pruning.stop(); });
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  if (ownsDatabase) app.addHook('onClose', async () => { await database.close(); });

  // security, cookies, rate limit
  await registerSecurity(app, config);
  await app.register(cookie);
  // The global limit's counters: in Redis when REDIS_URL is set (every process shares them and a
  // restart keeps them), else in this process's memory. Redis unreachable: requests go through
  // (skipOnError) and the error is logged; the sign-in limits live in the database regardless.
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { connectTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: false }) : null;
  if (redis) {
    redis.on('error', (err: unknown) => { app.log.warn({ err }, 'rate-limit redis error'); });
    app.addHook('onClose', async () => { await redis.quit().catch(() => redis.disconnect()); });
  }
  await app.register(rateLimit, {
    global: true,
    ...(redis ? { redis, nameSpace: 'tripshell-rl:', skipOnError: true } : {}),
    max: config.RATE_LIMIT_PER_MINUTE || Number.MAX_SAFE_INTEGER,
    timeWindow: 60_000,
    allowList: () => config.RATE_LIMIT_PER_MINUTE === 0,
  });

  // app services
  const [altchaSecret, altchaKeySecret] = await Promise.all([serverSecret(database.db, 'altcha_hmac'), serverSecret(database.db, 'altcha_key_hmac')]);
  const altcha = new AltchaProvider(altchaSecret, altchaKeySecret, config.ALTCHA_COST, config.ALTCHA_MAX_COUNTER);
  app.decorate('altcha', config.TURNSTILE_SECRET ? null : altcha);
  app.decorate<BotCheckProvider>('botCheck', config.TURNSTILE_SECRET
    ? new TurnstileProvider(config.TURNSTILE_SECRET, config.TURNSTILE_SITE_KEY, config.TURNSTILE_VERIFY_URL)
    : altcha);
  await registerSessions(app);

  // OpenAPI from the contract, at /api/docs
  await app.register(swagger, {
    openapi: { info: { title: 'TripShell API', version: config.APP_VERSION } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // routes
  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(progressRoutes);
  await app.register(profileRoutes);
  await app.register(releaseRoutes);
  await app.register(clanRoutes);
  await app.register(accountRoutes);
  await app.register(bridgeRoutes);
  await app.register(economyRoutes);
  await app.register(marketplaceRoutes);
  await app.register(coinflipRoutes);
  await app.register(crateRoutes);
  await app.register(settingsRoutes);
  await app.register(legalRoutes);

  // the built shell and the game build
  await registerStatic(app, config);
  return app;
}
