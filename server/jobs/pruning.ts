// Housekeeping on a schedule: tables that only grow are pruned of what can no longer be used.
// A job (server/jobs/), run by the start-up step's timer: it owns its transaction.
//  - bot_check_tokens: a used token is remembered until it would have expired anyway,
//  - rate_limit_hits: one-minute windows, kept 10 minutes,
//  - idempotency_keys: a retry is answered from its key for IDEMPOTENCY_KEY_HOURS (24 h),
//  - wallet_nonces, pending_identities: single-use, short-lived,
//  - auth_pressure: a score quiet for an hour has decayed to nothing,
//  - live_events: a stream resumes only within LIVE_EVENTS_RETENTION_MINUTES,
//  - reserved_names: a deleted player's name once its hold is over,
//  - data_exports: a download counts against its hourly limit; kept a day.
//  - purchase_sightings: a settled one is kept 30 days (the purchase row stays for ever).
// (wallet_nonces also has a per-player cap when issued: services/accounts/wallets.ts.)
// Safe with several API processes: each batch takes a transaction-scoped advisory lock with
// pg_try_advisory_xact_lock, so one process prunes at a time and the others skip that round; and
// every DELETE only removes rows past their time (running it twice is harmless).
// A run keeps up with any rate of growth: each table is pruned in batches of PRUNE_BATCH rows,
// each batch its own short transaction (locks are never held for long), again and again until
// nothing expired is left, within PRUNE_RUN_MS per run; a run that stops at that budget with work
// left says so (`more`) and the schedule runs the next one a second later instead of in ten
// minutes. (A fixed 5,000 rows per table per ten minutes fell behind any table growing faster.)
import { sql } from 'kysely';
import type { Db } from '../db/createDb';
import { inTransaction, type Trx } from '../db/tx';
import { LIVE_EVENTS_RETENTION_MINUTES } from '../../contract/liveEvents';

export const IDEMPOTENCY_KEY_HOURS = 24;
export const PRUNE_INTERVAL_MS = 10 * 60_000;
export const PRUNE_BATCH = 5_000;
/** The time one run may spend (ms); it always does one batch of every table. */
export const PRUNE_RUN_MS = 20_000;
/** After a run that stopped at its budget with rows left, the next one starts this soon (ms). */
const PRUNE_AGAIN_MS = 1_000;
const LOCK_ID = 740_221_917;

export interface PruneResult {
  skipped: boolean;
  deleted: Record<string, number>;
  /** The run stopped at its time budget with expired rows left. */
  more: boolean;
}
export interface PruneOptions { batch?: number; budgetMs?: number }

type Batch = (trx: Trx, limit: number) => Promise<number>;

/** One batch of `table`'s expired rows, by its key (or by ctid for a composite key). */
function batchOf(table: string, key: string | null, expired: ReturnType<typeof sql>): Batch {
  return async (trx, limit) => {
    const result = key
      ? await sql`DELETE FROM ${sql.table(table)} WHERE ${sql.ref(key)} IN (
          SELECT ${sql.ref(key)} FROM ${sql.table(table)} WHERE ${expired} LIMIT ${limit})`.execute(trx)
      : await sql`DELETE FROM ${sql.table(table)} WHERE ctid = ANY (ARRAY(
          SELECT ctid FROM ${sql.table(table)} WHERE ${expired} LIMIT ${limit}))`.execute(trx);
    return Number(result.numAffectedRows ?? 0n);
  };
}

const TABLES: Array<[string, Batch]> = [
  ['bot_check_tokens', batchOf('bot_check_tokens', 'token_hash', sql`expires_at < now()`)],
  ['wallet_nonces', batchOf('wallet_nonces', 'nonce', sql`expires_at < now()`)],
  ['pending_identities', batchOf('pending_identities', 'token_hash', sql`expires_at < now()`)],
  ['auth_pressure', batchOf('auth_pressure', 'key', sql`updated_at < now() - interval '1 hour'`)],
  ['live_events', batchOf('live_events', 'id', sql`created_at < now() - make_interval(mins => ${LIVE_EVENTS_RETENTION_MINUTES})`)],
  ['rate_limit_hits', batchOf('rate_limit_hits', null, sql`window_start < now() - interval '10 minutes'`)],
  ['purchase_sightings', batchOf('purchase_sightings', null, sql`settled_at < now() - interval '30 days'`)],
  ['idempotency_keys', batchOf('idempotency_keys', null, sql`created_at < now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`)],
  ['reserved_names', batchOf('reserved_names', 'skeleton', sql`until < now()`)],
  ['data_exports', batchOf('data_exports', null, sql`requested_at < now() - interval '1 day'`)],
];

/** One pruning run; `skipped` when another process is pruning at this moment. */
export async function pruneExpired(db: Db, options: PruneOptions = {}): Promise<PruneResult> {
  const batch = options.batch ?? PRUNE_BATCH;
  const deadline = performance.now() + (options.budgetMs ?? PRUNE_RUN_MS);
  const deleted: Record<string, number> = {};
  let more = false;
  for (const [table, prune] of TABLES) {
    deleted[table] = 0;
    for (let first = true; ; first = false) {
      if (!first && performance.now() >= deadline) { more = true; break; }
      const removed = await inTransaction(db, async (trx) => {
        const lock = await sql<{ ok: boolean }>`SELECT pg_try_advisory_xact_lock(${LOCK_ID}) AS ok`.execute(trx);
        return lock.rows[0]?.ok ? prune(trx, batch) : null;
      }, 1);
      if (removed === null) return { skipped: true, deleted, more: false };
      deleted[table] += removed;
      if (removed < batch) break;
    }
  }
  return { skipped: false, deleted, more };
}

/** Prunes now and then every `intervalMs` (a second after a run that left work); the returned
 * function stops it. Errors are logged, never thrown. */
export function schedulePruning(db: Db, log: { warn(obj: unknown, msg: string): void }, intervalMs = PRUNE_INTERVAL_MS): { first: Promise<void>; stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  let soon: NodeJS.Timeout | null = null;
  const run = () => {
    running = running.then(() => pruneExpired(db).then((result) => {
      if (result.more && !stopped && !soon) {
        soon = setTimeout(() => { soon = null; void run(); }, PRUNE_AGAIN_MS);
        soon.unref();
      }
    }, (error: unknown) => log.warn({ err: error }, 'pruning expired rows failed')));
    return running;
  };
  const timer = setInterval(() => { void run(); }, intervalMs);
  timer.unref();
  return { first: run(), stop: async () => { stopped = true; clearInterval(timer); if (soon) clearTimeout(soon); await running; } };
}
