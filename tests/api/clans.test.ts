import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { CLAN_COLORS, CLAN_TEXT, DEFAULT_CLAN_COLOR } from '../../contract/clans';
import { xpRequiredForLevel } from '../../contract/levels';
import { inTransaction } from '../../server/db/tx';
import { addXp } from '../../server/services/progress/progress';
import { DEFAULT_SETTINGS } from '../../contract/settings';
import { registerPlayer, startApp, testConfig, testDatabases, uniqueName, type Client, type TestApp, databaseNamed } from './helpers';

type Player = Awaited<ReturnType<typeof registerPlayer>>;

describe.each(testDatabases())('clans on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => { t = await startApp(database); });
  afterAll(async () => { await t.close(); });

  async function veteran(level = 15): Promise<Player> {
    const p = await registerPlayer(t.app);
    await inTransaction(t.handle.db, (trx) => addXp(trx, p.uuid, xpRequiredForLevel(level)));
    return p;
  }
  let tagCounter = 0;
  const nextTag = () => `T${(++tagCounter).toString(36).toUpperCase()}${Math.random().toString(36).slice(2, 4).toUpperCase()}`.slice(0, 5);

  async function makeClan(admin: Player, name = `Clan ${uniqueName('c').slice(-10)}`) {
    const tag = nextTag();
    const r = await admin.client.post('/api/clans/create', { clanName: name, clanTag: tag.toLowerCase(), clanColor: CLAN_COLORS[3] });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().clan as { clanId: string; clanName: string; clanTag: string };
  }
  async function inviteAndAccept(admin: Player, clanId: string, player: Player) {
    const inv = await admin.client.post(`/api/clans/${clanId}/invite`, { username: player.username });
    expect(inv.statusCode, inv.body).toBe(200);
    // The shell words the answer from its code and values, not from the English.
    expect(inv.json()).toMatchObject({ message: `Invite sent to ${player.username}`, messageText: { code: 'CLAN_DONE_INVITE_SENT', params: { username: player.username } } });
    const acc = await player.client.post(`/api/clans/invites/${inv.json().invite.inviteId}/accept`);
    expect(acc.statusCode, acc.body).toBe(200);
  }
  const status = async (c: Client) => (await c.get('/api/clans/my-status')).json();

  it('creates a clan at level 15 with an uppercase tag and the admin as its one member', async () => {
    const low = await veteran(14);
    const refused = await low.client.post('/api/clans/create', { clanName: 'Too Early', clanTag: 'TE' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(CLAN_TEXT.levelRequired);

    const admin = await veteran();
    const clan = await makeClan(admin);
    expect(clan.clanTag).toMatch(/^[A-Z0-9]+$/);
    expect(await status(admin.client)).toEqual({ status: 'admin', clan: { clanId: clan.clanId } });
    const details = (await admin.client.get(`/api/clans/${clan.clanId}`)).json();
    // Their own balance is theirs to see (0 here), switch or not.
    expect(details.members).toEqual([{ uuid: admin.uuid, username: admin.username, role: 'admin', level: 15, tripcoinBalance: 0 }]);

    const dflt = await (await veteran()).client.post('/api/clans/create', { clanName: `Blue ${nextTag()}`, clanTag: nextTag() });
    expect(dflt.json().clan.clanColor).toBe(DEFAULT_CLAN_COLOR);
  });

  it('keeps a member\'s TripCoin balance private unless they choose to show it', async () => {
    const admin = await veteran();
    const clan = await makeClan(admin);
    const mate = await registerPlayer(t.app);
    const award = (uuid: string, tripcoins: number) => t.app.inject({ method: 'POST', url: '/api/server/award', headers: { authorization: `Bearer ${testConfig().GAME_SERVER_KEY}` }, payload: { uuid, tripcoins, awardId: uniqueName('aw') } });
    expect((await award(admin.uuid, 321)).statusCode).toBe(200);
    expect((await award(mate.uuid, 45.5)).statusCode).toBe(200);
    await inviteAndAccept(admin, clan.clanId, mate);
    const balances = async (viewer: Client) => Object.fromEntries(((await viewer.get(`/api/clans/${clan.clanId}`)).json().members as Array<{ username: string; tripcoinBalance: number | null }>).map((m) => [m.username, m.tripcoinBalance]));
    // Default: neither balance reaches a clanmate, nor anyone browsing the clans (each sees their own).
    expect(await balances(mate.client)).toEqual({ [admin.username]: null, [mate.username]: 45.5 });
    // Every figure in the search answer, by key: a balance in any field would show as 321 (a
    // substring test of the body would also match the digits of a uuid).
    const browse = (await mate.client.get(`/api/clans/search?q=${encodeURIComponent(clan.clanName)}`)).json() as unknown;
    const figures: unknown[] = [];
    JSON.stringify(browse, (_key, value: unknown) => { if (typeof value === 'number') figures.push(value); return value; });
    expect(figures).not.toContain(321);
    // The admin chooses to show theirs: now (and only theirs) is sent.
    expect((await admin.client.put('/api/settings', { ...DEFAULT_SETTINGS, showBalanceToClan: true })).statusCode).toBe(200);
    expect(await balances(mate.client)).toEqual({ [admin.username]: 321, [mate.username]: 45.5 });
    expect((await admin.client.put('/api/settings', { ...DEFAULT_SETTINGS, showBalanceToClan: false })).statusCode).toBe(200);
    expect(await balances(mate.client)).toEqual({ [admin.username]: null, [mate.username]: 45.5 });
    // A player's own balance is theirs to see, switch or not.
    expect((await balances(admin.client))[admin.username]).toBe(321);
    // A bad value is refused with a clear error and changes nothing.
    const bad = await admin.client.put('/api/settings', { ...DEFAULT_SETTINGS, showBalanceToClan: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(await balances(mate.client)).toEqual({ [admin.username]: null, [mate.username]: 45.5 });
  });

  it('validates names, tags and colours with the spec texts', async () => {
    const p = await veteran();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ clanName: 'ab', clanTag: 'AB' }, CLAN_TEXT.nameRule],
      [{ clanName: 'x'.repeat(21), clanTag: 'AB' }, CLAN_TEXT.nameRule],
      [{ clanName: 'Fine Name', clanTag: 'A' }, CLAN_TEXT.tagRule],
      [{ clanName: 'Fine Name', clanTag: 'ABCDEF' }, CLAN_TEXT.tagRule],
      [{ clanName: 'Fine Name', clanTag: 'A-B' }, CLAN_TEXT.tagRule],
      [{ clanName: 'Fine Name', clanTag: 'AB', clanColor: '#123456' }, CLAN_TEXT.invalidColor],
    ];
    for (const [body, text] of cases) {
      const r = await p.client.post('/api/clans/create', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().error).toBe(text);
    }
    expect((await status(p.client)).status).toBe('non-member');
  });

  it('keeps names and tags unique regardless of case, and one clan per player', async () => {
    const a = await veteran();
    const clan = await makeClan(a, `Unique ${nextTag()}`);
    const b = await veteran();
    const sameName = await b.client.post('/api/clans/create', { clanName: clan.clanName.toUpperCase(), clanTag: nextTag() });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().error).toBe(CLAN_TEXT.nameTaken);
    const sameTag = await b.client.post('/api/clans/create', { clanName: `Other ${nextTag()}`, clanTag: clan.clanTag.toLowerCase() });
    expect(sameTag.json().error).toBe(CLAN_TEXT.tagTaken);
    const second = await a.client.post('/api/clans/create', { clanName: `Second ${nextTag()}`, clanTag: nextTag() });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe(CLAN_TEXT.alreadyInClan);
  });

  it('runs invites: one pending per player, accept closes the others, decline and cancel', async () => {
    const adminA = await veteran();
    const adminB = await veteran();
    const clanA = await makeClan(adminA);
    const clanB = await makeClan(adminB);
    const player = await registerPlayer(t.app);

    const inviteA = (await adminA.client.post(`/api/clans/${clanA.clanId}/invite`, { username: player.username.toUpperCase() })).json().invite;
    const again = await adminA.client.post(`/api/clans/${clanA.clanId}/invite`, { username: player.username });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(CLAN_TEXT.invitePending);
    await adminB.client.post(`/api/clans/${clanB.clanId}/invite`, { username: player.username });
    expect((await adminA.client.get(`/api/clans/${clanA.clanId}/invites`)).json().map((i: { username: string }) => i.username)).toEqual([player.username]);

    const mine = (await player.client.get('/api/clans/my-invites')).json();
    expect(mine.map((i: { clanTag: string }) => i.clanTag).sort()).toEqual([clanA.clanTag, clanB.clanTag].sort());

    const accepted = await player.client.post(`/api/clans/invites/${inviteA.inviteId}/accept`);
    expect(accepted.json()).toMatchObject({ clanId: clanA.clanId, clanName: clanA.clanName });
    expect(await status(player.client)).toEqual({ status: 'member', clan: { clanId: clanA.clanId } });
    expect((await player.client.get('/api/clans/my-invites')).json()).toEqual([]);
    expect((await adminB.client.get(`/api/clans/${clanB.clanId}/invites`)).json()).toEqual([]);

    const outsider = await registerPlayer(t.app);
    const inv = (await adminA.client.post(`/api/clans/${clanA.clanId}/invite`, { username: outsider.username })).json().invite;
    expect((await adminA.client.delete(`/api/clans/${clanA.clanId}/invites/${inv.inviteId}`)).statusCode).toBe(200);
    expect((await outsider.client.post(`/api/clans/invites/${inv.inviteId}/accept`)).statusCode).toBe(404);
    const inv2 = (await adminA.client.post(`/api/clans/${clanA.clanId}/invite`, { username: outsider.username })).json().invite;
    expect((await outsider.client.post(`/api/clans/invites/${inv2.inviteId}/decline`)).json().message).toBe('Invite declined');
    expect((await status(outsider.client)).status).toBe('non-member');

    const inClan = await adminA.client.post(`/api/clans/${clanA.clanId}/invite`, { username: adminB.username });
    expect(inClan.json().error).toBe(CLAN_TEXT.playerInClan);
    const ghost = await adminA.client.post(`/api/clans/${clanA.clanId}/invite`, { username: 'nobody_here_zz' });
    expect(ghost.statusCode).toBe(404);
  });

  it('runs join requests: one pending, admin accepts or declines', async () => {
    const admin = await veteran();
    const clan = await makeClan(admin);
    const p = await registerPlayer(t.app);
    expect((await p.client.post(`/api/clans/${clan.clanId}/request`)).json().clanName).toBe(clan.clanName);
    expect((await p.client.post(`/api/clans/${clan.clanId}/request`)).json().error).toBe(CLAN_TEXT.requestPending);
    const requests = (await admin.client.get(`/api/clans/${clan.clanId}/requests`)).json();
    expect(requests.map((r: { username: string }) => r.username)).toEqual([p.username]);
    expect((await admin.client.post(`/api/clans/requests/${requests[0].requestId}/accept`)).json().username).toBe(p.username);
    expect((await status(p.client)).status).toBe('member');

    const q = await registerPlayer(t.app);
    await q.client.post(`/api/clans/${clan.clanId}/request`);
    const [req] = (await admin.client.get(`/api/clans/${clan.clanId}/requests`)).json();
    expect((await admin.client.post(`/api/clans/requests/${req.requestId}/decline`)).json().message).toBe('Request declined');
    expect((await status(q.client)).status).toBe('non-member');
  });

  it('tells a join live to the admin or the newcomer, never to whoever did it', async () => {
    // The shell shows one toast at a time: a live "joined" toast to the one who acted replaced
    // the answer to their own request a moment after it appeared.
    const joinedFor = async (player: Player) => (await t.handle.db.selectFrom('live_events').select('event')
      .where('user_id', '=', player.uuid).execute()).filter((row) => (row.event as { type?: string }).type === 'clanAccept');
    const admin = await veteran();
    const clan = await makeClan(admin);
    const invited = await registerPlayer(t.app);
    await inviteAndAccept(admin, clan.clanId, invited);
    // The invite itself was told to the invited player, naming the admin who sent it.
    const invites = (await t.handle.db.selectFrom('live_events').select('event').where('user_id', '=', invited.uuid).execute())
      .map((row) => row.event as { type?: string; invitedBy?: string }).filter((event) => event.type === 'clanInvite');
    expect(invites.map((event) => event.invitedBy)).toEqual([admin.username]);
    expect(await joinedFor(invited)).toHaveLength(0);
    expect((await joinedFor(admin)).map((row) => (row.event as { username: string }).username)).toEqual([invited.username]);

    const asking = await registerPlayer(t.app);
    await asking.client.post(`/api/clans/${clan.clanId}/request`);
    const [request] = (await admin.client.get(`/api/clans/${clan.clanId}/requests`)).json();
    expect((await admin.client.post(`/api/clans/requests/${request.requestId}/accept`)).statusCode).toBe(200);
    expect((await joinedFor(asking)).map((row) => (row.event as { clanName: string }).clanName)).toEqual([clan.clanName]);
    expect(await joinedFor(admin)).toHaveLength(1);
  });

  it('tells the admin live when a member leaves, and nobody else', async () => {
    // The admin's member list kept a player who had left, and removing them then failed.
    const leftFor = async (player: Player) => (await t.handle.db.selectFrom('live_events').select('event')
      .where('user_id', '=', player.uuid).execute()).map((row) => row.event as { type?: string; username?: string; clanId?: string }).filter((e) => e.type === 'clanLeft');
    const admin = await veteran();
    const clan = await makeClan(admin);
    const leaving = await registerPlayer(t.app);
    const staying = await registerPlayer(t.app);
    await inviteAndAccept(admin, clan.clanId, leaving);
    await inviteAndAccept(admin, clan.clanId, staying);
    expect((await leaving.client.delete(`/api/clans/${clan.clanId}/leave`)).statusCode).toBe(200);
    expect(await leftFor(admin)).toEqual([expect.objectContaining({ clanId: clan.clanId, username: leaving.username })]);
    expect(await leftFor(staying)).toEqual([]);
    expect(await leftFor(leaving)).toEqual([]);
  });

  it('enforces admin-only actions and the one-admin rules', async () => {
    const admin = await veteran();
    const clan = await makeClan(admin);
    const member = await registerPlayer(t.app);
    const other = await registerPlayer(t.app);
    await inviteAndAccept(admin, clan.clanId, member);
    await inviteAndAccept(admin, clan.clanId, other);

    for (const attempt of [
      () => member.client.post(`/api/clans/${clan.clanId}/invite`, { username: 'someone' }),
      () => member.client.delete(`/api/clans/${clan.clanId}/members/${other.uuid}`),
      () => member.client.put(`/api/clans/${clan.clanId}/color`, { clanColor: CLAN_COLORS[0] }),
      () => member.client.post(`/api/clans/${clan.clanId}/transfer`, { newAdminUuid: member.uuid }),
      () => member.client.delete(`/api/clans/${clan.clanId}`),
      () => member.client.get(`/api/clans/${clan.clanId}/requests`),
    ]) {
      const r = await attempt();
      expect(r.statusCode).toBe(403);
      expect(r.json().error).toBe(CLAN_TEXT.adminOnly);
    }
    const otherAdmin = await veteran();
    const otherClan = await makeClan(otherAdmin);
    expect((await otherAdmin.client.delete(`/api/clans/${clan.clanId}/members/${member.uuid}`)).statusCode).toBe(403);
    expect((await admin.client.delete(`/api/clans/${otherClan.clanId}`)).statusCode).toBe(403);

    expect((await admin.client.delete(`/api/clans/${clan.clanId}/leave`)).json().error).toBe(CLAN_TEXT.adminCannotLeave);
    expect((await admin.client.delete(`/api/clans/${clan.clanId}/members/${admin.uuid}`)).json().error).toBe(CLAN_TEXT.cannotRemoveAdmin);
    expect((await admin.client.post(`/api/clans/${clan.clanId}/transfer`, { newAdminUuid: admin.uuid })).json().error).toBe(CLAN_TEXT.transferTarget);
    expect((await admin.client.post(`/api/clans/${clan.clanId}/transfer`, { newAdminUuid: otherAdmin.uuid })).json().error).toBe(CLAN_TEXT.transferTarget);

    const color = await admin.client.put(`/api/clans/${clan.clanId}/color`, { clanColor: CLAN_COLORS[7] });
    expect(color.json().clanColor).toBe(CLAN_COLORS[7]);

    const moved = await admin.client.post(`/api/clans/${clan.clanId}/transfer`, { newAdminUuid: member.uuid });
    expect(moved.json().newAdmin).toEqual({ uuid: member.uuid, username: member.username });
    expect((await status(admin.client)).status).toBe('member');
    expect((await status(member.client)).status).toBe('admin');
    const list = (await member.client.get(`/api/clans/${clan.clanId}`)).json().members;
    expect(list[0].uuid).toBe(member.uuid);
    expect(list.filter((m: { role: string }) => m.role === 'admin')).toHaveLength(1);

    expect((await member.client.delete(`/api/clans/${clan.clanId}/members/${other.uuid}`)).statusCode).toBe(200);
    expect((await status(other.client)).status).toBe('non-member');
    expect((await admin.client.delete(`/api/clans/${clan.clanId}/leave`)).statusCode).toBe(200);
    expect((await status(admin.client)).status).toBe('non-member');
  });

  it('disbands: everyone becomes a non-member, pending invites and requests close, the name is free again', async () => {
    const admin = await veteran();
    const clan = await makeClan(admin);
    const member = await registerPlayer(t.app);
    await inviteAndAccept(admin, clan.clanId, member);
    const invited = await registerPlayer(t.app);
    const inv = (await admin.client.post(`/api/clans/${clan.clanId}/invite`, { username: invited.username })).json().invite;
    const asker = await registerPlayer(t.app);
    await asker.client.post(`/api/clans/${clan.clanId}/request`);

    expect((await admin.client.delete(`/api/clans/${clan.clanId}`)).json().message).toBe('Clan deleted');
    for (const p of [admin, member]) expect((await status(p.client)).status).toBe('non-member');
    expect((await invited.client.post(`/api/clans/invites/${inv.inviteId}/accept`)).statusCode).toBe(404);
    expect((await invited.client.get('/api/clans/my-invites')).json()).toEqual([]);
    expect((await member.client.get(`/api/clans/${clan.clanId}`)).statusCode).toBe(404);
    const reborn = await (await veteran()).client.post('/api/clans/create', { clanName: clan.clanName, clanTag: clan.clanTag });
    expect(reborn.statusCode).toBe(200);
  });

  it('browses 10 a page with members, levels, balances and average level, and searches', async () => {
    const admins = await Promise.all(Array.from({ length: 3 }, () => veteran(20)));
    const prefix = `Zq${nextTag()}`;
    for (const [i, a] of admins.entries()) await makeClan(a, `${prefix} ${i}`);
    const first = (await admins[0]!.client.get('/api/clans/browse?page=1&limit=10')).json();
    expect(first.clans.length).toBeLessThanOrEqual(10);
    expect(first.pagination.totalPages).toBe(Math.max(1, Math.ceil(first.pagination.totalClans / 10)));
    const last = (await admins[0]!.client.get(`/api/clans/browse?page=${first.pagination.totalPages}`)).json();
    expect(last.pagination.currentPage).toBe(first.pagination.totalPages);
    const beyond = (await admins[0]!.client.get('/api/clans/browse?page=9999')).json();
    expect(beyond.pagination.currentPage).toBe(first.pagination.totalPages);

    const found = (await admins[0]!.client.get(`/api/clans/search?q=${encodeURIComponent(prefix.toLowerCase())}`)).json();
    expect(found.map((c: { clanName: string }) => c.clanName).sort()).toEqual([0, 1, 2].map((i) => `${prefix} ${i}`));
    expect(found[0]).toMatchObject({ memberCount: 1, averageLevel: 20 });
    expect(found[0].members[0]).toMatchObject({ role: 'admin', level: 20 });
    expect((await admins[0]!.client.get('/api/clans/search?q=%25')).json()).toEqual([]);
    expect((await admins[0]!.client.get('/api/clans/search?q=')).json()).toEqual([]);
  });

  it('answers malformed ids with 400 and unknown ones with 404', async () => {
    const p = await registerPlayer(t.app);
    expect((await p.client.get('/api/clans/not-a-uuid')).statusCode).toBe(400);
    expect((await p.client.get('/api/clans/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await p.client.post('/api/clans/invites/00000000-0000-4000-8000-000000000000/accept')).statusCode).toBe(404);
    expect((await p.client.post('/api/clans/00000000-0000-4000-8000-000000000000/request')).statusCode).toBe(404);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('clan races on PostgreSQL (needs TEST_DATABASE_URL)', () => {
  const postgres = databaseNamed('postgres');
  let t: TestApp;
  beforeAll(async () => { t = await startApp(postgres!); });
  afterAll(async () => { await t.close(); });

  async function veteran(): Promise<Player> {
    const p = await registerPlayer(t.app);
    await inTransaction(t.handle.db, (trx) => addXp(trx, p.uuid, xpRequiredForLevel(15)));
    return p;
  }
  const tag = () => Math.random().toString(36).slice(2, 6).toUpperCase();

  it('two invites accepted at once give one membership', async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b] = await Promise.all([veteran(), veteran()]);
      const ca = (await a.client.post('/api/clans/create', { clanName: `Race A ${tag()}`, clanTag: tag() })).json().clan;
      const cb = (await b.client.post('/api/clans/create', { clanName: `Race B ${tag()}`, clanTag: tag() })).json().clan;
      const p = await registerPlayer(t.app);
      const ia = (await a.client.post(`/api/clans/${ca.clanId}/invite`, { username: p.username })).json().invite;
      const ib = (await b.client.post(`/api/clans/${cb.clanId}/invite`, { username: p.username })).json().invite;
      const results = await Promise.all([
        p.client.post(`/api/clans/invites/${ia.inviteId}/accept`),
        p.client.post(`/api/clans/invites/${ib.inviteId}/accept`),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, results.some((r) => r.statusCode === 404) ? 404 : 409].sort());
      const rows = await t.handle.db.selectFrom('clan_members').select('clan_id').where('user_id', '=', p.uuid).execute();
      expect(rows).toHaveLength(1);
    }
  });

  it('accept racing disband leaves no member in a disbanded clan', async () => {
    for (let round = 0; round < 5; round++) {
      const admin = await veteran();
      const clan = (await admin.client.post('/api/clans/create', { clanName: `Doomed ${tag()}`, clanTag: tag() })).json().clan;
      const p = await registerPlayer(t.app);
      const inv = (await admin.client.post(`/api/clans/${clan.clanId}/invite`, { username: p.username })).json().invite;
      await Promise.all([admin.client.delete(`/api/clans/${clan.clanId}`), p.client.post(`/api/clans/invites/${inv.inviteId}/accept`)]);
      const stranded = await sql<{ n: string }>`SELECT count(*) AS n FROM clan_members m JOIN clans c ON c.id = m.clan_id WHERE c.disbanded_at IS NOT NULL`.execute(t.handle.db);
      expect(Number(stranded.rows[0]!.n)).toBe(0);
    }
  });

  it('two transfers at once leave exactly one admin', async () => {
    for (let round = 0; round < 5; round++) {
      const admin = await veteran();
      const clan = (await admin.client.post('/api/clans/create', { clanName: `Crown ${tag()}`, clanTag: tag() })).json().clan;
      const [m1, m2] = await Promise.all([registerPlayer(t.app), registerPlayer(t.app)]);
      for (const m of [m1, m2]) {
        const inv = (await admin.client.post(`/api/clans/${clan.clanId}/invite`, { username: m.username })).json().invite;
        await m.client.post(`/api/clans/invites/${inv.inviteId}/accept`);
      }
      await Promise.all([
        admin.client.post(`/api/clans/${clan.clanId}/transfer`, { newAdminUuid: m1.uuid }),
        admin.client.post(`/api/clans/${clan.clanId}/transfer`, { newAdminUuid: m2.uuid }),
      ]);
      const admins = await t.handle.db.selectFrom('clan_members').select('user_id').where('clan_id', '=', clan.clanId).where('role', '=', 'admin').execute();
      expect(admins).toHaveLength(1);
      const members = await t.handle.db.selectFrom('clan_members').select('user_id').where('clan_id', '=', clan.clanId).execute();
      expect(members).toHaveLength(3);
    }
  });
});
