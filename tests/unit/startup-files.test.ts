// The page's start reads top to bottom: the files that take part in it, followed from the entry
// (src/main.ts) through every import that runs (static and dynamic, not `import type`) up to the
// second chunk (src/app/App.tsx, where the shell's features begin; the console under /admin is a
// page of its own), are at most eight, and none
// is entered from two of them (a walk that comes back to a file it left is not read in order).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const ENTRY = 'src/main.ts';
/** The second chunk (the start is over once it is asked for) and the studio's console (a start of its own). */
const BOUNDARIES = new Set(['src/app/App.tsx', 'src/admin/console.tsx']);
const MAX_FILES = 8;

// `import type …` and `export type …` are left out: they vanish from the page.
const SPEC = /(?:^|[\s;])(import|export)\s+(type\s+)?(?:[^'"`;]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm;

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(join(ROOT, from)), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) {
      return /\.tsx?$/.test(candidate) ? relative(ROOT, candidate).split('\\').join('/') : null;
    }
  }
  return null;
}

/** The files `file` runs when it runs (relative paths). */
export function runtimeImports(source: string, file: string): string[] {
  const out: string[] = [];
  for (const match of source.matchAll(SPEC)) {
    if (match[2]) continue;
    const target = resolveImport(file, match[3] ?? match[4] ?? '');
    if (target) out.push(target);
  }
  return out;
}

/** Start-up's own files: the entry, the app's composition, and the files named for the start. */
const takesPart = (file: string) => file === ENTRY || file.startsWith('src/app/') || /(^|\/)(early\w*|\w*AtStart|afterFirstPaint|\w*[sS]tart(up)?\w*)\.tsx?$/.test(file);

function walk(): { files: string[]; importers: Map<string, string[]> } {
  const seen = new Set<string>([ENTRY]);
  const queue = [ENTRY];
  const importers = new Map<string, string[]>();
  while (queue.length > 0) {
    const file = queue.shift() ?? '';
    for (const target of runtimeImports(readFileSync(join(ROOT, file), 'utf8'), file)) {
      if (BOUNDARIES.has(target)) continue;
      if (takesPart(file) && takesPart(target)) importers.set(target, [...(importers.get(target) ?? []), file]);
      if (seen.has(target)) continue;
      seen.add(target);
      queue.push(target);
    }
  }
  return { files: [...seen].filter(takesPart), importers };
}

describe("the page's start", () => {
  it(`takes at most ${MAX_FILES} files, from the entry up to the second chunk`, () => {
    const { files } = walk();
    expect(files).toContain('src/app/startup.ts');
    expect(files.length, files.join('\n')).toBeLessThanOrEqual(MAX_FILES);
  });

  it('enters each of its files from one other only', () => {
    const { importers } = walk();
    const twice = [...importers].filter(([, from]) => new Set(from).size > 1).map(([file, from]) => `${file} <- ${from.join(', ')}`);
    expect(twice).toEqual([]);
  });

  it('reads type-only imports as no step, and a dynamic import as one', () => {
    const source = "import type { A } from './gameStart';\nexport type { B } from './shellTypes';\nvoid import('./shellStart');\nimport { c } from './startup';";
    expect(runtimeImports(source, 'src/app/x.ts').sort()).toEqual(['src/app/shellStart.ts', 'src/app/startup.ts']);
  });
});
