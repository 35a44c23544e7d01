// Every path that checks a password shares one
// per-address limit and one per-username pressure: sign-in, the Discord fuse, change password and
// deleting the account.
// The address is charged first, on every attempt; a wrong password, on any path, makes the
// name's bot check harder (never a 429 for the name), so no stranger can lock a player out.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDiscord, type FakeDiscord } from '../fakes/discord';
import { Client, solveBotCheck, startApp, testDatabases, uniqueName, type TestApp } from './helpers';

const PER_USERNAME = 4;
const PER_ADDRESS = 12;
const REDIRECT = 'http://localhost/api/discord/callback';
let discordN = 0;

interface Victim { username: string; password: string; client: Client }
interface PasswordPath {
  name: string;
  /** One attempt at `victim` with `password` from `address`; the answer's status. */
  attempt(victim: Victim, password: string, address: string): Promise<number>;
}

describe.each(testDatabases())('password attempt limits on $name', (database) => {
  let t: TestApp;
  let discord: FakeDiscord;
  let addressN = 0;
  const freshAddress = () => `198.18.${Math.floor(++addressN / 250)}.${addressN % 250}`;
  const post = (client: Client, url: string, payload: unknown, address: string) =>
    client.request({ method: 'POST', url, payload: payload as object, remoteAddress: address });

  beforeAll(async () => {
    discord = await startFakeDiscord({ clientId: 'client-1', clientSecret: 'secret-1' });
    t = await startApp(database, {
      AUTH_RATE_PER_USERNAME: PER_USERNAME, AUTH_RATE_PER_ADDRESS: PER_ADDRESS,
      DISCORD_CLIENT_ID: 'client-1', DISCORD_CLIENT_SECRET: 'secret-1', DISCORD_API_BASE: discord.apiBase, DISCORD_AUTHORIZE_URL: discord.authorizeUrl,
    });
  });
  afterAll(async () => { await t.close(); await discord.close(); });

  const PATHS: PasswordPath[] = [
    {
      name: 'POST /api/login',
      attempt: async (victim, password, address) => (await post(new Client(t.app), '/api/login', { username: victim.username, password, remember_me: false, turnstile_token: await solveBotCheck(t.app, { username: victim.username, remoteAddress: address }) }, address)).statusCode,
    },
    {
      name: 'POST /api/discord/fuse',
      attempt: async (victim, password, address) => {
        const client = new Client(t.app);
        const n = ++discordN;
        const du = { id: String(400000000000000000n + BigInt(n) + BigInt(process.pid) * 1000n), username: `fuser${n}`, global_name: 'Fuser' };
        const pending = await client.post('/api/discord/exchange', { code: discord.codeFor(du, REDIRECT) });
        if (pending.statusCode !== 200) throw new Error(pending.body);
        const turnstile_token = await solveBotCheck(t.app, { username: victim.username, remoteAddress: address });
        return (await post(client, '/api/discord/fuse', { discordId: du.id, username: victim.username, password, turnstile_token }, address)).statusCode;
      },
    },
    {
      name: 'POST /api/userChangePassword',
      // With the bot check the shell solves once a failed attempt asks for it.
      attempt: async (victim, password, address) => (await post(victim.client, '/api/userChangePassword', { currentPassword: password, newPassword: password, turnstile_token: await solveBotCheck(t.app, { username: victim.username, remoteAddress: address }) }, address)).statusCode,
    },
    {
      // Last: its right password ends the account, so a walk over every path meets it at the end.
      name: 'POST /api/account/delete',
      attempt: async (victim, password, address) => (await post(victim.client, '/api/account/delete', { password }, address)).statusCode,
    },
  ];

  async function victim(): Promise<Victim> {
    const client = new Client(t.app);
    const username = uniqueName('victim');
    const r = await post(client, '/api/register', { username, password: 'right-pass', turnstile_token: await solveBotCheck(t.app) }, freshAddress());
    if (r.statusCode !== 200) throw new Error(r.body);
    return { username, password: 'right-pass', client };
  }

  it('covers every password check in the server: each goes through the shared limits', () => {
    const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]);
    const sources = files('server').filter((f) => f.endsWith('.ts')).map((f) => [f, readFileSync(f, 'utf8')] as const);
    const direct = sources.filter(([f, s]) => /verifyPassword\(/.test(s) && !/server\/services\/([a-z]+\/)?(passwords|passwordAttempts)\.ts$/.test(f)).map(([f]) => f);
    expect(direct, 'verifyPassword called outside passwordAttempts').toEqual([]);
    const checked = sources.reduce((n, [, s]) => n + (s.match(/passwords\.verify\(/g)?.length ?? 0), 0);
    // Plus the console's re-authentication: it goes through the same limits, and adds a
    // per-account one of its own (a stolen admin session must not guess on), so it cannot keep
    // the promise walked below that the right password always gets in; its right and wrong
    // passwords are tested with the console (admin-console-safety.test.ts).
    expect(checked, 'a password path the test does not walk').toBe(PATHS.length + 1);
  });

  it.each([0, 1, 2, 3])('path %#: wrong passwords past the old per-username limit never refuse the right one', async (i) => {
    const path = PATHS[i]!;
    const v = await victim();
    for (let n = 0; n < PER_USERNAME * 3; n++) expect([path.name, await path.attempt(v, `wrong-${n}`, freshAddress())]).toEqual([path.name, /ChangePassword|account\/delete/.test(path.name) ? 403 : 401]);
    expect([path.name, await path.attempt(v, v.password, freshAddress())]).toEqual([path.name, 200]);
  });

  it('shares the per-username pressure across every path: the name asks a harder check', async () => {
    const v = await victim();
    const level = async () => (await t.app.inject({ method: 'GET', url: `/api/altcha/challenge?username=${v.username}`, remoteAddress: freshAddress() })).json().parameters.data.level as number;
    expect(await level()).toBe(0);
    for (let n = 0; n < 11; n++) expect(await PATHS[n % PATHS.length]!.attempt(v, `wrong-${n}`, freshAddress())).toBeLessThan(429);
    expect(await level()).toBe(2);
    for (const path of PATHS) expect([path.name, await path.attempt(v, v.password, freshAddress())]).toEqual([path.name, 200]);
  });

  it('shares the per-address count across every path', async () => {
    const address = freshAddress();
    // A new name for every attempt: only the address can be what runs out.
    const victims = await Promise.all(Array.from({ length: PER_ADDRESS + PATHS.length }, () => victim()));
    for (let n = 0; n < PER_ADDRESS; n++) expect(await PATHS[n % PATHS.length]!.attempt(victims[n]!, `wrong-${n}`, address)).toBeLessThan(429);
    for (const [i, path] of PATHS.entries()) {
      const fresh = victims[PER_ADDRESS + i]!;
      expect([path.name, await path.attempt(fresh, fresh.password, address)]).toEqual([path.name, 429]);
      expect([path.name, await path.attempt(fresh, fresh.password, freshAddress())]).toEqual([path.name, 200]);
    }
  });

  it('does not charge the username for junk bot-check tokens: the real player still signs in', async () => {
    const v = await victim();
    const attacker = freshAddress();
    for (let n = 0; n < 10; n++) {
      const junk = await post(new Client(t.app), '/api/login', { username: v.username, password: `guess-${n}`, remember_me: false, turnstile_token: `junk-${n}` }, attacker);
      expect(junk.statusCode).toBe(400);
    }
    const real = await post(new Client(t.app), '/api/login', { username: v.username, password: v.password, remember_me: false, turnstile_token: await solveBotCheck(t.app) }, freshAddress());
    expect(real.statusCode, real.body).toBe(200);
  });

  it('does not charge the username for fuse attempts without a proven Discord identity', async () => {
    const v = await victim();
    for (let n = 0; n < 10; n++) {
      const address = freshAddress();
      const junk = await post(new Client(t.app), '/api/discord/fuse', { discordId: '12345', username: v.username, password: `guess-${n}`, accessToken: `junk-${n}`, turnstile_token: await solveBotCheck(t.app, { remoteAddress: address }) }, address);
      expect(junk.statusCode).toBe(400);
    }
    expect(await PATHS[0]!.attempt(v, v.password, freshAddress())).toBe(200);
  });

  it('still applies the per-address limit before the bot check', async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let n = 0; n < PER_ADDRESS + 2; n++) statuses.push((await post(new Client(t.app), '/api/login', { username: uniqueName(), password: 'whatever1', remember_me: false, turnstile_token: 'junk' }, address)).statusCode);
    expect(statuses.slice(PER_ADDRESS)).toEqual([429, 429]);
  });
});
