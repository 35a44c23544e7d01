// Reads the session cookie on every request and attaches the user (or null).
import type { FastifyInstance } from 'fastify';
import { findSession, SESSION_COOKIE } from '../services/sessions';

export function registerSessions(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    request.user = token ? await findSession(app.db, token) : null;
  });
}
