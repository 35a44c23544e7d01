import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { failureExcerpt } from '../../scripts/failureExcerpt.mjs';

// The excerpt reads what Playwright and Vitest really print, so these tests run both on a small
// failing file (in a folder of its own, outside the suite) instead of trusting a copied sample.
const root = process.cwd();
const dir = mkdtempSync(join(tmpdir(), 'failure-excerpt-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const body = (lib: string): string => [
  `import { test, expect } from '${lib}';`,
  `test('a passing check', () => { expect(1).toBe(1); });`,
  `test('the coins add up', () => { expect(1 + 1).toBe(3); });`,
  `test('the names match', () => { expect('ann').toBe('bob'); });`,
].join('\n');

/**
 * Runs a tool from the project's node_modules in `cwd`; its whole output, colours and all, both
 * streams in one file as npm test interleaves them (Vitest prints its failures on stderr and its
 * totals on stdout).
 */
function run(bin: string, args: string[], cwd: string): { status: number | null; output: string } {
  const file = join(cwd, 'output.txt');
  const fd = openSync(file, 'w');
  const result = spawnSync(join(root, 'node_modules/.bin', bin), args, { cwd, stdio: ['ignore', fd, fd], env: { ...process.env, FORCE_COLOR: '1', CI: '' } });
  closeSync(fd);
  return { status: result.status, output: readFileSync(file, 'utf8') };
}

describe('what npm test prints again at its end about a failed step', () => {
  it("keeps Playwright's first failure in full and its list of failed tests, in a screenful", () => {
    const pw = join(dir, 'pw');
    mkdirSync(pw);
    // Its own results folder: the default one is the working directory's, which the suite uses.
    writeFileSync(join(pw, 'pw.config.mjs'), `export default { testDir: '.', outputDir: ${JSON.stringify(join(pw, 'results'))}, reporter: [['list']], projects: [{ name: 'desktop' }] };`);
    writeFileSync(join(pw, 'a.spec.mjs'), body(join(root, 'node_modules/@playwright/test/index.mjs')));
    const { status, output } = run('playwright', ['test', '-c', join(pw, 'pw.config.mjs')], pw);
    expect(status).toBe(1);
    const excerpt = failureExcerpt(output, 40);
    expect(excerpt.split('\n').length).toBeLessThanOrEqual(40);
    expect(excerpt).not.toContain('\u001b[');
    expect(excerpt).toMatch(/1\) \[desktop\] › .*a\.spec\.mjs:3:1 › the coins add up/);
    expect(excerpt).toContain('Expected: 3');
    expect(excerpt).toContain('Received: 2');
    expect(excerpt).toMatch(/2 failed\n.*› the coins add up.*\n.*› the names match/);
    expect(excerpt).not.toMatch(/✓.*a passing check/);
  }, 60_000);

  it("keeps Vitest's failed tests section and its totals", () => {
    const vt = join(dir, 'vt');
    mkdirSync(vt);
    writeFileSync(join(vt, 'vitest.config.mjs'), `export default { test: { include: ['*.test.mjs'] } };`);
    writeFileSync(join(vt, 'b.test.mjs'), body(join(root, 'node_modules/vitest/dist/index.js')));
    const { status, output } = run('vitest', ['run', '--root', vt, '--config', join(vt, 'vitest.config.mjs')], vt);
    expect(status).toBe(1);
    const excerpt = failureExcerpt(output, 30);
    expect(excerpt.split('\n').length).toBeLessThanOrEqual(30);
    expect(excerpt).toMatch(/FAIL\s+b\.test\.mjs > the coins add up/);
    expect(excerpt).toContain('expected 2 to be 3');
    expect(excerpt).toMatch(/Tests\s+2 failed \| 1 passed \(3\)/);
  }, 60_000);

  it("falls back to the output's last lines for a step that has no such section (lint, types)", () => {
    const tsc = [...Array.from({ length: 50 }, (_, i) => `src/a${i}.ts(1,1): error TS2322: Type 'string' is not assignable to type 'number'.`), '', 'Found 50 errors in 50 files.', ''].join('\n');
    const excerpt = failureExcerpt(tsc, 20);
    expect(excerpt.split('\n')).toHaveLength(20);
    expect(excerpt.endsWith('Found 50 errors in 50 files.')).toBe(true);
  });
});
