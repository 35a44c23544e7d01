// One query layer (Kysely) over the embedded PGlite database (default) or PostgreSQL
// (DATABASE_URL). Only the PostgreSQL dialect is ever written, so both behave the same.
import { mkdirSync } from 'node:fs';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from './dataDirLock';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';
import { pgliteListen, postgresListen, type Listen } from './notifications';

export type Db = Kysely<Database>;
export type DbKind = 'pglite' | 'postgres';
export interface PoolStats { size(): number; inUse(): number; waiting(): number; waits(): number }

export interface DbHandle {
  db: Db;
  kind: DbKind;
  close(): Promise<void>;
  /** LISTEN on a channel (server/db/notifications.ts): one per process and channel. */
  listen: Listen;
  /** The connection pool's use for the metrics: connections open and in use, callers waiting
   * now, and how many ever had to wait. PGlite's one connection is a pool of one. */
  pool: PoolStats;
  /** PGlite only: a tarball of the data directory, loadable with `loadDataDir`. */
  dumpDataDir?(): Promise<Blob>;
}

// int8 (bigint) comes back as a string from node-postgres and a number from PGlite; the
// services read it through `toBigInt` (server/db/values.ts), so both are normalised in one place.

export interface CreateDbOptions {
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
  /** PGlite only: start from this dump (`PGlite.dumpDataDir`) instead of a new initdb. */
  loadDataDir?: Blob;
}

export async function createDb(options: CreateDbOptions): Promise<DbHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    pool.on('error', () => { /* an idle client died; the pool replaces it */ });
    const max = options.poolSize ?? 10;
    let waits = 0;
    // The pool as Kysely asks it for a connection, counting the requests that will have to wait.
    const counted = {
      connect: () => { if (pool.idleCount === 0 && pool.totalCount >= max) waits++; return pool.connect(); },
      end: () => pool.end(),
    };
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: counted }) });
    await sql`select 1`.execute(db);
    return {
      db, kind: 'postgres', close: () => db.destroy(), listen: postgresListen(options.databaseUrl),
      pool: { size: () => pool.totalCount, inUse: () => pool.totalCount - pool.idleCount, waiting: () => pool.waitingCount, waits: () => waits },
    };
  }
  let dataDir = options.dataDir;
  if (dataDir === 'memory://') dataDir = undefined;
  // One process per data folder: refused (DataDirLocked) before anything is written.
  const unlock = dataDir ? lockDataDir(dataDir) : () => undefined;
  let client: PGlite;
  try {
    if (dataDir) mkdirSync(dataDir, { recursive: true });
    client = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
  } catch (error) {
    unlock();
    throw error;
  }
  const dialect = new PGliteDialect(client);
  const db = new Kysely<Database>({ dialect });
  return {
    db, kind: 'pglite', listen: pgliteListen(client, db as unknown as Kysely<never>),
    pool: { size: () => 1, inUse: () => (dialect.stats.held ? 1 : 0), waiting: () => dialect.stats.waiting, waits: () => dialect.stats.waits },
    close: async () => { try { await db.destroy(); } finally { unlock(); } },
    dumpDataDir: async () => await client.dumpDataDir('none') as Blob,
  };
}
