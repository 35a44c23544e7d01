// No stranger can keep a player from signing in, and a client that connects
// directly cannot choose the address the limits count. The known attacks are
// reproduced first: wrong passwords for someone else's name through the Discord fuse, through
// sign-in with solved bot checks, and through change password; then the owner, from their own
// address, with the right password and a solved check, must be signed in. Guessing stays limited:
// per address (429), per name (a harder bot check), per Discord identity at the fuse (429).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDiscord, type FakeDiscord } from '../fakes/discord';
import { Client, solveBotCheck, startApp, testDatabases, uniqueName, type TestApp } from './helpers';

const PER_USERNAME = 4;
const PER_ADDRESS = 12;
const REDIRECT = 'http://localhost/api/discord/callback';
let discordN = 0;

describe.each(testDatabases())('no lockout by strangers on $name', (database) => {
  let t: TestApp;
  let discord: FakeDiscord;
  let addressN = 0;
  const freshAddress = () => `198.19.${Math.floor(++addressN / 250)}.${addressN % 250}`;
  const post = (client: Client, url: string, payload: unknown, address: string) =>
    client.request({ method: 'POST', url, payload: payload as object, remoteAddress: address });
  const check = (username: string, address: string) => solveBotCheck(t.app, { username, remoteAddress: address });
  const login = async (username: string, password: string, address: string, token?: string) =>
    post(new Client(t.app), '/api/login', { username, password, remember_me: false, turnstile_token: token ?? await check(username, address) }, address);
  const levelOf = async (username: string | null, address: string) => {
    const r = await t.app.inject({ method: 'GET', url: `/api/altcha/challenge${username ? `?username=${username}` : ''}`, remoteAddress: address });
    return (r.json() as { parameters: { data?: { level?: number } } }).parameters.data?.level;
  };

  beforeAll(async () => {
    discord = await startFakeDiscord({ clientId: 'client-1', clientSecret: 'secret-1' });
    t = await startApp(database, {
      AUTH_RATE_PER_USERNAME: PER_USERNAME, AUTH_RATE_PER_ADDRESS: PER_ADDRESS,
      DISCORD_CLIENT_ID: 'client-1', DISCORD_CLIENT_SECRET: 'secret-1', DISCORD_API_BASE: discord.apiBase, DISCORD_AUTHORIZE_URL: discord.authorizeUrl,
    });
  });
  afterAll(async () => { await t.close(); await discord.close(); });

  async function owner(): Promise<{ username: string; password: string; home: string; client: Client }> {
    const client = new Client(t.app);
    const username = uniqueName('owner');
    const home = freshAddress();
    const r = await post(client, '/api/register', { username, password: 'right-pass', turnstile_token: await check(username, home) }, home);
    if (r.statusCode !== 200) throw new Error(r.body);
    return { username, password: 'right-pass', home, client };
  }

  async function discordPending(): Promise<{ client: Client; discordId: string }> {
    const client = new Client(t.app);
    const n = ++discordN;
    const du = { id: String(500000000000000000n + BigInt(n) + BigInt(process.pid) * 1000n), username: `lurker${n}`, global_name: 'Lurker' };
    const pending = await client.post('/api/discord/exchange', { code: discord.codeFor(du, REDIRECT) });
    if (pending.statusCode !== 200) throw new Error(pending.body);
    return { client, discordId: du.id };
  }

  it('fuse: 10 wrong passwords from one Discord identity do not refuse the owner', async () => {
    const me = await owner();
    const attacker = await discordPending();
    for (let n = 0; n < 10; n++) {
      const address = freshAddress();
      const r = await post(attacker.client, '/api/discord/fuse', { discordId: attacker.discordId, username: me.username, password: `guess-${n}`, turnstile_token: await check(me.username, address) }, address);
      expect([401, 429]).toContain(r.statusCode);
    }
    const mine = await login(me.username, me.password, me.home);
    expect(mine.statusCode, mine.body).toBe(200);
  });

  it('login: 10 solved checks with wrong passwords from other addresses do not refuse the owner', async () => {
    const me = await owner();
    for (let n = 0; n < 10; n++) expect((await login(me.username, `guess-${n}`, freshAddress())).statusCode).toBe(401);
    const mine = await login(me.username, me.password, me.home);
    expect(mine.statusCode, mine.body).toBe(200);
  });

  it('change password: wrong current passwords do not refuse the owner at sign-in', async () => {
    const me = await owner();
    const elsewhere = freshAddress();
    for (let n = 0; n < 10; n++) {
      const r = await post(me.client, '/api/userChangePassword', { currentPassword: `guess-${n}`, newPassword: `guess-${n}`, turnstile_token: await check(me.username, elsewhere) }, elsewhere);
      expect(r.statusCode).toBe(403);
    }
    const mine = await login(me.username, me.password, me.home);
    expect(mine.statusCode, mine.body).toBe(200);
  });

  it('a name under attack asks a harder check, never a 429; the owner solves it and signs in', async () => {
    const me = await owner();
    expect(await levelOf(me.username, me.home)).toBe(0);
    for (let n = 0; n < 11; n++) await login(me.username, `guess-${n}`, freshAddress());
    expect(await levelOf(me.username, me.home)).toBe(2);
    // A check solved before the name was known (the modal's background one) is too easy now:
    const easy = await solveBotCheck(t.app, { remoteAddress: me.home });
    const first = await login(me.username, me.password, me.home, easy);
    expect([first.statusCode, first.json().code]).toEqual([400, 'BOT_CHECK_HARDER']);
    // ...and the shell's automatic retry, with the name, passes.
    expect((await login(me.username, me.password, me.home)).statusCode).toBe(200);
  });

  it('the harder check comes back down when the failures stop', async () => {
    const me = await owner();
    for (let n = 0; n < 11; n++) await login(me.username, `guess-${n}`, freshAddress());
    expect(await levelOf(me.username, freshAddress())).toBe(2);
    await sql`UPDATE auth_pressure SET updated_at = updated_at - interval '10 minutes' WHERE key = ${`name:${me.username.toLowerCase()}`}`.execute(t.app.db);
    expect(await levelOf(me.username, freshAddress())).toBe(0);
  });

  it('an address that keeps failing asks harder checks for any name', async () => {
    const address = freshAddress();
    expect(await levelOf(null, address)).toBe(0);
    for (let n = 0; n < 11; n++) await login(uniqueName('nobody'), `guess-${n}`, address);
    expect(await levelOf(null, address)).toBe(2);
    expect(await levelOf(null, freshAddress())).toBe(0);
  });

  it('fuse: each Discord identity has its own attempt budget, and the fuse needs a bot check', async () => {
    const me = await owner();
    const attacker = await discordPending();
    const statuses: number[] = [];
    for (let n = 0; n < PER_USERNAME + 2; n++) {
      const address = freshAddress();
      statuses.push((await post(attacker.client, '/api/discord/fuse', { discordId: attacker.discordId, username: me.username, password: `guess-${n}`, turnstile_token: await check(me.username, address) }, address)).statusCode);
    }
    expect(statuses.slice(0, PER_USERNAME)).toEqual(Array(PER_USERNAME).fill(401));
    expect(statuses.slice(PER_USERNAME)).toEqual([429, 429]);
    const other = await discordPending();
    const address = freshAddress();
    const noCheck = await post(other.client, '/api/discord/fuse', { discordId: other.discordId, username: me.username, password: 'guess' }, address);
    expect(noCheck.statusCode).toBe(400);
    // The owner fuses their own Discord account with the right password.
    const mine = await post(other.client, '/api/discord/fuse', { discordId: other.discordId, username: me.username, password: me.password, turnstile_token: await check(me.username, me.home) }, me.home);
    expect(mine.statusCode, mine.body).toBe(200);
  });

  it('one address is still limited per minute (429), and only that address', async () => {
    const me = await owner();
    const attacker = freshAddress();
    const statuses: number[] = [];
    for (let n = 0; n < PER_ADDRESS + 2; n++) statuses.push((await login(me.username, `guess-${n}`, attacker)).statusCode);
    expect(statuses.slice(PER_ADDRESS)).toEqual([429, 429]);
    expect((await login(me.username, me.password, me.home)).statusCode).toBe(200);
  });
});

describe.each(testDatabases())('the counted address behind TRUST_PROXY on $name', (database) => {
  const apps: TestApp[] = [];
  afterAll(async () => { for (const a of apps) await a.close(); });

  /** Junk logins (no bot check needed to be counted), each with a new X-Forwarded-For. */
  async function limitedOf(trustProxy: string, from: string): Promise<number> {
    const t = await startApp(database, { TRUST_PROXY: trustProxy === '1' ? 1 : trustProxy.split(','), AUTH_RATE_PER_ADDRESS: 10 });
    apps.push(t);
    let limited = 0;
    for (let n = 0; n < 40; n++) {
      const r = await t.app.inject({
        method: 'POST', url: '/api/login', remoteAddress: from,
        headers: { origin: 'http://localhost', host: 'localhost', 'x-forwarded-for': `203.0.113.${n + 1}` },
        payload: { username: 'someone', password: 'whatever1', remember_me: false, turnstile_token: 'junk' },
      });
      if (r.statusCode === 429) limited++;
    }
    return limited;
  }

  it('TRUST_PROXY=1: a client connecting from a public address cannot choose its address', async () => {
    expect(await limitedOf('1', '198.51.100.7')).toBe(30);
  });

  it('TRUST_PROXY=1: a load balancer on a private address is believed', async () => {
    expect(await limitedOf('1', '10.1.2.3')).toBe(0);
  });

  it('TRUST_PROXY=<addresses>: only those proxies are believed', async () => {
    expect(await limitedOf('10.1.2.3', '198.51.100.8')).toBe(30);
    expect(await limitedOf('10.1.2.3', '10.1.2.3')).toBe(0);
  });
});
