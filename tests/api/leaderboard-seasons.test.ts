// The weekly reset under several processes, on PostgreSQL: two processes record scores and try
// the reset at once while a season boundary passes (their clocks set a little before a Monday at
// the reset hour). The new season is opened exactly once, the old one closes, and every score is
// in the season it was counted in: the boards' sums equal what the processes recorded into each
// season, and no score of the old season was reached after the boundary (nor of the new before it).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../../server/db/createDb';
import { migrate } from '../../server/db/migrate';
import { seasonEnd, seasonStart } from '../../server/services/leaderboards/seasons';
import { createScratchDatabase, type ScratchDatabase } from './harness/servers';

const ADMIN_URL = process.env.TEST_DATABASE_URL;

describe.skipIf(!ADMIN_URL)(`leaderboard seasons across two processes${ADMIN_URL ? '' : ' (skipped: TEST_DATABASE_URL is not set; CI sets it)'}`, () => {
  let database: ScratchDatabase;
  let handle: DbHandle;
  const users: string[] = [];
  beforeAll(async () => {
    database = await createScratchDatabase(ADMIN_URL ?? '', 'seasons');
    handle = await createDb({ databaseUrl: database.url, poolSize: 2 });
    await migrate(handle.db);
    for (let i = 0; i < 6; i += 1) {
      const id = randomUUID();
      await handle.db.insertInto('users').values({ id, username: `season_${i}`, username_lower: `season_${i}`, username_skeleton: `season_${i}`, password_hash: null } as never).execute();
      users.push(id);
    }
  }, 60_000);
  afterAll(async () => { await handle?.close(); await database?.drop(); });

  it('opens the new season once at the hour and puts every score in its season', async () => {
    const boundary = seasonEnd(seasonStart(new Date(), 9));
    const old = seasonStart(new Date(boundary.getTime() - 1), 9).toISOString();
    // Both processes load and connect, then start work together; their clocks read the boundary
    // 1.5 s into the 3.5 s they work.
    const children = ['one', 'two'].map((name) => spawn(process.execPath, ['--import', 'tsx', 'tests/api/harness/leaderboardSeasonProcess.ts'], {
      env: { ...process.env, DATABASE_URL: database.url, USERS: users.join(','), PROCESS_NAME: name }, stdio: ['pipe', 'pipe', 'inherit'],
    }));
    const lines = children.map((child) => {
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => { text += chunk.toString('utf8'); });
      return {
        ready: () => text.startsWith('ready\n'),
        result: new Promise<{ opened: string[]; tally: Record<string, number> }>((resolve, reject) => {
          child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(text.slice('ready\n'.length))) : reject(new Error(`season process exited ${code}`))));
        }),
      };
    });
    await expect.poll(() => lines.every((l) => l.ready()), { timeout: 60_000, interval: 100 }).toBe(true);
    const from = Date.now() + 300;
    const go = JSON.stringify({ from, until: from + 3_500, offset: boundary.getTime() - (from + 1_500) });
    for (const child of children) child.stdin.write(`${go}\n`);
    const [one, two] = await Promise.all(lines.map((l) => l.result)) as [{ opened: string[]; tally: Record<string, number> }, { opened: string[]; tally: Record<string, number> }];
    const next = boundary.toISOString();

    // Both seasons saw scores: the boundary passed mid-run.
    expect((one.tally[old] ?? 0) + (two.tally[old] ?? 0)).toBeGreaterThan(0);
    expect((one.tally[next] ?? 0) + (two.tally[next] ?? 0)).toBeGreaterThan(0);
    // The new season was opened by exactly one process, once; the old one is closed.
    expect([...one.opened, ...two.opened].filter((s) => s === next)).toHaveLength(1);
    const seasons = await handle.db.selectFrom('leaderboard_seasons').selectAll().orderBy('season').execute();
    expect(seasons.map((s) => [s.season, s.closed_at === null])).toEqual([[old, false], [next, true]]);
    expect(['one', 'two']).toContain(seasons[1]?.opened_by);

    // Every score in the season it was counted in, and within that season's hours.
    for (const season of [old, next]) {
      const rows = await handle.db.selectFrom('leaderboard_scores').select(['value', 'reached_at']).where('season', '=', season).execute();
      const sum = rows.reduce((n, r) => n + Number(r.value), 0);
      expect(sum, season).toBe((one.tally[season] ?? 0) + (two.tally[season] ?? 0));
      for (const r of rows) {
        const at = new Date(r.reached_at).getTime();
        expect(at >= Date.parse(season) && at < seasonEnd(new Date(season)).getTime(), `${season} ${new Date(r.reached_at).toISOString()}`).toBe(true);
      }
    }
    const allTime = await handle.db.selectFrom('leaderboard_scores').select((eb) => eb.fn.sum<string>('value').as('n')).where('season', '=', 'all').executeTakeFirstOrThrow();
    const total = [one, two].reduce((n, p) => n + Object.values(p.tally).reduce((a, b) => a + b, 0), 0);
    expect(Number(allTime.n)).toBe(total);
  }, 90_000);
});
