// Applies the committed SQL migrations in order, each in its own transaction, under an advisory
// lock so several API processes starting at once against one PostgreSQL apply each exactly once.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Db } from './createDb';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));
const LOCK_ID = 740_221_907;
const NAME = /^\d{3}_[a-z0-9_]+\.sql$/;

export function listMigrations(dir = MIGRATIONS_DIR): Array<{ name: string; text: string }> {
  return readdirSync(dir)
    .filter((f) => NAME.test(f))
    .sort()
    .map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8') }));
}

export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const applied: string[] = [];
  await db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(${LOCK_ID})`.execute(conn);
    try {
      await sql`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(conn);
      const done = new Set((await conn.selectFrom('schema_migrations').select('name').execute()).map((r) => r.name));
      for (const migration of listMigrations(dir)) {
        if (done.has(migration.name)) continue;
        // The name matched NAME above, so it is safe inside the literal.
        const script = `BEGIN;\n${migration.text}\n;INSERT INTO schema_migrations (name) VALUES ('${migration.name}');\nCOMMIT;`;
        try {
          await sql.raw(script).execute(conn);
        } catch (error) {
          await sql.raw('ROLLBACK').execute(conn).catch(() => undefined);
          throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
        }
        applied.push(migration.name);
      }
    } finally {
      await sql`SELECT pg_advisory_unlock(${LOCK_ID})`.execute(conn);
    }
  });
  return applied;
}
