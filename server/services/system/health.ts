// Whether the database answers (the health endpoint's check), and whether it is migrated (readiness).
import { sql } from 'kysely';
import type { Executor } from '../../db/tx';
import { listMigrations } from '../../db/migrate';

export async function pingDatabase(db: Executor): Promise<void> {
  await sql`SELECT 1`.execute(db);
}

let expected: string[] | undefined;

/** The committed migrations this database has not applied yet (all of them before the first). */
export async function pendingMigrations(db: Executor): Promise<{ applied: number; pending: string[] }> {
  expected ??= listMigrations().map((m) => m.name);
  const exists = await sql<{ t: string | null }>`SELECT to_regclass('schema_migrations')::text AS t`.execute(db);
  if (!exists.rows[0]?.t) return { applied: 0, pending: expected };
  const done = new Set((await db.selectFrom('schema_migrations').select('name').execute()).map((r) => r.name));
  return { applied: done.size, pending: expected.filter((name) => !done.has(name)) };
}
