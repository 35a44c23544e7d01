import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXT } from '../../contract/auth';
import { startFakeTurnstile, type FakeTurnstile } from '../fakes/turnstile';
import { Client, startApp, testDatabases, uniqueName, type TestApp } from './helpers';

describe.each(testDatabases())('Turnstile bot check on $name', (database) => {
  let fake: FakeTurnstile;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeTurnstile({ secret: 'turnstile-secret' });
    t = await startApp(database, { TURNSTILE_SECRET: 'turnstile-secret', TURNSTILE_SITE_KEY: 'site-key-1', TURNSTILE_VERIFY_URL: fake.url });
  });
  afterAll(async () => { await t.close(); await fake.close(); });

  it('tells the shell to show the Turnstile widget and stops serving ALTCHA challenges', async () => {
    const config = (await t.app.inject({ url: '/api/config' })).json();
    expect(config.botCheck).toEqual({ provider: 'turnstile', siteKey: 'site-key-1' });
    expect((await t.app.inject({ url: '/api/altcha/challenge' })).statusCode).toBe(503);
  });

  it('verifies every register and login token against siteverify with the secret', async () => {
    const username = uniqueName();
    const client = new Client(t.app);
    const before = fake.calls.length;
    const registered = await client.post('/api/register', { username, password: 'secret1', turnstile_token: 'pass-1' });
    expect(registered.statusCode).toBe(200);
    const login = await new Client(t.app).post('/api/login', { username, password: 'secret1', remember_me: true, turnstile_token: 'pass-2' });
    expect(login.statusCode).toBe(200);
    expect(fake.calls.slice(before).map((c) => [c.secret, c.response])).toEqual([['turnstile-secret', 'pass-1'], ['turnstile-secret', 'pass-2']]);
  });

  it('refuses a token the service rejects, and a replayed one', async () => {
    const rejected = await new Client(t.app).post('/api/register', { username: uniqueName(), password: 'secret1', turnstile_token: 'bogus' });
    expect(rejected.statusCode).toBe(400);
    expect(rejected.json().detail).toBe(AUTH_TEXT.botCheckFailed);
    const replay = await new Client(t.app).post('/api/register', { username: uniqueName(), password: 'secret1', turnstile_token: 'pass-1' });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().detail).toBe(AUTH_TEXT.botCheckExpired);
  });

  it('answers 503 when siteverify cannot be reached, creating nothing', async () => {
    const down = await startApp(database, { TURNSTILE_SECRET: 'turnstile-secret', TURNSTILE_VERIFY_URL: 'http://127.0.0.1:9/siteverify' });
    try {
      const username = uniqueName();
      const r = await new Client(down.app).post('/api/register', { username, password: 'secret1', turnstile_token: 'pass-9' });
      expect(r.statusCode).toBe(503);
      expect(r.json().code).toBe('BOT_CHECK_UNAVAILABLE');
      const users = await down.handle.db.selectFrom('users').select('id').where('username', '=', username).execute();
      expect(users).toHaveLength(0);
    } finally {
      await down.close();
    }
  });
});
