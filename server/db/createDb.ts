// One query layer (Kysely) over the embedded PGlite database (default) or PostgreSQL
// (DATABASE_URL). Only the PostgreSQL dialect is ever written, so both behave the same.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Kysely, PostgresDialect, sql, type PostgresDialectConfig } from 'kysely';
import { foldingPool } from './foldedClient';
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

/**
 * The embedded PostgreSQL's settings beyond PGlite's own (`PGlite.defaultStartParams`). PGlite
 * starts postgres with its defaults, among them shared_buffers = 128MB, allocated inside the
 * WebAssembly heap and touched at start: ~120 MiB resident before the first query. 16MB (2,048
 * pages of 8 kB) holds this product's working set many times over; a page that falls out of it
 * is read back from the data folder (or, in memory, from PGlite's in-memory files), not from a
 * disk seek. The trade: a much larger database than this product's would re-read more pages.
 */
export const PGLITE_SETTINGS = ['shared_buffers=16MB'] as const;
export const PGLITE_START_PARAMS: string[] = [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((s) => ['-c', s])];

const INITDB_SCRIPT = fileURLToPath(new URL('./pglite-initdb.mjs', import.meta.url));
const run = promisify(execFile);

/**
 * A new cluster made by initdb in a process of its own (server/db/pglite-initdb.mjs says why): in
 * `dataDir`, or in memory and answered as a dump to load. Undefined when that process failed:
 * PGlite then runs initdb in this process as before (correct, only heavier).
 */
async function initdbApart(dataDir: string | undefined): Promise<{ dump?: Blob } | undefined> {
  const tar = dataDir ? undefined : join(tmpdir(), `tripshell-initdb-${process.pid}-${Date.now()}.tar`);
  try {
    await run(process.execPath, [INITDB_SCRIPT, dataDir ? 'dir' : 'tar', dataDir ?? tar as string, JSON.stringify(PGLITE_START_PARAMS)], { timeout: 300_000 });
    if (!tar) return {};
    return { dump: new Blob([readFileSync(tar)]) };
  } catch (error) {
    process.emitWarning(`PGlite initdb in a separate process failed, running it in this one: ${(error as Error).message}`);
    return undefined;
  } finally {
    if (tar) rmSync(tar, { force: true });
  }
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
    // A transaction's BEGIN and its last bookkeeping statement ride with its other statements (foldedClient.ts).
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: foldingPool(counted) as unknown as PostgresDialectConfig['pool'] }) });
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
    let loadDataDir = options.loadDataDir;
    if (!loadDataDir && !(dataDir && existsSync(join(dataDir, 'PG_VERSION')))) loadDataDir = (await initdbApart(dataDir))?.dump;
    client = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}), startParams: PGLITE_START_PARAMS });
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
