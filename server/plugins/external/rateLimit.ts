// The global rate limit (@fastify/rate-limit, RATE_LIMIT_PER_MINUTE per address, IPv6 by /64). Its counters
// live in Redis when REDIS_URL is set (every process shares them and a restart keeps them), else
// in this process's memory. Redis unreachable: requests go through (skipOnError) and the error is
// logged; the sign-in limits live in the database regardless. RATE_LIMIT_PER_MINUTE=0 turns it
// off: then the limiter is not registered at all (it answered every request through three
// promises only to let it pass).
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { addressKeyOf } from '../../services/system/rateLimit';

export default fp(async (app) => {
  const { config } = app;
  if (config.RATE_LIMIT_PER_MINUTE === 0) return;
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { connectTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: false }) : null;
  if (redis) {
    redis.on('error', (err: unknown) => { app.log.warn({ err }, 'rate-limit redis error'); });
    app.addHook('onClose', async () => { await redis.quit().catch(() => redis.disconnect()); });
  }
  await app.register(rateLimit, {
    global: true,
    ...(redis ? { redis, nameSpace: 'tripshell-rl:', skipOnError: true } : {}),
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    // Per address, an IPv6 client's whole /64 counting as one (services/system/rateLimit.ts).
    keyGenerator: (request) => addressKeyOf(request.ip),
  });
}, { name: 'rate-limit', dependencies: ['config'] });
