// Two real API processes on one fresh PostgreSQL database, for the tests that need several
// processes to share one database (scale-out, session revocation across processes).
import { afterAll, beforeAll } from 'vitest';
import { createDb, type DbHandle } from '../../../server/db/createDb';
import { createScratchDatabase, startServerProcess, type ScratchDatabase, type ServerProcess } from './servers';
import { httpTransport, type Transport } from './transport';

export interface ProcessPair {
  /** The two API processes, as transports. */
  readonly one: Transport;
  readonly two: Transport;
  /** A direct connection to their database. */
  readonly handle: DbHandle;
  /** Their database's URL. */
  readonly databaseUrl: string;
}

/** Two API processes started at the same moment on one fresh scratch PostgreSQL database, and a
 * direct handle to it; started before the enclosing describe's tests, stopped and dropped after.
 * `env` may be a function, read when they start (after the describe's earlier beforeAll hooks). */
export function useProcessPair(adminUrl: string, prefix: string, env: Record<string, string> | (() => Record<string, string>) = {}, poolSize = 2): ProcessPair {
  let database: ScratchDatabase | undefined;
  let servers: ServerProcess[] = [];
  let transports: Transport[] = [];
  let handle: DbHandle | undefined;
  beforeAll(async () => {
    database = await createScratchDatabase(adminUrl, prefix);
    const extra = typeof env === 'function' ? env() : env;
    servers = await Promise.all([0, 1].map(() => startServerProcess({ DATABASE_URL: database?.url ?? '', ...extra })));
    transports = servers.map((s) => httpTransport(s.url));
    handle = await createDb({ databaseUrl: database.url, poolSize });
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await handle?.close();
    await database?.drop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useProcessPair: the processes are not started yet (use them inside a test)');
    return value;
  };
  return {
    get one() { return started(transports[0]); },
    get two() { return started(transports[1]); },
    get handle() { return started(handle); },
    get databaseUrl() { return started(database).url; },
  };
}
