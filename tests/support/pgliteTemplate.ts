// A PGlite dump of a migrated and seeded database, made once per set of migrations and kept in
// the temp folder: a new PGlite costs initdb and every migration (~27 s on a loaded 2-core
// machine, ~5 s idle), loading this dump ~3 s. The API tests' databases start from it (their
// global setup), and so does every in-memory server a test run starts (PGLITE_TEMPLATE: the
// end-to-end servers, the specs' own servers, the API tests' server processes; scripts/test.mjs).
// It is keyed by the migrations', the seed's and PGlite's own text, so a changed one makes a new dump.
//   node --import tsx tests/support/pgliteTemplate.ts   prints the dump's path (made if missing)
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from '../../server/db/createDb';
import { listMigrations, migrate } from '../../server/db/migrate';
import { seed } from '../../server/db/seed';

/** A key of the migrations' and the seed's text: a changed one makes a new template. */
export function schemaKey(): string {
  const hash = createHash('sha256');
  for (const m of listMigrations()) hash.update(m.name).update(m.text);
  hash.update(readFileSync(new URL('../../server/db/seed.ts', import.meta.url)));
  hash.update(readFileSync(new URL('../../server/db/data/release-logs.json', import.meta.url)));
  return hash.digest('hex').slice(0, 16);
}

export async function ensurePgliteTemplate(): Promise<string> {
  const hash = createHash('sha256').update(schemaKey());
  hash.update(readFileSync(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url)));
  const file = join(tmpdir(), `tripshot-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!existsSync(file)) {
    const handle = await createDb({ dataDir: 'memory://' });
    await migrate(handle.db);
    await seed(handle.db);
    if (!handle.dumpDataDir) throw new Error('a PGlite handle can dump its data directory');
    const dump = await handle.dumpDataDir();
    await handle.close();
    // Written beside and renamed: two runs making it at once never read a half-written dump.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return file;
}

if (process.argv[1]?.endsWith('pgliteTemplate.ts')) {
  ensurePgliteTemplate().then((file) => console.log(file), (error: unknown) => { console.error(error); process.exit(1); });
}
