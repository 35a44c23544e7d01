// The session cache (services/accounts/sessionCache.ts) as app.sessions, and request.user. The session (its
// Authorization: Bearer header, else its cookie) is looked up only by the endpoints that use the
// player: access 'user', or a public reader marked `readsPlayer` in the contract (server/route.ts
// does it, with loadPlayerThen from http/sessions.ts).
// Assets, config, catalogue and sprites never touch the session store, whatever cookie comes.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { SessionCache } from '../services/accounts/sessionCache';
import { onSessionRevoked } from '../services/accounts/sessions';

export async function registerSessions(app: FastifyInstance): Promise<void> {
  const { SESSION_CACHE_MS } = app.config;
  // Other processes exist only on PostgreSQL: there the cache hears their revocations (its
  // listener is started with every other one, plugins/listeners.ts). PGlite is one process: its
  // own announcements (onSessionRevoked) are all there is.
  const hearOthers = SESSION_CACHE_MS > 0 && app.dbKind === 'postgres';
  const cache = new SessionCache(app.db, SESSION_CACHE_MS, hearOthers);
  const stopLocal = onSessionRevoked((revocation) => cache.forget(revocation));
  app.addHook('onClose', async () => { stopLocal(); });
  app.decorate('sessions', cache);
  app.decorateRequest('user', null);
}

export default fp(registerSessions, { name: 'sessions', dependencies: ['config', 'database', '@fastify/cookie'] });
