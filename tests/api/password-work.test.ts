// Password work bounded: every per-address limit counts an IPv6 client's /64 as one address (the
// global rate limit, the password attempt limits, their pressure); a password change has a
// per-account limit and asks for the bot check after a failure, as sign-in does; scrypt runs
// behind a bounded queue that answers 503 with Retry-After, so a flood of password changes
// cannot keep other players from signing in.
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx vitest run tests/api/password-work.test.ts
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../server/db/tx';
import { hashPassword } from '../../server/services/accounts/passwords';
import { createSession } from '../../server/services/accounts/sessions';
import { createUser } from '../../server/services/accounts/users';
import { Client, solveBotCheck, startApp, testDatabases, uniqueName, type TestApp } from './helpers';

describe.each(testDatabases())('password work and address keys on $name', (database) => {
  let t: TestApp;
  let n = 0;
  const v4 = () => `198.51.${Math.floor(++n / 250)}.${n % 250}`;
  const post = (client: Client, url: string, payload: unknown, address: string) =>
    client.request({ method: 'POST', url, payload: payload as object, remoteAddress: address });

  let limited: TestApp;
  beforeAll(async () => {
    t = await startApp(database, { AUTH_RATE_PER_ADDRESS: 3, AUTH_RATE_PER_ACCOUNT: 3 });
    limited = await startApp(database, { RATE_LIMIT_PER_MINUTE: 5 });
  }, 60_000);
  afterAll(async () => { await t?.close(); await limited?.close(); });

  async function player(password = 'right-pass'): Promise<{ client: Client; username: string }> {
    const client = new Client(t.app);
    const username = uniqueName('pw');
    const r = await post(client, '/api/register', { username, password, turnstile_token: await solveBotCheck(t.app) }, v4());
    if (r.statusCode !== 200) throw new Error(r.body);
    return { client, username };
  }

  it('IPv6 addresses rotating inside one /64 share one password-attempt budget; another /64 has its own', async () => {
    const { username } = await player();
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) {
      const address = `2001:db8:5:6::${i}`;
      const r = await post(new Client(t.app), '/api/login', { username, password: `wrong-${i}`, remember_me: false, turnstile_token: await solveBotCheck(t.app, { username, remoteAddress: address }) }, address);
      statuses.push(r.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const elsewhere = '2001:db8:5:7::1';
    const other = await post(new Client(t.app), '/api/login', { username, password: 'right-pass', remember_me: false, turnstile_token: await solveBotCheck(t.app, { username, remoteAddress: elsewhere }) }, elsewhere);
    expect(other.statusCode).toBe(200);
  });

  it('the failures of one /64 raise the bot check asked of every address in it', async () => {
    const level = async (address: string) => (await t.app.inject({ method: 'GET', url: '/api/altcha/challenge', remoteAddress: address })).json().parameters.data.level as number;
    expect(await level('2001:db8:9:9::ffff')).toBe(0);
    const { username } = await player();
    // Junk tokens from six addresses of one /64: each one, refused or past the attempt limit,
    // raises the pressure of the /64 (six: past AUTH_FAILURES_PER_LEVEL, one level).
    for (let i = 1; i <= 6; i++) {
      await post(new Client(t.app), '/api/login', { username, password: 'x', remember_me: false, turnstile_token: 'junk' }, `2001:db8:9:9::${i}`);
    }
    expect(await level('2001:db8:9:9::ffff')).toBeGreaterThanOrEqual(1);
    expect(await level('2001:db8:9:a::1')).toBe(0);
  });

  it('the global rate limit counts an IPv6 /64 as one address', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++) statuses.push((await limited.app.inject({ method: 'GET', url: '/api/whoami', remoteAddress: `2001:db8:77:1::${i}` })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await limited.app.inject({ method: 'GET', url: '/api/whoami', remoteAddress: '2001:db8:77:2::1' })).statusCode).toBe(200);
  });

  it('a password change has a per-account limit, whatever addresses it comes from', async () => {
    const me = await player();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const address = v4();
      const r = await post(me.client, '/api/userChangePassword', { currentPassword: `guess-${i}`, newPassword: 'whatever-1', turnstile_token: await solveBotCheck(t.app, { username: me.username, remoteAddress: address }) }, address);
      statuses.push(r.statusCode);
    }
    expect(statuses).toEqual([403, 403, 403, 429]);
  });

  it('a password change asks for the bot check after a failed attempt, as hard as sign-in asks', async () => {
    const me = await player();
    const address = v4();
    const first = await post(me.client, '/api/userChangePassword', { currentPassword: 'guess-0', newPassword: 'whatever-1' }, address);
    expect(first.statusCode).toBe(403);
    const again = await post(me.client, '/api/userChangePassword', { currentPassword: 'right-pass', newPassword: 'whatever-1' }, address);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('BOT_CHECK_REQUIRED');
    // From another address too: the name carries the failure.
    const moved = v4();
    expect((await post(me.client, '/api/userChangePassword', { currentPassword: 'right-pass', newPassword: 'whatever-1' }, moved)).json().code).toBe('BOT_CHECK_REQUIRED');
    const solved = await post(me.client, '/api/userChangePassword', { currentPassword: 'right-pass', newPassword: 'whatever-1', turnstile_token: await solveBotCheck(t.app, { username: me.username, remoteAddress: moved }) }, moved);
    expect(solved.statusCode, solved.body).toBe(200);
  });
});

describe.each(testDatabases())('a flood of password changes on $name', (database) => {
  let t: TestApp;
  const LOG_N = 15;
  beforeAll(async () => {
    t = await startApp(database, {
      SCRYPT_LOG_N: LOG_N, PASSWORD_WORK_CONCURRENCY: 1, PASSWORD_WORK_QUEUE: 4, AUTH_RATE_PER_ACCOUNT: 3,
    });
  }, 60_000);
  afterAll(async () => { await t?.close(); });

  it('answers 429 and 503 with Retry-After, while another player\'s sign-in is answered within 2 s', { tags: ['timing'], timeout: 60_000 }, async () => {
    const hash = await hashPassword('right-pass', LOG_N);
    const accounts = await Promise.all(Array.from({ length: 8 }, async () => {
      const uuid = await inTransaction(t.handle.db, (trx) => createUser(trx, { username: uniqueName('flood'), passwordHash: hash }));
      return createSession(t.handle.db, uuid, 1, {});
    }));
    const signer = uniqueName('signer');
    await inTransaction(t.handle.db, (trx) => createUser(trx, { username: signer, passwordHash: hash }));
    const token = await solveBotCheck(t.app, { username: signer, remoteAddress: '203.0.113.200' });

    let a = 0;
    const flood = accounts.flatMap((sid) => Array.from({ length: 5 }, () => t.app.inject({
      method: 'POST', url: '/api/userChangePassword', remoteAddress: `203.0.${Math.floor(++a / 200)}.${a % 200}`,
      headers: { authorization: `Bearer ${sid}`, origin: 'http://localhost', host: 'localhost' },
      payload: { currentPassword: `guess-${a}`, newPassword: 'whatever-1' },
    })));
    await new Promise((r) => setTimeout(r, 50));
    const started = performance.now();
    const signIn = await t.app.inject({
      method: 'POST', url: '/api/login', remoteAddress: '203.0.113.200', headers: { origin: 'http://localhost', host: 'localhost' },
      payload: { username: signer, password: 'right-pass', remember_me: false, turnstile_token: token },
    });
    const took = performance.now() - started;
    const answers = await Promise.all(flood);
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(took).toBeLessThan(2_000);
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    const busy = answers.filter((r) => r.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]?.headers['retry-after']).toMatch(/^\d+$/);
    expect(busy[0]?.json().code).toBe('PASSWORD_WORK_BUSY');
    expect(statuses.every((s) => [403, 429, 503].includes(s))).toBe(true);
  });
});
