// A stats report whose commit fails after every step ran (the report counted, the player's stats
// added, the board's rows written: a deferred trigger on the board's row refuses the commit,
// once): the report answers an error and leaves nothing behind (not counted, no stats, no score,
// nothing sent to the portal's board, which hears only what committed), and the game server's
// retry of the same report then counts it once, on every part.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePortalLeaderboard, type FakePortalLeaderboard } from '../fakes/crazygamesLeaderboard';
import { registerPlayer, startApp, testConfig, testDatabases, type TestApp } from './helpers';

const KEY = testConfig().GAME_SERVER_KEY ?? '';
/** The kills a report carries to be refused once by the injected fault. */
const MARKED = 777;

const FAULT = `
CREATE SEQUENCE board_fault_seq;
CREATE FUNCTION inject_board_fault() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.stat = 'kills' AND NEW.value = ${MARKED} AND nextval('board_fault_seq') = 1 THEN
    RAISE EXCEPTION 'injected fault: the leaderboard row cannot be written';
  END IF;
  RETURN NEW;
END $$;
CREATE CONSTRAINT TRIGGER board_fault AFTER INSERT OR UPDATE ON leaderboard_scores
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION inject_board_fault();
`;

describe.each(testDatabases())('a stats report whose leaderboard write fails, on $name', (database) => {
  let t: TestApp;
  let portal: FakePortalLeaderboard;
  beforeAll(async () => {
    portal = await startFakePortalLeaderboard();
    t = await startApp(database, {
      LEADERBOARD_CACHE_MS: 0, LEADERBOARD_STATS: ['wins', 'kills'],
      CRAZYGAMES_LEADERBOARD_URL: portal.baseUrl, CRAZYGAMES_LEADERBOARD_KEY: portal.apiKey,
    });
    await sql.raw(FAULT).execute(t.handle.db);
  }, 60_000);
  afterAll(async () => { await t.close(); await portal.close(); });

  const report = (uuid: string, reportId: string) => t.app.inject({
    method: 'POST', url: '/api/server/stats', headers: { authorization: `Bearer ${KEY}` },
    payload: { uuid, reportId, wins: 1, kills: MARKED, timeplayed: 90 },
  });
  const statsOf = async (uuid: string) => {
    const row = await t.handle.db.selectFrom('player_stats').select(['wins', 'kills', 'timeplayed']).where('user_id', '=', uuid).executeTakeFirst();
    // bigint columns: numbers from PGlite, strings from node-postgres.
    return row ? { wins: Number(row.wins), kills: Number(row.kills), timeplayed: Number(row.timeplayed) } : null;
  };
  const scoresOf = async (uuid: string) => (await t.handle.db.selectFrom('leaderboard_scores').select(['season', 'stat', 'value']).where('user_id', '=', uuid).orderBy('season').orderBy('stat').execute())
    .map((r) => `${r.season === 'all' ? 'all' : 'week'} ${r.stat} ${String(r.value)}`);

  it('answers an error and leaves nothing; the retry counts the report once', async () => {
    const player = await registerPlayer(t.app);
    await t.handle.db.updateTable('users').set({ crazygames_id: 'cgFaulted1' }).where('id', '=', player.uuid).execute();
    const reportId = randomUUID();

    const failed = await report(player.uuid, reportId);
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    expect(await t.handle.db.selectFrom('stat_reports').select('report_id').where('report_id', '=', reportId).execute()).toEqual([]);
    expect(await statsOf(player.uuid)).toBeNull();
    expect(await scoresOf(player.uuid)).toEqual([]);
    const board = await player.client.get('/api/leaderboards?stat=kills&period=all');
    expect(board.statusCode).toBe(200);
    expect((board.json() as { me: unknown }).me).toBeNull();
    // The portal hears only what committed: a moment for a send that should not come.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(portal.requests).toBe(0);

    const retried = await report(player.uuid, reportId);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toEqual({ applied: true });
    const again = await report(player.uuid, reportId);
    expect(again.json()).toEqual({ applied: false });
    expect(await statsOf(player.uuid)).toEqual({ wins: 1, kills: MARKED, timeplayed: 90 });
    expect(await scoresOf(player.uuid)).toEqual(['week kills 777', 'week wins 1', 'all kills 777', 'all wins 1']);
    const after = await player.client.get('/api/leaderboards?stat=kills&period=all');
    expect((after.json() as { me: { value: number } | null }).me).toMatchObject({ value: MARKED });
    await expect.poll(() => portal.accepted.filter((score) => score.userId === 'cgFaulted1').map((score) => score.score), { timeout: 15_000 }).toEqual([1]);
  });
});
