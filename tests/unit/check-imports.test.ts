// @vitest-environment node
// The import checker that `npm run lint` runs (scripts/check-imports.mjs): it must fail on a
// cycle (type-only and dynamic imports included), on an import against the layers and on the
// server's rules (providers import nothing above them, SQL only in services/db/jobs, no
// transaction opened by a service or provider, LISTEN started in one plugin), and pass a tree
// that keeps them.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = new URL('../../scripts/check-imports.mjs', import.meta.url).pathname;
const roots: string[] = [];
afterEach(() => { while (roots.length) rmSync(roots.pop()!, { recursive: true, force: true }); });

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'check-imports-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}
const check = (root: string) => spawnSync(process.execPath, [script, root], { encoding: 'utf8' });

describe('check-imports', () => {
  it('passes a tree that follows the layers', () => {
    const result = check(tree({
      'contract/a.ts': 'export const a = 1;\n',
      'src/overlays/types.ts': "import { a } from '../../contract/a';\nexport type P = typeof a;\n",
      'src/features/x/Modal.tsx': "import type { P } from '../../overlays/types';\nexport const m: P = 1;\n",
      'src/app/registry.ts': "export const load = () => import('../features/x/Modal');\n",
    }));
    expect(result.status).toBe(0);
  });

  it('fails on a cycle made of a type import back into a lazy registry', () => {
    const result = check(tree({
      'src/app/registry.ts': "export type Props = { a: number };\nexport const load = () => import('../features/x/Modal');\n",
      'src/features/x/Modal.tsx': "import type { Props } from '../../app/registry';\nexport const m = (p: Props) => p;\n",
    }));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('import cycle: src/app/registry.ts -> src/features/x/Modal.tsx');
    expect(result.stderr).toContain('may not depend on src/app');
  });

  it('fails when a feature imports another feature', () => {
    const result = check(tree({
      'src/features/a/A.ts': "import { b } from '../b/B';\nexport const a = b;\n",
      'src/features/b/B.ts': 'export const b = 1;\n',
    }));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('features do not import each other');
  });

  it('passes server code that keeps SQL in services and transactions in the route layer', () => {
    const result = check(tree({
      'contract/a.ts': 'export const a = 1;\n',
      'server/providers/store.ts': "import { a } from '../../contract/a';\nimport { b } from './http';\nexport const s = a + b;\n",
      'server/providers/http.ts': 'export const b = 2;\n',
      'server/services/x/users.ts': "import { sql } from 'kysely';\nexport const find = (db: any) => db.selectFrom('users').where(sql`true`).execute();\n",
      'server/routes/x.ts': "import { find } from '../services/x/users';\nimport { inTransaction } from '../db/tx';\nexport const r = (db: any) => inTransaction(db, find);\n",
      'server/db/tx.ts': 'export const inTransaction = (db: any, fn: any) => db.transaction().execute(fn);\n',
    }));
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('fails when a provider imports the database, a service or Fastify', () => {
    const result = check(tree({
      'server/providers/store.ts': "import type { FastifyInstance } from 'fastify';\nimport type { Executor } from '../db/tx';\nimport { find } from '../services/x/users';\nexport const s = find;\n",
      'server/db/tx.ts': 'export type Executor = unknown;\n',
      'server/services/x/users.ts': 'export const find = 1;\n',
    }));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('server/providers/store.ts imports fastify: providers are third-party clients');
    expect(result.stderr).toContain('server/providers/store.ts imports server/db/tx.ts: providers import only contract/ and other providers');
    expect(result.stderr).toContain('server/providers/store.ts imports server/services/x/users.ts');
  });

  it('fails on SQL in a route, a plugin or a provider, builder and sql tag alike', () => {
    const result = check(tree({
      'server/routes/x.ts': "export const r = (db: any) => db.selectFrom('users').select('id').execute();\n",
      'server/plugins/p.ts': "import { sql } from 'kysely';\nexport const p = (db: any) => sql<number>`select 1`.execute(db);\n",
      'server/providers/q.ts': "export const q = (db: any) => db\n  .insertInto('bot_check_tokens').values({}).execute();\n",
      'server/routes/ok.ts': '// a comment may say db.selectFrom(\'users\') without being SQL\nexport const ok = 1;\n',
    }));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('server/routes/x.ts writes SQL');
    expect(result.stderr).toContain('server/plugins/p.ts writes SQL');
    expect(result.stderr).toContain('server/providers/q.ts writes SQL');
    expect(result.stderr).not.toContain('server/routes/ok.ts');
  });

  it('fails when a service or provider opens a transaction, or takes a runner it is not allowed', () => {
    const result = check(tree({
      'server/db/tx.ts': 'export type RunInTransaction = unknown;\nexport const inTransaction = (db: any, fn: any) => fn(db);\n',
      'server/services/x/a.ts': "import { inTransaction } from '../../db/tx';\nexport const a = (db: any) => inTransaction(db, async () => 1);\n",
      'server/services/x/b.ts': 'export const b = (db: any) => db.transaction().execute(async () => 1);\n',
      'server/services/x/c.ts': "import type { RunInTransaction } from '../../db/tx';\nexport const c = (run: RunInTransaction) => run;\n",
      'server/providers/d.ts': "export const d = (db: any) => db.transaction().execute(async () => 1);\n",
    }));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('server/services/x/a.ts opens a transaction');
    expect(result.stderr).toContain('server/services/x/b.ts opens a transaction');
    expect(result.stderr).toContain('server/services/x/c.ts takes a transaction runner');
    expect(result.stderr).toContain('server/providers/d.ts opens a transaction');
  });

  it('fails when a LISTEN subscriber is started outside plugins/listeners.ts', () => {
    const result = check(tree({
      'server/routes/market.ts': 'export const start = (app: any) => app.cache.start(app.dbListen);\n',
      'server/plugins/listeners.ts': 'export const start = (app: any) => app.cache.start(app.dbListen);\n',
    }));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('server/routes/market.ts reads app.dbListen');
    expect(result.stderr).not.toContain('server/plugins/listeners.ts reads');
  });

  it('ranks the studio\'s console beside the app, above the features', () => {
    const result = check(tree({
      'src/admin/console.tsx': "export const mountConsole = 1;\n",
      'src/features/x/X.ts': "import { mountConsole } from '../../admin/console';\nexport const x = mountConsole;\n",
    }));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('src/features/x may not depend on src/admin');
  });

  it('fails when a service imports a Fastify package or a route imports a plugin', () => {
    const result = check(tree({
      'server/services/x/a.ts': "import cookie from '@fastify/cookie';\nexport const a = cookie;\n",
      'server/plugins/p.ts': 'export const p = 1;\n',
      'server/routes/r.ts': "import { p } from '../plugins/p';\nexport const r = p;\n",
    }));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('server/services/x/a.ts imports @fastify/cookie: services know nothing of HTTP');
    expect(result.stderr).toContain('server/routes/r.ts imports server/plugins/p.ts: the route layer does not reach up');
  });
});
