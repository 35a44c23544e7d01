import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXT } from '../../contract/auth';
import { Client, registerPlayer, solveBotCheck, startApp, testDatabases, uniqueName, type TestApp } from './helpers';

describe.each(testDatabases())('accounts and sessions on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => { t = await startApp(database); });
  afterAll(async () => { await t.close(); });

  it('registers, answers whoami, logs out and logs back in', async () => {
    const username = uniqueName('Alice');
    const { client, uuid } = await registerPlayer(t.app, username, 'correct horse');
    const me = (await client.get('/api/whoami')).json();
    expect(me).toMatchObject({ uuid, username, verified: 1, isAdmin: false, hasPassword: true });
    expect(me.error).toBeUndefined();
    expect(Date.parse(me.accountCreatedAt)).toBeGreaterThan(Date.now() - 60_000);

    const out = await client.post('/api/logout', {});
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ status: 'logged_out', uuid: 'anonymous', verified: 0, message: AUTH_TEXT.loggedOut });
    expect((await client.get('/api/whoami')).json()).toMatchObject({ uuid: 'anonymous', verified: 0, error: AUTH_TEXT.notLoggedIn });

    const again = await client.post('/api/login', { username: username.toUpperCase(), password: 'correct horse', remember_me: true, turnstile_token: await solveBotCheck(t.app) });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'ok', uuid, username });
    expect((await client.get('/api/whoami')).json().uuid).toBe(uuid);
  });

  it('answers anonymous callers with the anonymous identity', async () => {
    const response = await new Client(t.app).get('/api/whoami');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ uuid: 'anonymous', username: 'Anonymous', verified: 0, isAdmin: false, error: AUTH_TEXT.notLoggedIn });
  });

  it('refuses a duplicate username whatever its case', async () => {
    const name = uniqueName('Bob');
    await registerPlayer(t.app, name);
    const client = new Client(t.app);
    const response = await client.post('/api/register', { username: name.toLowerCase(), password: 'secret1', turnstile_token: await solveBotCheck(t.app) });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: AUTH_TEXT.usernameTaken, code: 'USERNAME_TAKEN' });
    expect(client.cookies.size).toBe(0);
  });

  it('refuses usernames outside the rule and short passwords', async () => {
    for (const username of ['ab', 'has space', 'émile']) {
      const response = await new Client(t.app).post('/api/register', { username, password: 'secret1', turnstile_token: 'x' });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe(AUTH_TEXT.usernameRule);
    }
    const short = await new Client(t.app).post('/api/register', { username: uniqueName(), password: '12345', turnstile_token: 'x' });
    expect(short.json().detail).toBe(AUTH_TEXT.signupPasswordTooShort);
  });

  it('names the limit for over-long values and refuses a password of only spaces', async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['/api/register', { username: 'x'.repeat(200), password: 'secret1', turnstile_token: 'x' }, AUTH_TEXT.usernameTooLong],
      ['/api/register', { username: uniqueName(), password: 'p'.repeat(500), turnstile_token: 'x' }, AUTH_TEXT.passwordTooLong],
      ['/api/register', { username: uniqueName(), password: '        ', turnstile_token: 'x' }, AUTH_TEXT.passwordBlank],
      ['/api/login', { username: 'x'.repeat(200), password: 'secret1', turnstile_token: 'x' }, AUTH_TEXT.usernameTooLong],
      ['/api/login', { username: uniqueName(), password: 'p'.repeat(500), turnstile_token: 'x' }, AUTH_TEXT.passwordTooLong],
    ];
    for (const [path, body, detail] of cases) {
      const response = await new Client(t.app).post(path, body);
      expect(response.statusCode, `${path} ${detail}`).toBe(400);
      expect(response.json().detail).toBe(detail);
    }
    const player = await registerPlayer(t.app);
    for (const [body, detail] of [
      [{ currentPassword: player.password, newPassword: 'n'.repeat(200) }, AUTH_TEXT.newPasswordTooLong],
      [{ currentPassword: player.password, newPassword: '         ' }, AUTH_TEXT.passwordBlank],
    ] as const) {
      const response = await player.client.post('/api/userChangePassword', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe(detail);
    }
  });

  it('answers a wrong password and an unknown user alike, with 401', async () => {
    const { username } = await registerPlayer(t.app);
    const wrong = await new Client(t.app).post('/api/login', { username, password: 'not it', remember_me: true, turnstile_token: await solveBotCheck(t.app) });
    const unknown = await new Client(t.app).post('/api/login', { username: uniqueName('ghost'), password: 'not it', remember_me: true, turnstile_token: await solveBotCheck(t.app) });
    for (const r of [wrong, unknown]) {
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({ error: AUTH_TEXT.invalidCredentials, detail: AUTH_TEXT.invalidCredentials, code: 'INVALID_CREDENTIALS' });
      expect(r.cookies).toHaveLength(0);
    }
  });

  it('requires both fields with the spec text', async () => {
    for (const body of [{}, { username: 'a' }, { password: 'b' }, { username: '', password: '' }]) {
      const r = await new Client(t.app).post('/api/login', { ...body, turnstile_token: 'x' });
      expect(r.statusCode).toBe(400);
      expect(r.json().detail).toBe(AUTH_TEXT.missingCredentials);
    }
  });

  describe('bot check', () => {
    it('answers a missing token with the spec text', async () => {
      const r = await new Client(t.app).post('/api/register', { username: uniqueName(), password: 'secret1' });
      expect(r.statusCode).toBe(400);
      expect(r.json().detail).toBe(AUTH_TEXT.botCheckMissing);
    });

    it('refuses a forged or garbled token', async () => {
      const challenge = (await t.app.inject({ method: 'GET', url: '/api/altcha/challenge' })).json();
      const forged = Buffer.from(JSON.stringify({ challenge, solution: { counter: 1, derivedKey: '00' } })).toString('base64');
      for (const token of [forged, 'not base64 at all', Buffer.from('{"a":1}').toString('base64')]) {
        const r = await new Client(t.app).post('/api/register', { username: uniqueName(), password: 'secret1', turnstile_token: token });
        expect(r.statusCode).toBe(400);
        expect(r.json()).toMatchObject({ detail: AUTH_TEXT.botCheckFailed, code: 'BOT_CHECK_FAILED' });
      }
    });

    it('accepts a solved token once and refuses its replay', async () => {
      const token = await solveBotCheck(t.app);
      const first = await new Client(t.app).post('/api/register', { username: uniqueName(), password: 'secret1', turnstile_token: token });
      expect(first.statusCode).toBe(200);
      const replay = await new Client(t.app).post('/api/register', { username: uniqueName(), password: 'secret1', turnstile_token: token });
      expect(replay.statusCode).toBe(400);
      expect(replay.json().detail).toBe(AUTH_TEXT.botCheckFailed);
    });
  });

  describe('change password', () => {
    it('refuses a wrong current password and a short new one', async () => {
      const { client, username } = await registerPlayer(t.app, uniqueName(), 'first-pass');
      // With the bot check the shell solves when a recent failure (from this address) asks for it.
      const wrong = await client.post('/api/userChangePassword', { currentPassword: 'nope-nope', newPassword: 'second-pass', turnstile_token: await solveBotCheck(t.app, { username }) });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().detail).toBe(AUTH_TEXT.currentPasswordWrong);
      const short = await client.post('/api/userChangePassword', { currentPassword: 'first-pass', newPassword: '12345' });
      expect(short.statusCode).toBe(400);
      expect(short.json().detail).toBe(AUTH_TEXT.passwordTooShort);
      const missing = await client.post('/api/userChangePassword', { currentPassword: '', newPassword: '' });
      expect(missing.json().detail).toBe(AUTH_TEXT.passwordFieldsRequired);
    });

    it('needs a session', async () => {
      const r = await new Client(t.app).post('/api/userChangePassword', { currentPassword: 'a', newPassword: 'bbbbbbb' });
      expect(r.statusCode).toBe(401);
    });

    it('changes the password and ends every other session', async () => {
      const { client, username } = await registerPlayer(t.app, uniqueName(), 'first-pass');
      const other = new Client(t.app);
      expect((await other.post('/api/login', { username, password: 'first-pass', remember_me: true, turnstile_token: await solveBotCheck(t.app) })).statusCode).toBe(200);
      expect((await other.get('/api/whoami')).json().verified).toBe(1);

      const changed = await client.post('/api/userChangePassword', { currentPassword: 'first-pass', newPassword: 'second-pass', turnstile_token: await solveBotCheck(t.app, { username }) });
      expect(changed.statusCode).toBe(200);
      expect((await other.get('/api/whoami')).json().uuid).toBe('anonymous');
      expect((await client.get('/api/whoami')).json().username).toBe(username);

      const oldPass = await new Client(t.app).post('/api/login', { username, password: 'first-pass', remember_me: true, turnstile_token: await solveBotCheck(t.app) });
      expect(oldPass.statusCode).toBe(401);
      const newPass = await new Client(t.app).post('/api/login', { username, password: 'second-pass', remember_me: true, turnstile_token: await solveBotCheck(t.app) });
      expect(newPass.statusCode).toBe(200);
    });
  });

  describe('sessions', () => {
    it('rotates the token at login and revokes the one planted before it', async () => {
      const { username, password, client: victim } = await registerPlayer(t.app);
      const planted = victim.cookies.get('sid');
      const attacker = new Client(t.app);
      attacker.cookies.set('sid', planted!);
      const loggedIn = await victim.post('/api/login', { username, password, remember_me: true, turnstile_token: await solveBotCheck(t.app) });
      expect(loggedIn.statusCode).toBe(200);
      expect(victim.cookies.get('sid')).not.toBe(planted);
      expect((await attacker.get('/api/whoami')).json().uuid).toBe('anonymous');
      expect((await victim.get('/api/whoami')).json().username).toBe(username);
    });

    it('sets Lax cookies over http and Secure; SameSite=None; Partitioned over https', async () => {
      const overHttp = await new Client(t.app).post('/api/register', { username: uniqueName(), password: 'secret1', turnstile_token: await solveBotCheck(t.app) });
      const httpCookie = String(overHttp.headers['set-cookie']);
      expect(httpCookie).toMatch(/sid=[A-Za-z0-9_-]{43}/);
      expect(httpCookie).toMatch(/HttpOnly/);
      expect(httpCookie).toMatch(/SameSite=Lax/);
      expect(httpCookie).not.toMatch(/Secure/);

      const httpsApp = await startApp(database, { TRUST_PROXY: 1, PUBLIC_ORIGIN: 'https://play.example.com' });
      try {
        const client = new Client(httpsApp.app, 'https://play.example.com');
        const r = await client.post('/api/register', { username: uniqueName(), password: 'secret1', turnstile_token: await solveBotCheck(httpsApp.app) }, { 'x-forwarded-proto': 'https' });
        expect(r.statusCode).toBe(200);
        const cookie = String(r.headers['set-cookie']);
        expect(cookie).toMatch(/Secure/);
        expect(cookie).toMatch(/SameSite=None/);
        expect(cookie).toMatch(/Partitioned/);
        expect(cookie).toMatch(/HttpOnly/);
      } finally {
        await httpsApp.close();
      }
    });

    it('ignores malformed and unknown session cookies', async () => {
      const client = new Client(t.app);
      for (const value of ['x', 'A'.repeat(43), '%00%00', 'a'.repeat(5000)]) {
        client.cookies.set('sid', value);
        const r = await client.get('/api/whoami');
        expect(r.statusCode).toBe(200);
        expect(r.json().uuid).toBe('anonymous');
      }
    });
  });

  describe('bad input', () => {
    it('answers malformed JSON, wrong types and wrong content types with 4xx JSON', async () => {
      const cases: Array<{ payload: string; type: string; status: number }> = [
        { payload: '{"username":', type: 'application/json', status: 400 },
        { payload: '[]', type: 'application/json', status: 400 },
        { payload: '{"username":1,"password":2,"turnstile_token":3}', type: 'application/json', status: 400 },
        { payload: '{"username":["a"],"password":{"b":1},"turnstile_token":null}', type: 'application/json', status: 400 },
        { payload: 'username=a&password=b', type: 'application/x-www-form-urlencoded', status: 415 },
        { payload: 'null', type: 'application/json', status: 400 },
        { payload: JSON.stringify({ username: 'a'.repeat(100_000), password: 'b', turnstile_token: 'c' }), type: 'application/json', status: 413 },
      ];
      for (const c of cases) {
        for (const url of ['/api/login', '/api/register']) {
          const r = await new Client(t.app).request({ method: 'POST', url, payload: c.payload, headers: { 'content-type': c.type } });
          expect(r.statusCode, `${url} ${c.payload.slice(0, 40)}`).toBe(c.status);
          expect(typeof r.json().error).toBe('string');
        }
      }
    });

    it('refuses a cross-origin POST and allows the configured hosts', async () => {
      const { client } = await registerPlayer(t.app);
      const evil = await client.post('/api/logout', {}, { origin: 'https://evil.example' });
      expect(evil.statusCode).toBe(403);
      expect(evil.json()).toMatchObject({ code: 'CROSS_ORIGIN' });
      expect((await client.get('/api/whoami')).json().verified).toBe(1);
      const lookalike = await client.post('/api/logout', {}, { origin: 'https://crazygames.com.evil.example' });
      expect(lookalike.statusCode).toBe(403);
      const cookie = `sid=${client.cookies.get('sid')}`;
      const fetchMeta = await t.app.inject({ method: 'POST', url: '/api/logout', payload: {}, headers: { cookie, 'sec-fetch-site': 'cross-site' } });
      expect(fetchMeta.statusCode).toBe(403);
      // Only the hosts' frames configured: our game's frame on the portal, not the portal's other games.
      const configured = await startApp(database, { CRAZYGAMES_GAME_ID: 'our-game', CRAZYGAMES_GAME_ORIGINS: ['https://our-game.game-files.crazygames.com'] });
      try {
        const player = (await registerPlayer(configured.app)).client;
        const otherGame = await player.post('/api/logout', {}, { origin: 'https://other-game.game-files.crazygames.com' });
        expect(otherGame.statusCode).toBe(403);
        const portal = await player.post('/api/logout', {}, { origin: 'https://our-game.game-files.crazygames.com' });
        expect(portal.statusCode).toBe(200);
      } finally { await configured.close(); }
    });
  });
});

describe.each(testDatabases())('rate limits on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => { t = await startApp(database, { AUTH_RATE_PER_USERNAME: 3, AUTH_RATE_PER_ADDRESS: 3 }); });
  afterAll(async () => { await t.close(); });

  it('answers 429 with a clear text after too many attempts from one address', async () => {
    const { username } = await registerPlayer(t.app);
    const statuses: number[] = [];
    // A name is never refused (lockout.test.ts): its failures make its bot check harder instead.
    for (let i = 0; i < 5; i++) {
      const r = await new Client(t.app).request({ method: 'POST', url: '/api/login', remoteAddress: '198.18.77.1', payload: { username, password: 'wrong-one', remember_me: true, turnstile_token: await solveBotCheck(t.app, { username, remoteAddress: '198.18.77.1' }) } });
      statuses.push(r.statusCode);
      if (r.statusCode === 429) expect(r.json().detail).toBe(AUTH_TEXT.tooManyAttempts);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });
});
