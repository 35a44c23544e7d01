// The session as `Authorization: Bearer <token>`: a shell framed cross-site
// whose cookie the browser dropped continues with the token every sign-in hands it in the
// X-Session-Token header. The server treats it exactly as the cookie: the same user, the same
// expiry, rotation at sign-in, revocation at logout and at a password change. The token is never
// in a URL or in the spec'd body.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, SESSION_TOKEN_HEADER, hashToken } from '../../server/services/accounts/sessions';
import { startHostFakes, type HostFakes } from './harness/hostFakes';
import { Client, solveBotCheck, startApp, testDatabases, uniqueName, type TestApp } from './helpers';

let hosts: HostFakes;
let fakeDiscord: HostFakes['discord'];
let fakePortal: HostFakes['portal'];
beforeAll(async () => {
  hosts = await startHostFakes();
  ({ discord: fakeDiscord, portal: fakePortal } = hosts);
});
afterAll(async () => { await hosts.close(); });

/** A framed shell whose browser drops every cookie: only the bearer header carries the session. */
class CookielessShell {
  token: string | null = null;
  constructor(readonly t: TestApp) {}
  async send(method: 'GET' | 'POST', url: string, payload?: unknown) {
    const headers: Record<string, string> = { host: 'localhost', origin: 'http://localhost' };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    const response = await this.t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
    const issued = response.headers[SESSION_TOKEN_HEADER];
    if (typeof issued === 'string') this.token = issued;
    return response;
  }
  whoami() { return this.send('GET', '/api/whoami').then((r) => r.json() as { uuid: string; username: string; verified: number }); }
}

const bearerWhoami = async (t: TestApp, token: string) => (await t.app.inject({ url: '/api/whoami', headers: { authorization: `Bearer ${token}` } })).json() as { uuid: string; verified: number };

describe.each(testDatabases())('the session as a bearer token on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(database, hosts.config);
  });
  afterAll(async () => { await t.close(); });

  it('register hands the session token in a header (the cookie\'s own value), not in the body', async () => {
    const client = new Client(t.app);
    const username = uniqueName('bear');
    const r = await client.post('/api/register', { username, password: 'hunter22', turnstile_token: await solveBotCheck(t.app) });
    expect(r.statusCode).toBe(200);
    const token = r.headers[SESSION_TOKEN_HEADER];
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token).toBe(client.cookies.get(SESSION_COOKIE));
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.body).not.toContain(String(token));
    expect(await bearerWhoami(t, String(token))).toMatchObject({ username, verified: 1 });
  });

  it('a cookieless shell signs in, uses user-only endpoints, and logs out for good', async () => {
    const shell = new CookielessShell(t);
    const username = uniqueName('nocookie');
    expect((await shell.send('POST', '/api/register', { username, password: 'hunter22', turnstile_token: await solveBotCheck(t.app) })).statusCode).toBe(200);
    const token = shell.token;
    expect(await shell.whoami()).toMatchObject({ username, verified: 1 });
    const me = await shell.whoami();
    // An endpoint only a signed-in player may call.
    const changed = await shell.send('POST', '/api/userChangePassword', { currentPassword: 'wrong one', newPassword: 'hunter23' });
    expect(changed.statusCode).toBe(403); // authenticated (not 401), wrong current password
    const out = await shell.send('POST', '/api/logout', {});
    expect(out.json()).toMatchObject({ status: 'logged_out' });
    expect(await bearerWhoami(t, String(token))).toMatchObject({ uuid: 'anonymous', verified: 0 });
    expect(me.uuid).not.toBe('anonymous');
  });

  it('login rotates: the session the request came with (bearer) is revoked, a new token is handed out', async () => {
    const shell = new CookielessShell(t);
    const username = uniqueName('rot');
    await shell.send('POST', '/api/register', { username, password: 'hunter22', turnstile_token: await solveBotCheck(t.app) });
    const first = String(shell.token);
    const again = await shell.send('POST', '/api/login', { username, password: 'hunter22', remember_me: true, turnstile_token: await solveBotCheck(t.app) });
    expect(again.statusCode).toBe(200);
    expect(shell.token).not.toBe(first);
    expect(await bearerWhoami(t, first)).toMatchObject({ verified: 0 });
    expect(await bearerWhoami(t, String(shell.token))).toMatchObject({ username });
  });

  it('a password change revokes every session, bearer ones included, and hands this client a new token', async () => {
    const shell = new CookielessShell(t);
    const username = uniqueName('pw');
    await shell.send('POST', '/api/register', { username, password: 'hunter22', turnstile_token: await solveBotCheck(t.app) });
    const other = new CookielessShell(t);
    await other.send('POST', '/api/login', { username, password: 'hunter22', remember_me: true, turnstile_token: await solveBotCheck(t.app) });
    const before = String(shell.token);
    const otherToken = String(other.token);
    // The file's wrong-password change from this address asks the next change for the bot check.
    const r = await shell.send('POST', '/api/userChangePassword', { currentPassword: 'hunter22', newPassword: 'hunter23', turnstile_token: await solveBotCheck(t.app, { username }) });
    expect(r.statusCode, r.body).toBe(200);
    expect(shell.token).not.toBe(before);
    expect(await bearerWhoami(t, before)).toMatchObject({ verified: 0 });
    expect(await bearerWhoami(t, otherToken)).toMatchObject({ verified: 0 });
    expect(await shell.whoami()).toMatchObject({ username });
  });

  it('an expired session is anonymous as a bearer too; a malformed header is anonymous, never an error', async () => {
    const shell = new CookielessShell(t);
    await shell.send('POST', '/api/register', { username: uniqueName('exp'), password: 'hunter22', turnstile_token: await solveBotCheck(t.app) });
    const token = String(shell.token);
    await t.handle.db.updateTable('sessions').set({ expires_at: sql<Date>`now() - interval '1 minute'` }).where('token_hash', '=', hashToken(token)).execute();
    expect(await bearerWhoami(t, token)).toMatchObject({ uuid: 'anonymous', verified: 0 });
    for (const authorization of ['Bearer', 'Bearer ', 'Basic abc', `Bearer ${'x'.repeat(43)}`, 'Bearer a b c', `Bearer ${'é'.repeat(10)}`]) {
      const r = await t.app.inject({ url: '/api/whoami', headers: { authorization } });
      expect(r.statusCode, authorization).toBe(200);
      expect(r.json(), authorization).toMatchObject({ verified: 0 });
    }
    const denied = await t.app.inject({ url: '/api/checkTechnicalDifficultiesEligibility', headers: { authorization: `Bearer ${token}` } });
    expect(denied.statusCode).toBe(401);
  });

  it('every host sign-in hands the token: the portal, Discord exchange, Discord account creation', async () => {
    const portal = new CookielessShell(t);
    const cg = await portal.send('POST', '/api/crazygames/login', { token: await fakePortal.sign({ userId: `cg-${uniqueName()}`, username: 'portalman', gameId: 'game-42' }) });
    expect(cg.statusCode, cg.body).toBe(200);
    expect(portal.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await portal.whoami()).toMatchObject({ verified: 1 });

    const redirect = 'http://localhost/api/discord/callback';
    const du = { id: String(400000000000000000n + BigInt(process.pid)), username: `dc${process.pid}`, global_name: 'Dee' };
    const activity = new CookielessShell(t);
    const exchange = await activity.send('POST', '/api/discord/exchange', { code: fakeDiscord.codeFor(du, redirect) });
    expect(exchange.json()).toMatchObject({ status: 'new_discord_user' });
    expect(activity.token).toBeNull(); // nobody signed in yet
    const created = await activity.send('POST', '/api/discord/create', { discordId: du.id, username: uniqueName('dee'), accessToken: exchange.json().access_token });
    expect(created.statusCode, created.body).toBe(200);
    expect(await activity.whoami()).toMatchObject({ verified: 1 });

    const returning = new CookielessShell(t);
    const back = await returning.send('POST', '/api/discord/exchange', { code: fakeDiscord.codeFor(du, redirect) });
    expect(back.json()).toMatchObject({ status: 'existing_user' });
    expect(await returning.whoami()).toMatchObject({ verified: 1 });
  });
});
