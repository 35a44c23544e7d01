// Fixed one-minute windows counted in the database, so every API process shares the count.
import { sql } from 'kysely';
import type { Executor } from '../db/tx';
import { toBigInt } from '../db/values';

/** Counts one hit for `key`; true while the key has made at most `limit` hits this minute. */
export async function hit(db: Executor, key: string, limit: number): Promise<boolean> {
  const result = await sql<{ hits: number | string }>`
    INSERT INTO rate_limit_hits (key, window_start, hits) VALUES (${key}, date_trunc('minute', now()), 1)
    ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1
    RETURNING hits`.execute(db);
  return toBigInt(result.rows[0]?.hits ?? 0) <= BigInt(limit);
}

export async function pruneRateLimits(db: Executor): Promise<void> {
  await sql`DELETE FROM rate_limit_hits WHERE window_start < now() - interval '10 minutes'`.execute(db);
}
