// Leaderboards: scores only from the game server's stats report, weekly and all-time, the stats
// the configuration names, ranks globally / in the clan / among a host's friends, the written tie
// rule, banned players off the board, the cached read dropped on a score, and CrazyGames'
// leaderboard fed through its API (the stand-in in tests/fakes) without holding up the report.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../server/db/tx';
import { ban } from '../../server/services/admin/adminPlayers';
import { seasonEnd, seasonStart } from '../../server/services/leaderboards/seasons';
import { startFakePortalLeaderboard, type FakePortalLeaderboard } from '../fakes/crazygamesLeaderboard';
import { registerPlayer, startApp, testConfig, type TestApp, databaseNamed } from './helpers';

type Player = Awaited<ReturnType<typeof registerPlayer>>;
const KEY = testConfig().GAME_SERVER_KEY ?? '';

async function report(t: TestApp, uuid: string, stats: Record<string, number>, reportId = randomUUID()) {
  const r = await t.app.inject({ method: 'POST', url: '/api/server/stats', headers: { authorization: `Bearer ${KEY}` }, payload: { uuid, reportId, ...stats } });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { applied: boolean };
}
async function board(p: Player, query = '') {
  const r = await p.client.get(`/api/leaderboards${query}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { rows: Array<{ rank: number; uuid: string; value: number }>; me: { rank: number; value: number } | null; total: number; stats: string[]; season: { startsAt: string; endsAt: string } | null };
}
const ranked = (b: Awaited<ReturnType<typeof board>>, players: Player[]) =>
  b.rows.filter((r) => players.some((p) => p.uuid === r.uuid)).map((r) => [players.findIndex((p) => p.uuid === r.uuid), r.value]);

describe('weekly seasons', () => {
  it('start on Monday at the configured hour, UTC, and last a week', () => {
    // Sunday 2026-12-06 08:00 UTC: the season began Monday 2026-11-30 at 09:00.
    expect(seasonStart(new Date('2026-12-06T08:00:00Z'), 9).toISOString()).toBe('2026-11-30T09:00:00.000Z');
    // Monday before the hour: still last week's; at the hour exactly, the new one.
    expect(seasonStart(new Date('2026-12-07T08:59:59.999Z'), 9).toISOString()).toBe('2026-11-30T09:00:00.000Z');
    expect(seasonStart(new Date('2026-12-07T09:00:00Z'), 9).toISOString()).toBe('2026-12-07T09:00:00.000Z');
    expect(seasonStart(new Date('2026-12-07T00:00:00Z'), 0).toISOString()).toBe('2026-12-07T00:00:00.000Z');
    expect(seasonEnd(new Date('2026-12-07T09:00:00Z')).toISOString()).toBe('2026-12-14T09:00:00.000Z');
  });
});

describe.each([databaseNamed('pglite')!])('leaderboards on $name', (database) => {
  let t: TestApp;
  let cached: TestApp;
  let portal: FakePortalLeaderboard;
  const players: Player[] = [];
  beforeAll(async () => {
    portal = await startFakePortalLeaderboard();
    t = await startApp(database, {
      LEADERBOARD_CACHE_MS: 0, LEADERBOARD_STATS: ['wins', 'kills'],
      CRAZYGAMES_LEADERBOARD_URL: portal.baseUrl, CRAZYGAMES_LEADERBOARD_KEY: portal.apiKey,
    });
    cached = await startApp(database, { LEADERBOARD_CACHE_MS: 60_000 });
    for (let i = 0; i < 4; i += 1) players.push(await registerPlayer(t.app));
  }, 60_000);
  afterAll(async () => { await t.close(); await cached.close(); await portal.close(); });

  it('counts what the game server reports on the weekly and all-time boards, once per report', async () => {
    const [a, b, c] = players as [Player, Player, Player];
    await report(t, a.uuid, { wins: 2, kills: 5 });
    await report(t, b.uuid, { wins: 3, kills: 1 });
    const again = randomUUID();
    await report(t, c.uuid, { wins: 1, kills: 9 }, again);
    expect(await report(t, c.uuid, { wins: 1, kills: 9 }, again)).toEqual({ applied: false });
    const weekly = await board(a);
    expect(weekly.stats).toEqual(['wins', 'kills']);
    expect(ranked(weekly, players)).toEqual([[1, 3], [0, 2], [2, 1]]);
    expect(weekly.me).toMatchObject({ rank: 2, value: 2 });
    expect(weekly.season?.startsAt).toBe(seasonStart(new Date(), 9).toISOString());
    const knockouts = await board(a, '?stat=kills&period=all');
    expect(ranked(knockouts, players)).toEqual([[2, 9], [0, 5], [1, 1]]);
    expect(knockouts.season).toBeNull();
  });

  it('takes no score from the page, and refuses a stat without a board or a bad query', async () => {
    const [a] = players as [Player];
    expect((await a.client.post('/api/server/stats', { uuid: a.uuid, reportId: 'page', wins: 100 })).statusCode).toBe(401);
    const before = await board(a);
    await report(t, a.uuid, { timeplayed: 600 });
    const refused = await a.client.get('/api/leaderboards?stat=timeplayed');
    expect([refused.statusCode, refused.json().code]).toEqual([400, 'UNKNOWN_STAT']);
    for (const bad of ['?period=month', '?scope=friends', '?scope=friends&provider=discord&ids=a%20b', `?scope=friends&provider=discord&ids=${Array.from({ length: 101 }, (_, i) => i).join(',')}`, '?extra=1']) {
      expect((await a.client.get(`/api/leaderboards${bad}`)).statusCode, bad).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/leaderboards' })).statusCode).toBe(401);
    expect((await board(a)).rows).toEqual(before.rows);
  });

  it('breaks ties by the earlier reach of the score, then the lower account id', async () => {
    const d = players[3] as Player;
    const b = players[1] as Player;
    // d reaches 3 wins after b did: b stays ahead.
    await report(t, d.uuid, { wins: 3 });
    const tie = await board(d);
    expect(ranked(tie, [b, d])).toEqual([[0, 3], [1, 3]]);
    expect(tie.me?.rank).toBe((tie.rows.findIndex((r) => r.uuid === d.uuid)) + 1);
    // Reached at the same instant: the lower account id first.
    const same = new Date('2026-01-01T00:00:00Z');
    await t.handle.db.updateTable('leaderboard_scores').set({ reached_at: same }).where('user_id', 'in', [b.uuid, d.uuid]).execute();
    const byId = [b, d].sort((x, y) => (x.uuid < y.uuid ? -1 : 1));
    expect(ranked(await board(d), byId)).toEqual([[0, 3], [1, 3]]);
  });

  it('ranks within the clan and among the friends the host names, unknown ids ignored', async () => {
    const [a, b, c, d] = players as [Player, Player, Player, Player];
    const clan = randomUUID();
    const tag = `L${clan.replace(/[^0-9]/g, '').slice(0, 4)}`;
    await t.handle.db.insertInto('clans').values({ id: clan, name: `board ${tag}`, tag, color: '#228be6' } as never).execute();
    await t.handle.db.insertInto('clan_members').values([{ user_id: a.uuid, clan_id: clan, role: 'admin' }, { user_id: c.uuid, clan_id: clan, role: 'member' }]).execute();
    const inClan = await board(a, '?scope=clan');
    expect(inClan.rows.map((r) => r.uuid).sort()).toEqual([a.uuid, c.uuid].sort());
    expect(inClan.me?.rank).toBe(1);
    expect(inClan.total).toBe(2);
    // No clan: the player's own row only.
    expect((await board(b, '?scope=clan')).rows.map((r) => r.uuid)).toEqual([b.uuid]);
    expect((await board(b, '?scope=clan')).total).toBe(1);
    await t.handle.db.updateTable('users').set({ discord_id: '80351110224678912' }).where('id', '=', d.uuid).execute();
    await t.handle.db.updateTable('users').set({ crazygames_id: 'cgFriend1' }).where('id', '=', b.uuid).execute();
    const friends = await board(a, '?scope=friends&provider=discord&ids=80351110224678912,999999999999');
    expect(friends.rows.map((r) => r.uuid)).toEqual([d.uuid, a.uuid]);
    expect(friends.me?.rank).toBe(2);
    const portalFriends = await board(a, '?scope=friends&provider=crazygames&ids=cgFriend1,80351110224678912');
    expect(portalFriends.rows.map((r) => r.uuid)).toEqual([b.uuid, a.uuid]);
  });

  it('keeps a read board for its TTL, drops it when this process records a score, and drops a banned player at once', async () => {
    const a = await registerPlayer(cached.app);
    const c = await registerPlayer(cached.app);
    await report(cached, a.uuid, { wins: 1 });
    await report(cached, c.uuid, { wins: 2 });
    const first = await board(a);
    expect(first.rows.map((r) => [r.uuid, r.value])).toEqual([[c.uuid, 2], [a.uuid, 1]]);
    // A change that is no score (written past the service) is not seen while the board is kept...
    await cached.handle.db.updateTable('leaderboard_scores').set({ value: 2000 }).where('user_id', '=', c.uuid).where('stat', '=', 'wins').where('season', '<>', 'all').execute();
    expect((await board(a)).rows).toEqual(first.rows);
    // ...a score recorded by this process drops it.
    await report(cached, a.uuid, { wins: 1 });
    const fresh = await board(a);
    expect(fresh.rows.map((r) => [r.uuid, r.value])).toEqual([[c.uuid, 2000], [a.uuid, 2]]);
    // A ban: off the board at the next read.
    await inTransaction(cached.handle.db, (trx) => ban(trx, c.uuid, a.uuid, 'cheating'));
    const after = await board(a);
    expect(after.rows.map((r) => r.uuid)).toEqual([a.uuid]);
    expect(after.me?.rank).toBe(1);
  });

  it("sends each weekly score of a portal player to CrazyGames' leaderboard, retrying a 429 and a 5xx, never holding up the report", async () => {
    const p = await registerPlayer(t.app);
    await t.handle.db.updateTable('users').set({ crazygames_id: 'cgUser42' }).where('id', '=', p.uuid).execute();
    portal.misbehave({ status: 429, times: 1, retryAfterS: 0 });
    portal.misbehave({ status: 503, times: 1 });
    portal.misbehave({ delayMs: 3_000, times: 1 });
    const started = Date.now();
    await report(t, p.uuid, { wins: 2 });
    await report(t, p.uuid, { kills: 4 }); // not the portal's stat: nothing sent
    expect(Date.now() - started).toBeLessThan(1_500);
    await expect.poll(() => portal.accepted.filter((s) => s.userId === 'cgUser42'), { timeout: 15_000 }).toEqual([
      expect.objectContaining({ userId: 'cgUser42', score: 2 }),
    ]);
    expect(portal.requests).toBeGreaterThanOrEqual(3);
    const sent = portal.accepted.find((s) => s.userId === 'cgUser42');
    expect(Number.isNaN(Date.parse(sent?.timestamp ?? ''))).toBe(false);
    // A player without a portal account: nothing goes there.
    await report(t, (players[0] as Player).uuid, { wins: 1 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(portal.accepted.every((s) => s.userId === 'cgUser42')).toBe(true);
  }, 30_000);
});
