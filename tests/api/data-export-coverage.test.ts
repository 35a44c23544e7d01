// The data export stays complete as the product grows: every column of the migrated schema that
// points at a player (a foreign key to users, or a column named user_id) and every column of the
// users row is named in EXPORT_COVERAGE (server/services/accounts/dataExport.ts), carried by a
// section of the export or excluded with the reason. A new table or column that points at a
// player fails here until its author says where it goes; a named one that no longer exists fails
// too, so the list never claims what the database does not hold.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_COVERAGE } from '../../server/services/accounts/dataExport';
import { startApp, testDatabases, type TestApp } from './helpers';

describe.each(testDatabases())("the export's coverage of the schema on $name", (database) => {
  let t: TestApp;
  beforeAll(async () => { t = await startApp(database); }, 60_000);
  afterAll(async () => { await t.close(); });

  it('names every column that points at a player, and only columns that exist', async () => {
    const pointing = await sql<{ col: string }>`
      SELECT kcu.table_name || '.' || kcu.column_name AS col
      FROM information_schema.table_constraints tc
      JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = tc.constraint_name AND kcu.table_schema = tc.table_schema
      JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = tc.constraint_name AND ccu.table_schema = tc.table_schema
      WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_schema = 'public' AND ccu.table_name = 'users'
      UNION SELECT table_name || '.' || column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND (column_name = 'user_id' OR table_name = 'users')`.execute(t.handle.db);
    const found = new Set(pointing.rows.map((r) => r.col));
    expect(found.has('users.password_hash')).toBe(true);
    expect(found.has('purchases.user_id')).toBe(true);
    const missing = [...found].filter((c) => !(c in EXPORT_COVERAGE)).sort();
    expect(missing, 'add each to EXPORT_COVERAGE in server/services/accounts/dataExport.ts: a section of the export, or excluded with the reason').toEqual([]);
    const stale = Object.keys(EXPORT_COVERAGE).filter((c) => !found.has(c)).sort();
    expect(stale, 'EXPORT_COVERAGE names columns the schema does not have').toEqual([]);
  });
});
