// @vitest-environment node
// The import checker that `npm run lint` runs (scripts/check-imports.mjs): it must fail on a
// cycle (type-only and dynamic imports included) and on an import against the layers, and pass
// a tree that has neither.
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
