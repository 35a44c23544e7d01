// Housekeeping on a schedule: tables that only grow are pruned of what can no longer be used.
// A job (server/jobs/), run by the start-up step's timer: it owns its transaction.
//  - bot_check_tokens: a used token is remembered until it would have expired anyway,
//  - rate_limit_hits: one-minute windows, kept 10 minutes,
//  - idempotency_keys: a retry is answered from its key for IDEMPOTENCY_KEY_HOURS (24 h),
//  - wallet_nonces, pending_identities: single-use, short-lived,
//  - auth_pressure: a score quiet for an hour has decayed to nothing,
//  - live_events: a stream resumes only within LIVE_EVENTS_RETENTION_MINUTES.
// Safe with several API processes: each run takes a transaction-scoped advisory lock with
// pg_try_advisory_xact_lock, so one process prunes at a time and the others skip that round;
// and every DELETE only removes rows past their time (running it twice is harmless). Each run
// removes at most PRUNE_BATCH rows per table, so it never holds locks for long.
import { sql } from 'kysely';
import type { Db } from '../db/createDb';
import { inTransaction } from '../db/tx';
import { LIVE_EVENTS_RETENTION_MINUTES } from '../../contract/liveEvents';

export const IDEMPOTENCY_KEY_HOURS = 24;
export const PRUNE_INTERVAL_MS = 10 * 60_000;
const PRUNE_BATCH = 5_000;
const LOCK_ID = 740_221_917;

export interface PruneResult { skipped: boolean; deleted: Record<string, number> }

/** One pruning run; `skipped` when another process is pruning at this moment. */
export async function pruneExpired(db: Db): Promise<PruneResult> {
  return inTransaction(db, async (trx) => {
    const lock = await sql<{ ok: boolean }>`SELECT pg_try_advisory_xact_lock(${LOCK_ID}) AS ok`.execute(trx);
    if (!lock.rows[0]?.ok) return { skipped: true, deleted: {} };
    const deleted: Record<string, number> = {};
    const prune = async (table: string, key: string, expired: ReturnType<typeof sql>) => {
      const result = await sql`DELETE FROM ${sql.table(table)} WHERE ${sql.ref(key)} IN (
        SELECT ${sql.ref(key)} FROM ${sql.table(table)} WHERE ${expired} LIMIT ${PRUNE_BATCH})`.execute(trx);
      deleted[table] = Number(result.numAffectedRows ?? 0n);
    };
    await prune('bot_check_tokens', 'token_hash', sql`expires_at < now()`);
    await prune('wallet_nonces', 'nonce', sql`expires_at < now()`);
    await prune('pending_identities', 'token_hash', sql`expires_at < now()`);
    await prune('auth_pressure', 'key', sql`updated_at < now() - interval '1 hour'`);
    await prune('live_events', 'id', sql`created_at < now() - make_interval(mins => ${LIVE_EVENTS_RETENTION_MINUTES})`);
    // Composite keys: by ctid, inside this one statement.
    for (const [table, expired] of [
      ['rate_limit_hits', sql`window_start < now() - interval '10 minutes'`],
      ['idempotency_keys', sql`created_at < now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`],
    ] as const) {
      const result = await sql`DELETE FROM ${sql.table(table)} WHERE ctid = ANY (ARRAY(
        SELECT ctid FROM ${sql.table(table)} WHERE ${expired} LIMIT ${PRUNE_BATCH}))`.execute(trx);
      deleted[table] = Number(result.numAffectedRows ?? 0n);
    }
    return { skipped: false, deleted };
  }, 1);
}

/** Prunes now and then every `intervalMs`; the returned function stops it. Errors are logged, never thrown. */
export function schedulePruning(db: Db, log: { warn(obj: unknown, msg: string): void }, intervalMs = PRUNE_INTERVAL_MS): { first: Promise<void>; stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(() => pruneExpired(db).then(() => undefined, (error: unknown) => log.warn({ err: error }, 'pruning expired rows failed')));
    return running;
  };
  const timer = setInterval(() => { void run(); }, intervalMs);
  timer.unref();
  return { first: run(), stop: async () => { clearInterval(timer); await running; } };
}
