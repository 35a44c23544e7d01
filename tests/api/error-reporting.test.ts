// The server's unexpected errors reach the error tracker (Sentry's Node SDK, server/providers/errorTracker.ts)
// through the one 500 path (server/plugins/errors.ts), scrubbed (contract/errorReports.ts): the
// route's pattern, never its address, no cookies, headers or query, ids and e-mail addresses
// replaced. Against a stand-in of Sentry's envelope ingest (tests/fakes/sentryIngest.ts).
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import errorsPlugin from '../../server/plugins/errors';
import { browserErrorReporting } from '../../server/plugins/static';
import { securityHeaders } from '../../server/plugins/security';
import { startFakeSentry, type FakeSentry } from '../fakes/sentryIngest';
import { testConfig } from './helpers';

const PLAYER = 'alice_private';
const PLAYER_ID = '6f1c2b7e-3d4a-4b8c-9e0f-112233445566';

async function appWith(dsn: string | undefined): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.decorate('config', testConfig({ SENTRY_DSN: dsn, APP_VERSION: '9.8.7', SENTRY_ENVIRONMENT: 'drill' }));
  await app.register(errorsPlugin);
  // A signed-in player, as the sessions plugin would set it.
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => { request.user = { username: PLAYER } as never; });
  app.get('/api/players/:name', async (request) => {
    const { name } = request.params as { name: string };
    throw new Error(`profile of ${PLAYER_ID} (${name}, mail ${name}@example.com) could not be read`);
  });
  app.get('/api/fine', async () => ({ ok: true }));
  await app.ready();
  return app;
}

describe('server errors to the error tracker', () => {
  let sentry: FakeSentry;
  beforeAll(async () => { sentry = await startFakeSentry(); });
  afterAll(async () => { await sentry.close(); });

  it('a 500 reaches the tracker with the release, environment and route, and none of the player\'s data', async () => {
    const app = await appWith(sentry.dsn);
    try {
      const r = await app.inject({
        method: 'GET', url: `/api/players/${PLAYER}?token=sekrit-query&ref=${PLAYER_ID}`,
        headers: { cookie: 'tripshell_session=cookie-value-123', authorization: 'Bearer header-token-456' },
      });
      expect(r.statusCode).toBe(500);
      expect(r.json()).toEqual({ error: expect.any(String), code: 'INTERNAL' });
      // A 4xx is not an unexpected error: nothing is sent for it.
      expect((await app.inject({ method: 'GET', url: '/api/nowhere' })).statusCode).toBe(404);
      const event = await sentry.waitForEvent(() => true);
      expect(event.release).toBe('9.8.7');
      expect(event.environment).toBe('drill');
      expect(event.tags).toMatchObject({ route: '/api/players/:name', method: 'GET', side: 'server' });
      const exception = (event.exception as { values: Array<{ type: string; value: string }> }).values.at(-1);
      expect(exception?.type).toBe('Error');
      expect(exception?.value).toBe('profile of [id] ([player], mail [email]) could not be read');
      const raw = sentry.envelopes.map((e) => e.raw).join('\n');
      for (const secret of [PLAYER, PLAYER_ID, 'sekrit-query', 'cookie-value-123', 'header-token-456', `${PLAYER}@example.com`, `/api/players/${PLAYER}`]) {
        expect(raw, secret).not.toContain(secret);
      }
      expect(sentry.events()).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it('is off without SENTRY_DSN: no tracker, no page data, no ingest in the CSP', async () => {
    const app = await appWith(undefined);
    try {
      expect(app.errorTracker).toBeNull();
      expect((await app.inject({ method: 'GET', url: `/api/players/${PLAYER}` })).statusCode).toBe(500);
    } finally {
      await app.close();
    }
    const off = testConfig({ SENTRY_DSN: undefined });
    expect(browserErrorReporting(off)).toBeNull();
    const on = { ...testConfig({ SENTRY_DSN: 'https://public:legacysecret@o7.ingest.sentry.io/77', APP_VERSION: '2.0.0', SENTRY_ENVIRONMENT: undefined }), NODE_ENV: 'production' };
    // The page gets the public key only; the CSP lets the page reach that ingest and no other.
    expect(browserErrorReporting(on)).toEqual({ dsn: 'https://public@o7.ingest.sentry.io/77', release: '2.0.0', environment: 'production' });
    const csp = (config: typeof on) => securityHeaders(config).html.find(([name]) => name === 'content-security-policy')?.[1] ?? '';
    expect(csp(on)).toMatch(/connect-src [^;]*https:\/\/o7\.ingest\.sentry\.io/);
    expect(csp(off)).not.toContain('sentry');
  });
});
