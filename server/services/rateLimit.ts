// Per-key attempt limits counted in the database, so every API process shares the count.
//
// The count is a sliding one-minute window, estimated from two fixed one-minute rows: this
// minute's hits plus last minute's, weighted by how much of last minute still lies inside the
// sliding window. A plain fixed window forgot every attempt at each minute boundary, so 3 guesses
// at 12:00:59 and 3 more at 12:01:00 all passed a limit of 3 (and a test that straddled the
// boundary saw no 429 at all). Now the limit holds for any 60 seconds, within the estimate.
import { sql } from 'kysely';
import type { Executor } from '../db/tx';

/** Counts one hit for `key`; true while the key's hits over the last minute stay within `limit`.
 * `at` replaces the database clock (tests only). */
export async function hit(db: Executor, key: string, limit: number, at?: Date): Promise<boolean> {
  const clock = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  const result = await sql<{ hits: number | string; previous: number | string; elapsed: number | string }>`
    WITH current_window AS (
      INSERT INTO rate_limit_hits (key, window_start, hits) VALUES (${key}, date_trunc('minute', ${clock}), 1)
      ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1
      RETURNING hits, window_start
    )
    SELECT current_window.hits,
      COALESCE((SELECT p.hits FROM rate_limit_hits p WHERE p.key = ${key} AND p.window_start = current_window.window_start - interval '1 minute'), 0) AS previous,
      EXTRACT(EPOCH FROM (${clock} - current_window.window_start)) / 60 AS elapsed
    FROM current_window`.execute(db);
  const row = result.rows[0];
  if (!row) return false;
  const elapsed = Math.min(1, Math.max(0, toNumber(row.elapsed)));
  return toNumber(row.hits) + toNumber(row.previous) * (1 - elapsed) <= limit;
}

/** numeric and int8 arrive as strings from node-postgres, as numbers from PGlite. */
function toNumber(value: number | string): number {
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
}

export async function pruneRateLimits(db: Executor): Promise<void> {
  await sql`DELETE FROM rate_limit_hits WHERE window_start < now() - interval '10 minutes'`.execute(db);
}
