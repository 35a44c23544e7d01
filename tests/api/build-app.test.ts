// buildApp builds and nothing else: on an empty database it creates no table,
// and on a started one it changes no row, even once ready and answering. The start-up step
// (server/start.ts: migrations, seed, crate supply, secrets) is what writes. And every plugin
// names what it needs: one registered without it refuses to load, saying which.
import Fastify from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { createDb, type Db, type DbHandle } from '../../server/db/createDb';
import configPlugin from '../../server/plugins/external/config';
import sessionsPlugin from '../../server/plugins/sessions';
import { createScratchDatabase } from './harness/servers';
import { buildStartedApp, onRunEngine, testConfig } from './helpers';

interface EmptyDatabase { name: string; open(): Promise<DbHandle & { drop(): Promise<void> }> }

/**
 * A new database with nothing in it (not the migrated template the other tests start from), on
 * the engine the other API files run on (tests/api/helpers.ts testDatabases): an empty PGlite is
 * a whole initdb, up to a minute on a busy machine, for what does not depend on the engine.
 */
function emptyDatabases(): EmptyDatabase[] {
  return [onRunEngine(anyEmptyDatabases())];
}

function anyEmptyDatabases(): EmptyDatabase[] {
  const list: EmptyDatabase[] = [{
    name: 'pglite',
    async open() { return { ...await createDb({ dataDir: 'memory://' }), drop: async () => undefined }; },
  }];
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    list.push({
      name: 'postgres',
      async open() {
        const scratch = await createScratchDatabase(url, 'b');
        return { ...await createDb({ databaseUrl: scratch.url, poolSize: 4 }), drop: scratch.drop };
      },
    });
  }
  return list;
}

async function tables(db: Db): Promise<string[]> {
  const result = await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`.execute(db);
  return result.rows.map((r) => r.name);
}

/** Per table: its row count and the newest row version's transaction (an update changes it). */
async function snapshot(db: Db): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of await tables(db)) {
    const row = await sql<{ n: string; x: string }>`SELECT count(*)::text AS n, coalesce(max(xmin::text::bigint), 0)::text AS x FROM ${sql.table(name)}`.execute(db);
    out[name] = `${row.rows[0]?.n} rows, newest xmin ${row.rows[0]?.x}`;
  }
  return out;
}

describe.each(emptyDatabases())('buildApp on an empty $name database', (database) => {
  it('creates no table; the start-up step migrates and seeds; a second buildApp, ready and answering, changes no row', async () => {
    const handle = await database.open();
    try {
      const built = await buildApp(testConfig(), { database: handle, logger: false });
      await built.close();
      expect(await tables(handle.db)).toEqual([]);

      const started = await buildStartedApp(testConfig(), { database: handle, logger: false });
      // Started means the week's leaderboard season is open: a try still in flight would write
      // after the snapshot below, as if the second buildApp had.
      expect((await sql<{ n: string }>`SELECT count(*)::text AS n FROM leaderboard_seasons`.execute(handle.db)).rows[0]?.n).toBe('1');
      expect((await started.inject({ url: '/api/crates/status' })).json()).toMatchObject({ totalSupply: 10000, remainingSupply: 10000 });
      await started.close();
      const before = await snapshot(handle.db);
      expect(Object.keys(before).length).toBeGreaterThan(10);
      expect(before.server_secrets).toMatch(/^2 rows/);

      const again = await buildApp(testConfig({ CRATE_V1_SUPPLY: 5 }), { database: handle, logger: false });
      expect((await again.inject({ url: '/api/health' })).statusCode).toBe(200);
      expect((await again.inject({ url: '/api/altcha/challenge' })).statusCode).toBe(200);
      expect((await again.inject({ url: '/api/crates/status' })).json()).toMatchObject({ totalSupply: 10000 });
      await again.close();
      expect(await snapshot(handle.db)).toEqual(before);
    } finally {
      await handle.close();
      await handle.drop();
    }
  });
});

describe('plugins name what they need', () => {
  it('the sessions plugin refuses to load without the database plugin', async () => {
    const app = Fastify({ logger: false });
    await app.register(configPlugin, { config: testConfig() });
    await expect(app.register(sessionsPlugin).ready()).rejects.toThrow("The dependency 'database' of plugin 'sessions' is not registered");
    await app.close().catch(() => undefined);
  });
});
