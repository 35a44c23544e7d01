// The end-to-end suite cut into chunks for `npm test`'s two lanes (scripts/test.mjs): each chunk
// is one Playwright run of a few spec files, and a lane takes the next chunk when it is free.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const E2E_DIR = 'tests/e2e';
// About this many chunks: fewer leaves one lane waiting on the other's last chunk, more pays
// Playwright's start, a browser launch and its first pages per chunk (the lane's server is
// started once, for all its chunks).
const E2E_CHUNKS = 8;

/**
 * The end-to-end spec files in chunks of about equal weight, heaviest first. A file weighs what
 * it holds: one for the file (its server sign-ups and first page) and one per test and viewport
 * (`[both]` titles run twice), counted from the source, not timed, so a fresh clone has it too.
 * A file that skips itself unless asked (`test.skip(process.env.…)` at its top: the look shots)
 * weighs nothing, and so does a test tagged @timing (npm test runs those last, alone). The specs on the host playground stay in one chunk: they share one playground
 * and product server per Playwright worker (tests/e2e/playground.ts), which a split would start
 * twice.
 */
export function e2eChunks(count = E2E_CHUNKS, dir = E2E_DIR) {
  const units = new Map();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.spec.ts')).sort()) {
    const source = readFileSync(join(dir, file), 'utf8');
    // A test tagged @timing runs in the timed step at the end, not in a chunk: it weighs nothing
    // here, and a file of nothing else weighs nothing (its server and first page are not paid).
    const tests = [...source.matchAll(/^\s*test\((['"`])(.*?)\1(.*)$/gm)];
    const titles = tests.filter((m) => !m[3].includes("'@timing'")).map((m) => m[2]);
    const loops = (source.match(/^\s*for \(const /gm) ?? []).length;
    const skipsItself = /^test\.skip\(/m.test(source) || (tests.length > 0 && titles.length === 0);
    const weight = skipsItself ? 0 : 1 + titles.length + titles.filter((t) => t.includes('[both]')).length + loops;
    const key = /from '\.\/playground'/.test(source) ? 'playground' : file;
    const unit = units.get(key) ?? { files: [], weight: 0 };
    unit.files.push(join(dir, file));
    unit.weight += weight;
    units.set(key, unit);
  }
  const chunks = Array.from({ length: count }, () => ({ files: [], weight: 0 }));
  for (const unit of [...units.values()].sort((x, y) => y.weight - x.weight)) {
    const lightest = chunks.reduce((best, chunk) => (chunk.weight < best.weight ? chunk : best));
    lightest.files.push(...unit.files);
    lightest.weight += unit.weight;
  }
  return chunks.filter((chunk) => chunk.files.length > 0).sort((x, y) => y.weight - x.weight);
}
