// The PostgreSQL twin of pgliteTemplate.ts: one migrated, seeded database on the test server,
// made once per set of migrations, that every API test's PostgreSQL database is copied from
// (CREATE DATABASE … TEMPLATE: a file copy, a fraction of a second) instead of running every
// migration and the seed again for each file.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb } from '../../server/db/createDb';
import { migrate } from '../../server/db/migrate';
import { seed } from '../../server/db/seed';
import { schemaKey } from './pgliteTemplate';

async function run(adminUrl: string, statement: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try { return (await client.query(statement)).rows as unknown[]; } finally { await client.end(); }
}

/** The template database's name on the server at `adminUrl`, made if missing. */
export async function ensurePostgresTemplate(adminUrl: string): Promise<string> {
  const name = `tripshell_template_${schemaKey()}`;
  if ((await run(adminUrl, `SELECT 1 FROM pg_database WHERE datname = '${name}'`)).length > 0) return name;
  // Made under a name of its own and renamed: two runs making it at once never copy a half-made one.
  const partial = `tripshell_partial_${randomBytes(6).toString('hex')}`;
  await run(adminUrl, `CREATE DATABASE ${partial} TEMPLATE template0`);
  const url = new URL(adminUrl);
  url.pathname = `/${partial}`;
  try {
    const handle = await createDb({ databaseUrl: url.toString(), poolSize: 2 });
    try {
      await migrate(handle.db);
      await seed(handle.db);
    } finally {
      await handle.close();
    }
    await run(adminUrl, `ALTER DATABASE ${partial} RENAME TO ${name}`);
  } catch (error) {
    await run(adminUrl, `DROP DATABASE IF EXISTS ${partial} WITH (FORCE)`);
    // Another run made it first: theirs is as good.
    if ((await run(adminUrl, `SELECT 1 FROM pg_database WHERE datname = '${name}'`)).length === 0) throw error;
  }
  return name;
}
