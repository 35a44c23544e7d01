// What each host allows and the console's switches, as one policy: the server refuses a feature's
// endpoints for the host the session came from (and the host the page names), a switch turned
// off in the console refuses on every process within seconds, with the studio's message, audited
// and behind the password step-up.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FEATURE_OFF, FEATURE_TEXT, HOST_HEADER } from '../../contract/features';
import { setAdmin } from '../../server/jobs/adminRole';
import { createDb, type DbHandle } from '../../server/db/createDb';
import { conservationViolations } from '../../server/services/economy/ledger';
import { startHostFakes, type HostFakes } from './harness/hostFakes';
import { createScratchDatabase, type ScratchDatabase } from './harness/servers';
import { buildStartedApp, Client, reauthenticate, registerPlayer, testConfig, startApp, testDatabases, uniqueName, type TestApp } from './helpers';

const GAME = { authorization: `Bearer ${testConfig().GAME_SERVER_KEY}` };
type Player = Awaited<ReturnType<typeof registerPlayer>>;

let hosts: HostFakes;
beforeAll(async () => { hosts = await startHostFakes(); });
afterAll(async () => { await hosts.close(); });

const award = (t: TestApp, uuid: string, tripcoins: number) =>
  t.app.inject({ method: 'POST', url: '/api/server/award', headers: GAME, payload: { uuid, tripcoins, awardId: randomUUID() } });
const flip = (client: Client, headers: Record<string, string> = {}) =>
  client.post('/api/coinflip/create', { wager_amount: 20, choice: 1 }, { 'idempotency-key': randomUUID(), ...headers });

describe.each(testDatabases())('feature policy on $name', (database) => {
  let t: TestApp;
  let admin: Player;
  beforeAll(async () => {
    t = await startApp(database, hosts.config);
    admin = await registerPlayer(t.app);
    await setAdmin(t.handle.db, admin.username, true);
  });
  afterAll(async () => {
    expect(await conservationViolations(t.handle.db)).toEqual([]);
    await t.close();
  });

  const balance = async (client: Client) => ((await client.get('/api/getBaseInventory')).json() as { tripcoins: number }).tripcoins;
  async function portalPlayer(): Promise<{ client: Client; uuid: string }> {
    const token = await hosts.portal.sign({ userId: `cg-${uniqueName()}`, username: 'Portal Pal', gameId: 'game-42' });
    const client = new Client(t.app);
    const r = await client.post('/api/crazygames/login', { token });
    expect(r.statusCode, r.body).toBe(200);
    return { client, uuid: r.json().uuid as string };
  }
  const switchTo = (body: Record<string, unknown>) => admin.client.post('/api/admin/switches', body, { 'idempotency-key': randomUUID() });

  it("refuses a portal player's coin flip (create and accept) and escrows nothing; a web player's goes through", async () => {
    const portal = await portalPlayer();
    const given = await award(t, portal.uuid, 100);
    expect(given.statusCode, given.body).toBe(200);
    const refused = await flip(portal.client);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: FEATURE_TEXT.off, code: FEATURE_OFF });
    expect(await balance(portal.client)).toBe(100);

    const web = await registerPlayer(t.app);
    await award(t, web.uuid, 100);
    const made = await flip(web.client);
    expect(made.statusCode, made.body).toBe(200);
    const accept = await portal.client.post(`/api/coinflip/${made.json().game_id as string}/accept`, {}, { 'idempotency-key': randomUUID() });
    expect(accept.statusCode).toBe(403);
    expect(accept.json().code).toBe(FEATURE_OFF);
    expect(await balance(portal.client)).toBe(100);
    // The portal player still trades on the marketplace: only the wager is the portal's rule.
    expect((await portal.client.post('/api/seaport/create-listing', {}, { 'idempotency-key': randomUUID() })).statusCode).not.toBe(403);
  });

  it('keeps the host a web sign-in in a frame named, and refuses a web session the page says is framed by the portal', async () => {
    const name = uniqueName();
    const client = new Client(t.app);
    const { solveBotCheck } = await import('./helpers');
    const r = await client.post('/api/register', { username: name, password: 'hunter22', turnstile_token: await solveBotCheck(t.app) }, { [HOST_HEADER]: 'poki' });
    expect(r.statusCode, r.body).toBe(200);
    await award(t, r.json().uuid as string, 100);
    // No header later: the session remembers Poki.
    expect((await flip(client)).json().code).toBe(FEATURE_OFF);

    const web = await registerPlayer(t.app);
    await award(t, web.uuid, 100);
    expect((await flip(web.client, { [HOST_HEADER]: 'crazygames' })).statusCode).toBe(403);
    expect((await flip(web.client, { [HOST_HEADER]: 'discord' })).statusCode).toBe(200);
  });

  it('tells the shell the policy of its host (GET /api/features)', async () => {
    const cg = (await t.app.inject({ url: '/api/features?host=crazygames' })).json();
    expect(cg).toMatchObject({ host: 'crazygames', features: { coinflip: { on: false, message: null }, marketplace: { on: true } } });
    const web = (await t.app.inject({ url: '/api/features', headers: { [HOST_HEADER]: 'web' } })).json();
    expect(web.features.coinflip.on).toBe(true);
    const portal = await portalPlayer();
    const own = (await portal.client.get('/api/features')).json();
    expect(own).toMatchObject({ host: 'crazygames', features: { coinflip: { on: false } } });
    expect((await t.app.inject({ url: '/api/features?host=nowhere' })).statusCode).toBe(400);
  });

  it('a console switch needs the password step-up, is audited, refuses with its message, and comes back on', async () => {
    const player = await registerPlayer(t.app);
    await award(t, player.uuid, 100);
    const body = { feature: 'coinflip', host: 'web', on: false, reason: 'payout bug under investigation', playerMessage: 'Coin flips are paused for maintenance' };

    // A player is no admin; an admin who has not typed the password lately cannot write.
    expect((await player.client.post('/api/admin/switches', body, { 'idempotency-key': randomUUID() })).statusCode).toBe(403);
    const stale = await switchTo(body);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe('REAUTH_REQUIRED');
    expect((await flip(player.client)).statusCode).toBe(200);

    await reauthenticate(admin);
    // Bad input changes nothing.
    for (const bad of [{ ...body, feature: 'lottery' }, { ...body, host: 'mars' }, { ...body, reason: '' }, { ...body, playerMessage: 'x'.repeat(201) }]) {
      expect((await switchTo(bad)).statusCode).toBe(400);
    }
    expect(await t.handle.db.selectFrom('feature_switches').selectAll().execute()).toEqual([]);

    const off = await switchTo(body);
    expect(off.statusCode, off.body).toBe(200);
    const refused = await flip(player.client);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: FEATURE_OFF, error: FEATURE_TEXT.offSaying(body.playerMessage), text: 'FEATURE_OFF_SAYING', params: { message: body.playerMessage } });
    expect((await player.client.get('/api/features', { [HOST_HEADER]: 'web' })).json().features.coinflip).toEqual({ on: false, message: body.playerMessage });
    // Another host is untouched by a switch for the web.
    expect((await t.app.inject({ url: '/api/features?host=discord' })).json().features.coinflip.on).toBe(true);

    const audit = await t.handle.db.selectFrom('admin_audit').selectAll().where('id', '=', off.json().auditId as number).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'feature.off', reason: body.reason, target: 'coinflip@web' });
    const listed = (await admin.client.get('/api/admin/switches')).json();
    expect(listed.switches).toEqual([expect.objectContaining({ feature: 'coinflip', host: 'web', message: body.playerMessage, setBy: admin.username })]);
    expect(listed.defaults.crazygames).toEqual(['coinflip', 'bridge']);

    const on = await switchTo({ ...body, on: true, reason: 'fixed' });
    expect(on.statusCode).toBe(200);
    expect((await flip(player.client)).statusCode).toBe(200);
    const back = await t.handle.db.selectFrom('admin_audit').selectAll().where('id', '=', on.json().auditId as number).executeTakeFirstOrThrow();
    expect(back).toMatchObject({ action: 'feature.on', reason: 'fixed' });
  });

  it('a switch for every host stops crates and gifts everywhere, and a host switch cannot turn on what the host leaves out', async () => {
    await reauthenticate(admin);
    const player = await registerPlayer(t.app);
    expect((await switchTo({ feature: 'crates', host: 'all', on: false, reason: 'supply bug' })).statusCode).toBe(200);
    const open = await player.client.post('/api/crates/open', {}, { 'idempotency-key': randomUUID() });
    expect(open.statusCode).toBe(403);
    expect(open.json()).toMatchObject({ code: FEATURE_OFF, error: FEATURE_TEXT.off });
    expect((await t.app.inject({ url: '/api/features?host=discord' })).json().features.crates.on).toBe(false);
    expect((await switchTo({ feature: 'crates', host: 'all', on: true, reason: 'fixed' })).statusCode).toBe(200);
    expect((await player.client.post('/api/crates/open', {}, { 'idempotency-key': randomUUID() })).statusCode).not.toBe(403);

    expect((await switchTo({ feature: 'coinflip', host: 'crazygames', on: true, reason: 'try it' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/features?host=crazygames' })).json().features.coinflip.on).toBe(false);
  });
});

describe.each(testDatabases())('the periodic read of the switches on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => { t = await startApp(database, { FEATURE_SWITCH_REFRESH_MS: 300 }); });
  afterAll(async () => { await t.close(); });

  it('picks up a switch whose notification it never heard (written behind its back)', async () => {
    const someone = await registerPlayer(t.app);
    const on = async () => ((await t.app.inject({ url: '/api/features?host=discord' })).json() as { features: { bridge: { on: boolean } } }).features.bridge.on;
    expect(await on()).toBe(true);
    await t.handle.db.insertInto('feature_switches').values({ feature: 'bridge', host: 'discord', message: '', reason: 'by hand', set_by: someone.uuid }).execute();
    await vi.waitFor(async () => expect(await on()).toBe(false), { timeout: 3_000, interval: 50 });
  });
});

const ADMIN_URL = process.env.TEST_DATABASE_URL;

describe.skipIf(!ADMIN_URL)('a switch across two API processes on PostgreSQL', { tags: ['timing'] }, () => {
  let scratch: ScratchDatabase;
  let handles: DbHandle[] = [];
  let apps: Awaited<ReturnType<typeof buildStartedApp>>[] = [];
  beforeAll(async () => {
    scratch = await createScratchDatabase(ADMIN_URL ?? '', 'featsw');
    handles = await Promise.all([0, 1].map(() => createDb({ databaseUrl: scratch.url, poolSize: 4 })));
    // The periodic read is ten minutes away: only the notification can carry the switch in time.
    const config = testConfig({ FEATURE_SWITCH_REFRESH_MS: 600_000 });
    for (const handle of handles) apps.push(await buildStartedApp(config, { database: handle, logger: false }));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    await Promise.all(handles.map((h) => h.close()));
    await scratch.drop();
    apps = []; handles = [];
  });

  it('coin flips turned off on one process are refused on the other within 5 s', async () => {
    const [one, two] = apps as [typeof apps[number], typeof apps[number]];
    const admin = await registerPlayer(one);
    await setAdmin(handles[0]!.db, admin.username, true);
    await reauthenticate(admin);
    const player = await registerPlayer(two);
    await two.inject({ method: 'POST', url: '/api/server/award', headers: GAME, payload: { uuid: player.uuid, tripcoins: 1000, awardId: randomUUID() } });
    expect((await flip(player.client)).statusCode).toBe(200);

    const off = await admin.client.post('/api/admin/switches', { feature: 'coinflip', host: 'all', on: false, reason: 'incident', playerMessage: 'Back soon' }, { 'idempotency-key': randomUUID() });
    expect(off.statusCode, off.body).toBe(200);
    const since = performance.now();
    let refusedAfter = Infinity;
    while (performance.now() - since < 5_000) {
      const r = await two.inject({ url: '/api/features?host=web' });
      if (!(r.json() as { features: { coinflip: { on: boolean } } }).features.coinflip.on) { refusedAfter = performance.now() - since; break; }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(refusedAfter).toBeLessThan(5_000);
    const refused = await flip(player.client);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: FEATURE_OFF, error: FEATURE_TEXT.offSaying('Back soon') });
    console.info(`switch reached the second process in ${Math.round(refusedAfter)} ms`);
  });
});
