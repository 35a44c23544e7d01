import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { PROFILE_TEXT } from '../../contract/profile';
import { DEFAULT_SETTINGS } from '../../contract/settings';
import { inTransaction } from '../../server/db/tx';
import { MINT, moveCoins, playerAccount } from '../../server/services/economy/ledger';
import { addXp } from '../../server/services/progress/progress';
import { Client, registerPlayer, startApp, testDatabases, type TestApp } from './helpers';

const KEY = 'test-game-server-key-0123456789';
const asGameServer = { authorization: `Bearer ${KEY}` };

describe.each(testDatabases())('level progress, profiles and release notes on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => { t = await startApp(database); });
  afterAll(async () => { await t.close(); });

  it('starts a new player at level 1 with the 50 requirements', async () => {
    const { client } = await registerPlayer(t.app);
    const r = await client.get('/api/getLevelProgress');
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.userProgress).toEqual({ currentLevel: 1, totalXP: 0, xpInCurrentLevel: 0, xpNeededForNext: 1000, currentLevelEndXP: 1000 });
    expect(body.levelRequirements).toHaveLength(50);
    expect(body.achievedLevels.map((a: { level: number }) => a.level)).toEqual([1]);
    expect((await new Client(t.app).get('/api/getLevelProgress')).statusCode).toBe(401);
  });

  it('unlocks each level once, with its time, however awards race', async () => {
    const { client, uuid } = await registerPlayer(t.app);
    await Promise.all(Array.from({ length: 12 }, () => inTransaction(t.handle.db, (trx) => addXp(trx, uuid, 1000))));
    const body = (await client.get('/api/getLevelProgress')).json();
    expect(body.userProgress.totalXP).toBe(12_000);
    // 500 n (n - 1) <= 12000 holds up to n = 5.
    expect(body.achievedLevels.map((a: { level: number }) => a.level)).toEqual([1, 2, 3, 4, 5]);
    expect(body.userProgress.currentLevel).toBe(5);
    const rows = await t.handle.db.selectFrom('achieved_levels').select(sql<number>`count(*)`.as('n')).where('user_id', '=', uuid).executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(5);
    for (const a of body.achievedLevels) expect(Date.parse(a.unlockedAt)).toBeGreaterThan(Date.now() - 120_000);
  });

  it('shows a profile from real data and counts views once an hour per other viewer', async () => {
    const owner = await registerPlayer(t.app);
    const viewer = await registerPlayer(t.app);
    await inTransaction(t.handle.db, async (trx) => {
      await addXp(trx, owner.uuid, 1500);
      await moveCoins(trx, { from: MINT, to: playerAccount(owner.uuid), amount: 12_345n, reason: 'award' });
    });
    const first = (await viewer.client.get(`/api/getProfile/${owner.uuid}`)).json();
    expect(first).toMatchObject({
      uuid: owner.uuid, username: owner.username, location: '', description: '', friend_count: 0, views: 1,
      relationship_status: 'none', relationship_id: null,
      online_status: { isOnline: true, lastActiveText: 'Online now' },
      dailyLoginInfo: { login_streak: 1, best_streak: 1 }, total_dailys_claimed: 1,
    });
    expect(first.account_creation).toBeGreaterThan(Date.now() / 1000 - 120);
    // Another player's balance is private unless its owner shows it (docs/domain/money.md).
    expect(first.STL3Stats).toMatchObject({ xp: 1500, coins: null, xp_for_next_level: 1500, wins: 0 });
    expect(first.STL3Stats.level).toBeCloseTo(2.25, 2);
    expect(first.STL2Stats).toBeUndefined();

    expect((await viewer.client.get(`/api/getProfile/${owner.uuid}`)).json().views).toBe(1);
    expect((await owner.client.get(`/api/getProfile/${owner.uuid}`)).json().views).toBe(1);
  });

  it('shows a balance to its owner always and to others only when the owner chose to show it', async () => {
    const owner = await registerPlayer(t.app);
    const viewer = await registerPlayer(t.app);
    await inTransaction(t.handle.db, (trx) => moveCoins(trx, { from: MINT, to: playerAccount(owner.uuid), amount: 3_300n, reason: 'award' }));
    const coinsSeenBy = async (c: Client) => (await c.get(`/api/getProfile/${owner.uuid}`)).json().STL3Stats.coins;
    expect(await coinsSeenBy(owner.client)).toBe(33);
    expect(await coinsSeenBy(viewer.client)).toBeNull();
    expect((await owner.client.put('/api/settings', { ...DEFAULT_SETTINGS, showBalanceToClan: true })).statusCode).toBe(200);
    expect(await coinsSeenBy(viewer.client)).toBe(33);
    expect((await owner.client.put('/api/settings', { ...DEFAULT_SETTINGS, showBalanceToClan: false })).statusCode).toBe(200);
    expect(await coinsSeenBy(viewer.client)).toBeNull();
    expect(await coinsSeenBy(owner.client)).toBe(33);
  });

  it('lets players edit their own location and description, validated', async () => {
    const { client, uuid } = await registerPlayer(t.app);
    const ok = await client.put('/api/profile', { location: '  Lisbon ', description: 'Sniper main' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ location: 'Lisbon', description: 'Sniper main' });
    expect((await client.put('/api/profile', { description: 'Only this' })).json()).toEqual({ location: 'Lisbon', description: 'Only this' });
    const long = await client.put('/api/profile', { location: 'x'.repeat(61) });
    expect(long.statusCode).toBe(400);
    expect(long.json().detail).toBe(PROFILE_TEXT.locationTooLong);
    const extra = await client.put('/api/profile', { location: 'a', views: 1_000_000 });
    expect(extra.statusCode).toBe(400);
    expect((await client.get(`/api/getProfile/${uuid}`)).json()).toMatchObject({ location: 'Lisbon', description: 'Only this', views: 0 });
  });

  it('answers unknown and malformed profile ids with 4xx', async () => {
    const { client } = await registerPlayer(t.app);
    expect((await client.get('/api/getProfile/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await client.get('/api/getProfile/not-a-uuid')).statusCode).toBe(400);
    expect((await client.get(`/api/getProfile/${encodeURIComponent("'; DROP TABLE users;--")}`)).statusCode).toBe(400);
  });

  it('adds game-server stats once per report, with legacy blocks', async () => {
    const { client, uuid } = await registerPlayer(t.app);
    const report = { uuid, reportId: `r-${uuid}`, wins: 3, kills: 20, timeplayed: 3600, legacy: { STL2Stats: { kills: 99, time_played: 7260, player_uuid: uuid } } };
    expect((await t.app.inject({ method: 'POST', url: '/api/server/stats', payload: report })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/server/stats', payload: report, headers: asGameServer })).json()).toEqual({ applied: true });
    expect((await t.app.inject({ method: 'POST', url: '/api/server/stats', payload: report, headers: asGameServer })).json()).toEqual({ applied: false });
    const profile = (await client.get(`/api/getProfile/${uuid}`)).json();
    expect(profile.STL3Stats).toMatchObject({ wins: 3, kills: 20, timeplayed: 3600 });
    expect(profile.STL2Stats).toEqual({ kills: 99, time_played: 7260, player_uuid: uuid });
  });

  it('serves release notes newest first and lets the game server publish one', async () => {
    const list = (await t.app.inject({ url: '/api/getReleaseLogs' })).json();
    expect(list.length).toBeGreaterThanOrEqual(4);
    expect(list[0]).toMatchObject({ version: '1.3.0', release_date: '2025-01-04' });
    const release = { version: '1.4.0', name: 'Seasons', release_date: '2025-01-05', added: ['Seasons'], fixed: [], removed: [] };
    expect((await t.app.inject({ method: 'POST', url: '/api/server/releases', payload: release })).statusCode).toBe(401);
    const published = await t.app.inject({ method: 'POST', url: '/api/server/releases', payload: release, headers: asGameServer });
    expect(published.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/getReleaseLogs' })).json()[0]).toEqual(release);
    // The studio's words in another language come back with the release; an unknown language is refused.
    const translated = { ...release, version: '1.4.1', translations: { ko: { name: '시즌', added: ['시즌이 시작돼요'], fixed: [], removed: [] } } };
    expect((await t.app.inject({ method: 'POST', url: '/api/server/releases', payload: translated, headers: asGameServer })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/getReleaseLogs' })).json().find((r: { version: string }) => r.version === '1.4.1')).toEqual(translated);
    const unknown = await t.app.inject({ method: 'POST', url: '/api/server/releases', payload: { ...release, translations: { xx: translated.translations.ko } }, headers: asGameServer });
    expect(unknown.statusCode).toBe(400);
    // The seeded notes are written for players in every language the shell speaks.
    const seeded = list.find((r: { version: string }) => r.version === '1.3.0');
    expect(Object.keys(seeded.translations).sort()).toEqual(['de', 'es', 'fr', 'ja', 'ko', 'ru', 'zh']);
    expect(JSON.stringify(seeded)).not.toMatch(/iframe|[Cc]ookies/);
    const bad = await t.app.inject({ method: 'POST', url: '/api/server/releases', payload: { ...release, release_date: 'tomorrow' }, headers: asGameServer });
    expect(bad.statusCode).toBe(400);
  });
});
