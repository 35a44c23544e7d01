// Transactions at READ COMMITTED, retried when PostgreSQL aborts one for a deadlock or a
// serialization failure. The ledger locks balances in one global order, so money operations do
// not deadlock; the retry is a safety net, and what still fails after it answers 409
// (plugins/errors.ts), never 500.
import { sql, type Transaction } from 'kysely';
import type { Database } from './schema';
import type { Db } from './createDb';

export type Trx = Transaction<Database>;
export type Executor = Db | Trx;

const RETRYABLE = new Set(['40P01', '40001']);

/** Transactions that wrote part of something and then refused it: they may never commit. */
const spoiled = new WeakMap<Trx, string>();

/** Marks `trx` as one that must roll back (the ledger's refused one-statement posting has written
 * part of itself). Letting the refusal leave the transaction rolls it back as always; a caller
 * that catches it and returns normally gets an error instead of a commit. */
export function mustRollBack(trx: Trx, reason: string): void {
  spoiled.set(trx, reason);
}

export class SpoiledTransaction extends Error {
  constructor(reason: string) {
    super(`A transaction tried to commit after a refused write (${reason}); it was rolled back`);
  }
}

/** What runs in this process once a transaction has committed (never after a rollback). */
const committed = new WeakMap<Trx, Array<() => void>>();

/** Runs `fn` after `trx` commits (an in-process cache told of a change its readers must see at
 * once); nothing when it rolls back. Only for transactions opened by inTransaction. */
export function afterCommit(trx: Trx, fn: () => void): void {
  const list = committed.get(trx);
  if (list) list.push(fn); else committed.set(trx, [fn]);
}

/** One transaction from the route layer (its inTransaction, with the retry), handed to a
 * housekeeping service that decides whether it needs one at all (services never open one). */
export type RunInTransaction = <T>(fn: (trx: Trx) => Promise<T>) => Promise<T>;

export async function inTransaction<T>(db: Db, fn: (trx: Trx) => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    let done: Array<() => void> | undefined;
    try {
      const value = await db.transaction().execute(async (trx) => {
        const result = await fn(trx);
        const reason = spoiled.get(trx);
        if (reason !== undefined) throw new SpoiledTransaction(reason);
        done = committed.get(trx);
        return result;
      });
      for (const callback of done ?? []) callback();
      return value;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= attempts || !code || !RETRYABLE.has(code)) throw error;
      await new Promise((r) => setTimeout(r, 5 * attempt + Math.random() * 10));
    }
  }
}

/** PostgreSQL's unique_violation: a concurrent insert of the same key won. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === '23505';
}

let savepoints = 0;

/**
 * Runs `fn` under a SAVEPOINT of `trx`: when it fails, only its own statements are undone and the
 * transaction stays usable, so a service can look up why (which unique key a concurrent request
 * took) and answer that instead of a generic 409.
 */
export async function attempt<T>(trx: Trx, fn: () => Promise<T>): Promise<T> {
  const name = sql.raw(`attempt_${++savepoints}`);
  await sql`SAVEPOINT ${name}`.execute(trx);
  // A posting refused under the savepoint marks the transaction (mustRollBack); rolling back to
  // the savepoint undoes what it wrote, so the transaction is what it was before.
  const before = spoiled.get(trx);
  try {
    const result = await fn();
    await sql`RELEASE SAVEPOINT ${name}`.execute(trx);
    return result;
  } catch (error) {
    await sql`ROLLBACK TO SAVEPOINT ${name}`.execute(trx);
    if (before === undefined) spoiled.delete(trx); else spoiled.set(trx, before);
    throw error;
  }
}
