// The database as app.db and app.dbKind: PGlite in DATA_DIR (whose lock it takes) or PostgreSQL
// (DATABASE_URL), or the handle a test passes in (then the test closes it). Only opened here:
// migrations and every write of the start-up work are in server/start.ts.
import { readFileSync } from 'node:fs';
import fp from 'fastify-plugin';
import { createDb, type DbHandle } from '../../db/createDb';

/** PGLITE_TEMPLATE's dump, for an in-memory PGlite only (a folder or PostgreSQL keeps its data). */
export function templateOf(config: { DATABASE_URL?: string | undefined; DATA_DIR: string; PGLITE_TEMPLATE: string }): Blob | undefined {
  if (!config.PGLITE_TEMPLATE || config.DATABASE_URL || config.DATA_DIR !== 'memory://') return undefined;
  try {
    return new Blob([readFileSync(config.PGLITE_TEMPLATE)]);
  } catch (error) {
    throw new Error(`PGLITE_TEMPLATE ${config.PGLITE_TEMPLATE} cannot be read: ${(error as Error).message}`, { cause: error });
  }
}

export default fp<{ database?: DbHandle | undefined }>(async (app, { database }) => {
  const { config } = app;
  const loadDataDir = database ? undefined : templateOf(config);
  const handle = database ?? await createDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: config.DATABASE_POOL_SIZE, ...(loadDataDir ? { loadDataDir } : {}) });
  app.decorate('db', handle.db);
  app.decorate('dbKind', handle.kind);
  app.decorate('dbListen', handle.listen);
  app.decorate('dbPool', handle.pool);
  // Closed last: onClose hooks run in reverse order of registration, and this one is the first.
  if (!database) app.addHook('onClose', async () => { await handle.close(); });
}, { name: 'database', dependencies: ['config'] });
