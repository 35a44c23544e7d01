// PGLITE_TEMPLATE (server/plugins/external/database.ts): an in-memory server of a test run starts
// from the migrated dump the run made once, instead of initdb and every migration; a folder or
// PostgreSQL never does, a dump that cannot be read stops the start naming the variable, and
// production refuses the variable outright.
import { describe, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import { buildApp } from '../../server/app';
import { loadConfig, productionProblems } from '../../server/config';
import { templateOf } from '../../server/plugins/external/database';
import { listMigrations } from '../../server/db/migrate';

describe('PGLITE_TEMPLATE', () => {
  it('starts an in-memory database from the dump, already migrated before the start-up step runs', async () => {
    const app = await buildApp(loadConfig({ DATA_DIR: 'memory://', DATABASE_URL: '', STATIC_DIR: '', PGLITE_TEMPLATE: inject('pgliteTemplate') }), { logger: false });
    try {
      const applied = await sql<{ n: number }>`select count(*)::int as n from schema_migrations`.execute(app.db);
      expect(applied.rows[0]?.n).toBe(listMigrations().length);
    } finally {
      await app.close();
    }
  });

  it('is used for memory:// only, names itself when it cannot be read, and is refused in production', () => {
    const template = inject('pgliteTemplate');
    expect(templateOf({ DATA_DIR: 'memory://', PGLITE_TEMPLATE: template })).toBeInstanceOf(Blob);
    expect(templateOf({ DATA_DIR: './data', PGLITE_TEMPLATE: template })).toBeUndefined();
    expect(templateOf({ DATA_DIR: 'memory://', DATABASE_URL: 'postgres://x@127.0.0.1/db', PGLITE_TEMPLATE: template })).toBeUndefined();
    expect(templateOf({ DATA_DIR: 'memory://', PGLITE_TEMPLATE: '' })).toBeUndefined();
    expect(() => templateOf({ DATA_DIR: 'memory://', PGLITE_TEMPLATE: '/nowhere/template.tar' })).toThrow(/PGLITE_TEMPLATE \/nowhere\/template\.tar cannot be read/);
    expect(productionProblems(loadConfig({ PGLITE_TEMPLATE: template })).join('\n')).toMatch(/PGLITE_TEMPLATE is set/);
    expect(productionProblems(loadConfig({})).join('\n')).not.toMatch(/PGLITE_TEMPLATE/);
  });
});
