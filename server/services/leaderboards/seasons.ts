// Weekly seasons: each starts on Monday at the reset hour (UTC) and ends seven days later. A
// season's key is its start as ISO text; 'all' is the all-time board. Exact under several
// processes (docs/leaderboards.md, "Seasons"):
//  - one row per season in leaderboard_seasons, inserted once (ON CONFLICT DO NOTHING) by
//    whichever process first reaches the season; that transaction also closes every earlier
//    season (closed_at), which waits for the row lock (FOR SHARE) each score of that season holds;
//  - a score locks its season's row FOR SHARE before it is written; a score whose clock said the
//    old season but which reaches the row after it closed counts in the season open then, at its
//    start. So nothing is written to a season once it closed, and a season closes once.
import { sql } from 'kysely';
import type { Executor, Trx } from '../../db/tx';

export const ALL_TIME = 'all';
const WEEK_MS = 7 * 24 * 3600_000;

/** The start of the weekly season `now` falls in: the last Monday at `hour` UTC at or before it. */
export function seasonStart(now: Date, hour: number): Date {
  const mondayOffset = (now.getUTCDay() + 6) % 7;
  let start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - mondayOffset, hour);
  if (start > now.getTime()) start -= WEEK_MS;
  return new Date(start);
}

export function seasonKey(start: Date): string {
  return start.toISOString();
}

export function seasonEnd(start: Date): Date {
  return new Date(start.getTime() + WEEK_MS);
}

/** What a board's time is: the database's clock (one clock for every process), or a test's. */
export type Clock = (db: Executor) => Promise<Date>;
export const databaseClock: Clock = async (db) => {
  const { rows } = await sql<{ now: Date | string }>`SELECT now() AS now`.execute(db);
  return new Date(rows[0]?.now ?? Date.now());
};

/**
 * Makes sure the season starting at `start` is open and locks its row for share (until `trx`
 * ends), closing the seasons before it if this call opened it. Answers the season a score made
 * now belongs to (a later one when `start`'s season has closed meanwhile) and whether this call
 * opened a season (did the reset).
 */
export async function enterSeason(trx: Trx, start: Date, by: string): Promise<{ start: Date; opened: boolean }> {
  let current = start;
  let opened = false;
  for (let step = 0; step < 3; step += 1) {
    const key = seasonKey(current);
    const inserted = await trx.insertInto('leaderboard_seasons').values({ season: key, opened_by: by })
      .onConflict((oc) => oc.column('season').doNothing()).returning('season').executeTakeFirst();
    if (inserted) {
      opened = true;
      // The reset: every earlier season closes, once its scores in flight have committed.
      await trx.updateTable('leaderboard_seasons').set({ closed_at: sql`now()` })
        .where('season', '<', key).where('closed_at', 'is', null).execute();
    }
    const row = await sql<{ closed_at: Date | string | null }>`SELECT closed_at FROM leaderboard_seasons WHERE season = ${key} FOR SHARE`.execute(trx);
    if (row.rows[0] && row.rows[0].closed_at === null) return { start: current, opened };
    current = seasonEnd(current);
  }
  throw new Error(`leaderboard season ${seasonKey(start)} and the two after it are closed`);
}
