// Runs once before the API test files. A new PGlite costs ~3 s of initdb and the migrations (most
// of the suite's database time); loading a dump of a migrated, seeded one costs ~0.5 s. So the
// template is made here once (tests/support/pgliteTemplate.ts, kept by the migrations' text), and
// every PGlite test database starts from it.
import type { TestProject } from 'vitest/node';
import { ensurePgliteTemplate } from '../support/pgliteTemplate';
import { ensurePostgresTemplate } from '../support/postgresTemplate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a `PGlite.dumpDataDir` tarball of a migrated and seeded database. */
    pgliteTemplate: string;
    /** The migrated, seeded PostgreSQL database every test database is copied from ('' without one). */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  project.provide('pgliteTemplate', await ensurePgliteTemplate());
  const url = process.env.TEST_DATABASE_URL;
  project.provide('postgresTemplate', url ? await ensurePostgresTemplate(url) : '');
}
