// The session cache (services/sessionCache.ts) and request.user. The session (its Authorization:
// Bearer header, else its cookie) is looked up only by the endpoints that use the player: access
// 'user', or a public reader marked `readsPlayer` in the contract (server/route.ts does it).
// Assets, config, catalogue and sprites never touch the session store, whatever cookie comes.
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { listenForRevocations, SessionCache } from '../services/sessionCache';
import { sessionTokenOf } from '../http/sessions';
import { onSessionRevoked } from '../services/sessions';

export async function registerSessions(app: FastifyInstance): Promise<void> {
  const { SESSION_CACHE_MS } = app.config;
  // Other processes exist only on PostgreSQL: there the cache hears their revocations, through
  // the process's one LISTEN client (app.dbListen). PGlite is one process: its own announcements
  // (onSessionRevoked) are all there is.
  const hearOthers = SESSION_CACHE_MS > 0 && app.dbKind === 'postgres';
  const cache = new SessionCache(app.db, SESSION_CACHE_MS, hearOthers);
  const stopLocal = onSessionRevoked((revocation) => cache.forget(revocation));
  const listener = hearOthers ? listenForRevocations(app.dbListen, cache, app.log) : null;
  await listener?.started;
  app.addHook('onClose', async () => { stopLocal(); await listener?.close(); });
  app.decorate('sessions', cache);
  app.decorateRequest('user', null);
}

/** Sets request.user from the request's session token (or null). */
export async function loadPlayer(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const token = sessionTokenOf(request);
  request.user = token ? await app.sessions.find(token) : null;
}

/**
 * loadPlayer for a hook: without a token, or with one the session cache holds, request.user is
 * set before this returns and `then` runs at once (no promise: this runs on every signed-in read);
 * otherwise once the store has answered. An error of the store goes to `failed`.
 */
export function loadPlayerThen(app: FastifyInstance, request: FastifyRequest, then: () => void, failed: (error: unknown) => void): void {
  const token = sessionTokenOf(request);
  const cached = token ? app.sessions.cached(token) : null;
  if (cached !== undefined) { request.user = cached; then(); return; }
  app.sessions.find(token as string).then((user) => { request.user = user; then(); }, failed);
}

export default fp(registerSessions, { name: 'sessions', dependencies: ['config', 'database', '@fastify/cookie'] });
