// Runs once before the API test files. A new PGlite costs ~3 s of initdb (most of the suite's
// database time); loading a dump of a migrated, seeded one costs ~0.5 s. So the template is made
// here once, from the real migrations and seed, and every PGlite test database starts from it.
// It is keyed by the migrations' and seed's text, so a changed migration makes a new template.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDb } from '../../server/db/createDb';
import { listMigrations, migrate } from '../../server/db/migrate';
import { seed } from '../../server/db/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a `PGlite.dumpDataDir` tarball of a migrated and seeded database. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const hash = createHash('sha256');
  for (const m of listMigrations()) hash.update(m.name).update(m.text);
  hash.update(readFileSync(new URL('../../server/db/seed.ts', import.meta.url)));
  hash.update(readFileSync(new URL('../../server/db/data/release-logs.json', import.meta.url)));
  hash.update(readFileSync(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url)));
  const file = join(tmpdir(), `tripshot-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!existsSync(file)) {
    const handle = await createDb({ dataDir: 'memory://' });
    await migrate(handle.db);
    await seed(handle.db);
    if (!handle.dumpDataDir) throw new Error('a PGlite handle can dump its data directory');
    const dump = await handle.dumpDataDir();
    await handle.close();
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  project.provide('pgliteTemplate', file);
}
