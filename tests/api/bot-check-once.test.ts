// One use per bot check: an ALTCHA solution is claimed by its challenge, so
// the same proof of work re-encoded (a trailing newline, spaces, reordered JSON keys inside the
// base64, base64url) is refused after its first use; a Turnstile response likewise.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXT } from '../../contract/auth';
import { startFakeTurnstile, type FakeTurnstile } from '../fakes/turnstile';
import { Client, solveBotCheck, startApp, testDatabases, uniqueName, type TestApp } from './helpers';

/** Every spelling of one solved token a client could send. */
function reencodings(token: string): Record<string, string> {
  const json = Buffer.from(token, 'base64').toString('utf8');
  const value = JSON.parse(json) as { challenge: { parameters: Record<string, unknown>; signature: string }; solution: Record<string, unknown> };
  const reversed = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).reverse());
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  return {
    'trailing newline': `${token}\n`,
    'leading and inner spaces': ` ${token.slice(0, 8)} ${token.slice(8)}`,
    'keys reordered': b64(JSON.stringify({ solution: value.solution, challenge: { signature: value.challenge.signature, parameters: reversed(value.challenge.parameters) } })),
    'pretty-printed JSON': b64(JSON.stringify(value, null, 2)),
    'base64url': Buffer.from(json).toString('base64url'),
  };
}

describe.each(testDatabases())('one use per bot check on $name', (database) => {
  let t: TestApp;
  let fake: FakeTurnstile;
  let turnstile: TestApp;
  beforeAll(async () => {
    t = await startApp(database);
    fake = await startFakeTurnstile({ secret: 'turnstile-secret' });
    turnstile = await startApp(database, { TURNSTILE_SECRET: 'turnstile-secret', TURNSTILE_VERIFY_URL: fake.url });
  });
  afterAll(async () => { await t.close(); await turnstile.close(); await fake.close(); });

  const register = (app: TestApp, token: string) => new Client(app.app).post('/api/register', { username: uniqueName(), password: 'secret1', turnstile_token: token });

  it('refuses an ALTCHA solution re-encoded after its first use, for sign-up and sign-in', async () => {
    const token = await solveBotCheck(t.app);
    expect((await register(t, token)).statusCode).toBe(200);
    for (const [label, again] of Object.entries(reencodings(token))) {
      const reply = await register(t, again);
      expect([label, reply.statusCode, reply.json().detail]).toEqual([label, 400, AUTH_TEXT.botCheckFailed]);
    }
    const login = await new Client(t.app).post('/api/login', { username: uniqueName(), password: 'secret1', remember_me: false, turnstile_token: reencodings(token)['keys reordered'] });
    expect(login.json().detail).toBe(AUTH_TEXT.botCheckFailed);
  });

  it('accepts the first use of a re-encoded solution (the encoding itself is fine)', async () => {
    const token = await solveBotCheck(t.app);
    expect((await register(t, reencodings(token)['keys reordered']!)).statusCode).toBe(200);
    expect((await register(t, token)).statusCode).toBe(400);
  });

  it('refuses a Turnstile response used once already, with or without surrounding whitespace', async () => {
    expect((await register(turnstile, 'pass-once-1')).statusCode).toBe(200);
    for (const again of ['pass-once-1\n', ' pass-once-1', 'pass-once-1\t ']) {
      const reply = await register(turnstile, again);
      expect(reply.statusCode).toBe(400);
    }
    expect(fake.calls.map((c) => c.response).every((r) => r === 'pass-once-1')).toBe(true);
  });
});
