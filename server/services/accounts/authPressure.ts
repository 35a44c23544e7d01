// How hard the bot check is for one address and one username: every failed or refused
// attempt adds 1 to a score that halves every PRESSURE_HALF_LIFE_S, kept in the database so every
// API process agrees. Each AUTH_FAILURES_PER_LEVEL of score doubles the proof of work asked of
// the next attempt (up to ALTCHA_MAX_LEVEL): a guesser pays more and more for each guess, the
// owner of an attacked name pays at most that once, and nobody is refused for a name.
import { sql } from 'kysely';
import type { Executor } from '../../db/tx';
import { addressKeyOf } from '../system/rateLimit';

export const PRESSURE_HALF_LIFE_S = 300;

/** An address's pressure: an IPv6 client's whole /64 (rateLimit.ts addressKeyOf). */
export const addressKey = (address: string) => `ip:${addressKeyOf(address)}`;
export const nameKey = (username: string) => `name:${username.trim().toLowerCase()}`;

/** The decayed score at this instant, as SQL over a row of auth_pressure. */
const decayed = sql<number>`auth_pressure.score * power(0.5, EXTRACT(EPOCH FROM (now() - auth_pressure.updated_at)) / ${PRESSURE_HALF_LIFE_S})`;

/** One failed or refused attempt against each key. */
export async function raisePressure(db: Executor, keys: string[]): Promise<void> {
  for (const key of new Set(keys)) {
    await sql`INSERT INTO auth_pressure (key, score, updated_at) VALUES (${key}, 1, now())
      ON CONFLICT (key) DO UPDATE SET score = ${decayed} + 1, updated_at = now()`.execute(db);
  }
}

/** The highest decayed score among `keys` (0 for keys never seen). */
export async function pressureOf(db: Executor, keys: string[]): Promise<number> {
  if (!keys.length) return 0;
  const result = await sql<{ score: number | string | null }>`SELECT MAX(${decayed}) AS score FROM auth_pressure WHERE key IN (${sql.join(keys)})`.execute(db);
  const score = Number(result.rows[0]?.score ?? 0);
  return Number.isFinite(score) ? score : 0;
}

/** The bot check level a score asks for: one step per `perLevel`, at most `maxLevel`. */
export function levelFor(score: number, perLevel: number, maxLevel: number): number {
  return Math.max(0, Math.min(maxLevel, Math.floor(score / perLevel)));
}
