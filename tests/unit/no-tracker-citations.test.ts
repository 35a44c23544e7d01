// Comments, test titles, migrations and docs say why in their own words. A number in our tracker
// (the word "issue" or "item" followed by a number) or a section of the product specification
// ("spec part", a number, then a section sign) points at a page that a reader of this repository
// cannot open, so every tracked text file is checked for both, and each hit is named as
// file:line. package-lock.json (registry data, not ours) and this file (it holds the patterns)
// are left out; binary files (a NUL byte near the start, as git decides) are skipped.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const SKIPPED = new Set(['package-lock.json', 'tests/unit/no-tracker-citations.test.ts']);

const TRACKER = [/\bissues? ?#?\d+/i, /\bitems? \d+/i];
const SPEC_SECTION = [/\bspec part \d+/i, /§ ?\d/];

interface TextFile { path: string; lines: string[] }

/** Every tracked text file, read once. A file deleted in the work tree but still tracked is skipped. */
function trackedTextFiles(): TextFile[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  const files: TextFile[] = [];
  for (const path of listed.split('\0')) {
    if (!path || SKIPPED.has(path)) continue;
    let bytes: Buffer;
    try {
      bytes = readFileSync(resolve(ROOT, path));
    } catch {
      continue;
    }
    if (bytes.subarray(0, 8000).includes(0)) continue;
    files.push({ path, lines: bytes.toString('utf8').split('\n') });
  }
  return files;
}

const FILES = trackedTextFiles();

/** "file:line: text" for each line that matches one of the patterns. */
function hits(patterns: RegExp[]): string[] {
  const found: string[] = [];
  for (const { path, lines } of FILES) {
    lines.forEach((line, index) => {
      if (patterns.some((pattern) => pattern.test(line))) found.push(`${path}:${index + 1}: ${line.trim()}`);
    });
  }
  return found;
}

describe('tracked text says why in its own words', () => {
  it('reads the tracked files (the check is not vacuous)', () => {
    expect(FILES.some((file) => file.path === 'package.json')).toBe(true);
    expect(FILES.some((file) => file.path === 'src/main.ts')).toBe(true);
  });

  it('cites no tracker numbers', () => {
    expect(hits(TRACKER)).toEqual([]);
  });

  it('cites no sections of the product specification', () => {
    expect(hits(SPEC_SECTION)).toEqual([]);
  });
});
