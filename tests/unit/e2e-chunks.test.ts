import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { e2eChunks } from '../../scripts/e2eChunks.mjs';

/** A folder of spec files, each given by its source. */
function specs(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-chunks-'));
  for (const [name, source] of Object.entries(files)) writeFileSync(join(dir, name), source);
  return dir;
}

const tests = (n: number, title = 'a test'): string => Array.from({ length: n }, (_, i) => `test('${title} ${i}', async () => {});`).join('\n');

describe('the end-to-end suite cut into chunks for the two lanes', () => {
  it('puts every spec file in exactly one chunk, and nothing that is not a spec', () => {
    const dir = specs({ 'a.spec.ts': tests(3), 'b.spec.ts': tests(1), 'c.spec.ts': tests(2), 'helpers.ts': 'export {};' });
    const files = e2eChunks(2, dir).flatMap((chunk) => chunk.files).sort();
    expect(files).toEqual(['a.spec.ts', 'b.spec.ts', 'c.spec.ts'].map((f) => join(dir, f)));
  });

  it('balances the chunks by what each file holds, heaviest chunk first', () => {
    // 1 + 6, 1 + 3, 1 + 2: the heaviest alone, the other two together.
    const dir = specs({ 'big.spec.ts': tests(6), 'mid.spec.ts': tests(3), 'small.spec.ts': tests(2) });
    const chunks = e2eChunks(2, dir);
    expect(chunks.map((chunk) => chunk.weight)).toEqual([7, 7]);
    expect(chunks.map((chunk) => chunk.files.length).sort()).toEqual([1, 2]);
  });

  it('counts a [both] test twice, as the phone project reruns it', () => {
    const dir = specs({ 'both.spec.ts': tests(2, '[both] a screen'), 'once.spec.ts': tests(2) });
    const weights = Object.fromEntries(e2eChunks(2, dir).map((chunk) => [chunk.files[0]?.split('/').pop(), chunk.weight]));
    expect(weights).toEqual({ 'both.spec.ts': 5, 'once.spec.ts': 3 });
  });

  it('weighs nothing for a file that skips itself unless asked (the look shots)', () => {
    const dir = specs({ 'shots.spec.ts': `test.skip(process.env.LOOK_SHOTS !== '1', 'tool');\n${tests(8)}`, 'real.spec.ts': tests(1) });
    const chunks = e2eChunks(2, dir);
    expect(chunks.find((chunk) => chunk.files[0]?.endsWith('shots.spec.ts'))?.weight).toBe(0);
  });

  it('keeps the specs on the host playground in one chunk: they share its servers per Playwright run', () => {
    const usesPlayground = `import { test } from './playground';\n${tests(1)}`;
    const dir = specs({ 'h1.spec.ts': usesPlayground, 'h2.spec.ts': usesPlayground, 'h3.spec.ts': usesPlayground, 'x.spec.ts': tests(1), 'y.spec.ts': tests(1) });
    const withPlayground = e2eChunks(4, dir).filter((chunk) => chunk.files.some((f) => /h\d\.spec/.test(f)));
    expect(withPlayground).toHaveLength(1);
    expect(withPlayground[0]?.files).toHaveLength(3);
  });

  it('weighs nothing for a test tagged @timing, which runs in the timed step at the end', () => {
    const timed = (title: string) => `test('${title}', { tag: '@timing' }, async () => {});`;
    const dir = specs({ 'mixed.spec.ts': `${tests(2)}\n${timed('a budget')}`, 'timed.spec.ts': timed('only a budget'), 'plain.spec.ts': tests(1) });
    const weights = Object.fromEntries(e2eChunks(3, dir).map((chunk) => [chunk.files[0]?.split('/').pop(), chunk.weight]));
    expect(weights).toEqual({ 'mixed.spec.ts': 3, 'timed.spec.ts': 0, 'plain.spec.ts': 2 });
  });

  it('makes no empty chunk when there are fewer files than chunks', () => {
    expect(e2eChunks(8, specs({ 'only.spec.ts': tests(1) }))).toHaveLength(1);
  });
});
