// The local demo game server: a signed-in player starts a round of the demo game and, once it has
// lasted the configured time, finishing it pays XP and TripCoins through the game-server award
// endpoint (the ledger row comes from the mint, under the award's reason). Off by default (the
// routes do not exist), refused in production, never pays a round twice, never early; a finished
// round's stats reach the leaderboards through the game server's stats report.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ROUND_PAY } from '../../contract/demoGame';
import { loadConfig } from '../../server/config';
import { changeMark, changesSince, installChangeLog } from './harness/snapshot';
import { registerPlayer, startApp, testDatabases, type TestApp } from './helpers';

const post = (p: Awaited<ReturnType<typeof registerPlayer>>, url: string) => p.client.request({ method: 'POST', url });

describe.each(testDatabases())('the demo game server on $name', (database) => {
  let t: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    t = await startApp(database, { DEMO_GAME_SERVER: true, DEMO_ROUND_SECONDS: 1 });
    await installChangeLog(t.handle.db);
    off = await startApp(database);
  });
  afterAll(async () => { await t.close(); await off.close(); });

  it('pays a finished round through the award endpoint, once; the config says what a round pays', async () => {
    const p = await registerPlayer(t.app);
    const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json();
    expect(config.demoRounds).toEqual({ seconds: 1, tripcoins: DEMO_ROUND_PAY.tripcoins, xp: DEMO_ROUND_PAY.xp });
    const started = await post(p, '/api/demo-game-server/rounds');
    expect(started.statusCode, started.body).toBe(200);
    const { roundId, endsAt } = started.json() as { roundId: string; endsAt: string };
    // Too early: refused with a code, nothing paid.
    const mark = await changeMark(t.handle.db);
    const early = await post(p, `/api/demo-game-server/rounds/${roundId}/finish`);
    expect([early.statusCode, early.json().code]).toEqual([409, 'ROUND_TOO_SHORT']);
    expect(await changesSince(t.handle.db, mark)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(endsAt) - Date.now()) + 50));
    const finished = await post(p, `/api/demo-game-server/rounds/${roundId}/finish`);
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json()).toMatchObject({ tripcoins: '5', xp: DEMO_ROUND_PAY.xp, balance: 5, replayed: false });
    const inventory = (await p.client.get('/api/getBaseInventory')).json();
    expect(inventory.tripcoins).toBe(5);
    const ledger = await t.handle.db.selectFrom('ledger').select(['reason', 'from_account']).where('to_account', '=', `player:${p.uuid}`).execute();
    expect(ledger).toEqual([expect.objectContaining({ from_account: 'mint' })]);
    // The round counts as play time on the player's profile (not "0 min" after rounds played).
    const profile = (await p.client.get(`/api/getProfile/${p.uuid}`)).json();
    expect(profile.STL3Stats.timeplayed).toBe(1);
    // The round's stats, reported by the same game server, put the player on this week's board.
    const board = (await p.client.get('/api/leaderboards')).json();
    expect(board.me).toMatchObject({ uuid: p.uuid, value: 1 });
    expect((await p.client.get('/api/leaderboards?stat=kills')).json().me).toMatchObject({ value: 3 });
    // The same round again: gone, nothing paid twice.
    const again = await post(p, `/api/demo-game-server/rounds/${roundId}/finish`);
    expect(again.statusCode).toBe(404);
    expect((await p.client.get('/api/getBaseInventory')).json().tripcoins).toBe(5);
  });

  it('knows the player from the session: anonymous 401, another player\'s round 404', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/demo-game-server/rounds', headers: { origin: 'http://localhost', host: 'localhost', 'x-tripshell-client': '1' } });
    expect(anonymous.statusCode).toBe(401);
    const a = await registerPlayer(t.app);
    const b = await registerPlayer(t.app);
    const { roundId } = (await post(a, '/api/demo-game-server/rounds')).json() as { roundId: string };
    expect((await post(b, `/api/demo-game-server/rounds/${roundId}/finish`)).statusCode).toBe(404);
  });

  it('is off by default: no routes, and /api/config says no demo rounds', async () => {
    const p = await registerPlayer(off.app);
    expect((await post(p, '/api/demo-game-server/rounds')).statusCode).toBe(404);
    expect((await off.app.inject({ method: 'GET', url: '/api/config' })).json().demoRounds).toBeNull();
  });

  it('is refused in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://game.example.com', GAME_SERVER_KEY: 'a-game-server-key-0123456789', DEMO_GAME_SERVER: '1' }))
      .toThrow(/DEMO_GAME_SERVER is set/);
  });
});
