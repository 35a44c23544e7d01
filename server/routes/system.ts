import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { altchaChallenge, config as configEndpoint, health, ready } from '../../contract/system';
import { supportContact } from '../config';
import { unavailable } from '../errors';
import { constantAnswer, route } from '../route';
import { demoRoundTerms } from './demoGameServer';
import { pendingMigrations, pingDatabase } from '../services/system/health';
import { passwordAttempts } from '../services/accounts/passwordAttempts';

/** How long a successful database check answers for the health endpoint. */
export const HEALTH_REUSE_MS = 250;

export async function systemRoutes(app: FastifyInstance): Promise<void> {
  // The database is asked at most once per HEALTH_REUSE_MS, and concurrent checks share one
  // query: a load balancer's or a monitor's polling never costs a round trip per request
  // (health was 0.13x the bare route), and an outage shows within a quarter second.
  let lastOk = -Infinity;
  let inFlight: Promise<void> | null = null;
  const check = () => inFlight ??= pingDatabase(app.db)
    .then(() => { lastOk = performance.now(); })
    .finally(() => { inFlight = null; });
  route(app, health, async () => {
    if (performance.now() - lastOk >= HEALTH_REUSE_MS) {
      try {
        await check();
      } catch {
        throw unavailable('Database unavailable', 'DB_DOWN');
      }
    }
    return { status: 'ok' as const, database: app.dbKind };
  });

  // Readiness, apart from liveness: a process whose database is not migrated yet (another
  // process is applying migrations, or this one's start-up has not run) or does not answer is
  // alive but must not get traffic. Once every migration is seen applied that is remembered;
  // the database is asked each time (a load balancer polls this every few seconds).
  let migrated = 0;
  route(app, ready, async () => {
    // A stop signal came: out of the load balancer first, while everything else is still served.
    if (app.drain.draining) throw unavailable('This process is shutting down', 'DRAINING');
    try {
      if (!migrated) {
        const { applied, pending } = await pendingMigrations(app.db);
        if (pending.length) throw unavailable(`Migrations not applied yet: ${pending.join(', ')}`, 'NOT_MIGRATED');
        migrated = applied;
      } else {
        await pingDatabase(app.db);
      }
    } catch (error) {
      if ((error as { code?: string }).code === 'NOT_MIGRATED') throw error;
      throw unavailable('Database unavailable', 'DB_DOWN');
    }
    return { status: 'ready' as const, database: app.dbKind, migrations: migrated };
  });

  // Everything in it is fixed for the life of the process (its configuration and its bot check):
  // made on the first request, checked once against the contract (what it leaves out is left
  // out), and written from one string after that. The shell's first read at every start.
  let publicConfig: z.infer<typeof configEndpoint.response> | null = null;
  route(app, configEndpoint, async () => publicConfig ??= constantAnswer(configEndpoint.response.parse({
    botCheck: app.botCheck.publicConfig,
    discord: { enabled: Boolean(app.config.DISCORD_CLIENT_ID && app.config.DISCORD_CLIENT_SECRET), clientId: app.config.DISCORD_CLIENT_ID ?? null, authorizeUrl: app.config.DISCORD_AUTHORIZE_URL },
    version: app.config.APP_VERSION,
    demoRounds: app.config.DEMO_GAME_SERVER ? demoRoundTerms(app.config.DEMO_ROUND_SECONDS) : null,
    support: supportContact(app.config),
  })), { trustedAnswer: true });

  const attempts = passwordAttempts(app.db, app.config);
  route(app, altchaChallenge, async ({ query, request, reply }) => {
    if (!app.altcha) throw unavailable('The self-hosted bot check is not in use on this server');
    reply.header('cache-control', 'no-store');
    return app.altcha.challenge(await attempts.requiredLevel(request, query.username)) as Promise<{ parameters: Record<string, unknown> }>;
  });
}
