// One query layer (Kysely) over the embedded PGlite database (default) or PostgreSQL
// (DATABASE_URL). Only the PostgreSQL dialect is ever written, so both behave the same.
import { mkdirSync } from 'node:fs';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';

export type Db = Kysely<Database>;
export type DbKind = 'pglite' | 'postgres';

export interface DbHandle {
  db: Db;
  kind: DbKind;
  close(): Promise<void>;
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
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    await sql`select 1`.execute(db);
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  let dataDir = options.dataDir;
  if (dataDir && dataDir !== 'memory://') mkdirSync(dataDir, { recursive: true });
  if (dataDir === 'memory://') dataDir = undefined;
  const client = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  return { db, kind: 'pglite', close: () => db.destroy(), dumpDataDir: async () => await client.dumpDataDir('none') as Blob };
}
