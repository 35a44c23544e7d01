// Per-key attempt limits counted in the database, so every API process shares the count.
//
// The count is a sliding one-minute window, estimated from two fixed one-minute rows: this
// minute's hits plus last minute's, weighted by how much of last minute still lies inside the
// sliding window. A plain fixed window forgot every attempt at each minute boundary, so 3 guesses
// at 12:00:59 and 3 more at 12:01:00 all passed a limit of 3 (and a test that straddled the
// boundary saw no 429 at all). Now the limit holds for any 60 seconds, within the estimate.
import { isIP } from 'node:net';
import { sql } from 'kysely';
import type { Executor } from '../../db/tx';

/**
 * The address a limit counts: an IPv4 address as it is (an IPv4-mapped IPv6 address as its IPv4
 * address), an IPv6 address by its /64. One IPv6 client is handed a whole /64 (a home router's
 * prefix, a cloud instance's range) and can pick a fresh address in it for every request: keyed
 * by the full address, each one would get a fresh budget. Every limit, fuse and cap that counts
 * per address (the global rate limit, the password limits and their pressure, the live-event
 * streams) keys through here. Anything that is not an IP address is kept as it is.
 */
export function addressKeyOf(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)?.[1];
  if (mapped) return mapped;
  const bare = address.split('%')[0] ?? address; // a zone id (fe80::1%eth0) names no other host
  if (isIP(bare) !== 6) return address;
  return `${ipv6Groups(bare).slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, an IPv4 tail as two groups). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (s: string) => (s ? s.split(':').map((h) => parseInt(h, 16)) : []);
  const front = part(head);
  const back = tail === undefined ? [] : part(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

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
