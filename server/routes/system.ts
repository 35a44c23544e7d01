import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { altchaChallenge, config as configEndpoint, health } from '../../contract/system';
import { unavailable } from '../errors';
import { route } from '../route';

export async function systemRoutes(app: FastifyInstance): Promise<void> {
  route(app, health, async () => {
    try {
      await sql`SELECT 1`.execute(app.db);
    } catch {
      throw unavailable('Database unavailable', 'DB_DOWN');
    }
    return { status: 'ok' as const, database: app.dbKind };
  });

  route(app, configEndpoint, async () => ({
    botCheck: app.botCheck.publicConfig,
    discord: { enabled: Boolean(app.config.DISCORD_CLIENT_ID && app.config.DISCORD_CLIENT_SECRET), clientId: app.config.DISCORD_CLIENT_ID ?? null, authorizeUrl: app.config.DISCORD_AUTHORIZE_URL },
    version: app.config.APP_VERSION,
  }));

  route(app, altchaChallenge, async ({ reply }) => {
    if (!app.altcha) throw unavailable('The self-hosted bot check is not in use on this server');
    reply.header('cache-control', 'no-store');
    return app.altcha.challenge() as Promise<{ parameters: Record<string, unknown> }>;
  });
}
