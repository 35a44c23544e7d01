// The first screen's weight: the JavaScript and CSS needed to show the loading screen
// (the entry chunk, the chunks it imports statically and its stylesheets) is at most 120 KB
// gzipped. Mantine, the query client, zod and the overlays arrive later, in lazy chunks.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from './test';

const DIST = 'dist';
const BUDGET = 120 * 1024;

/** Every file index.html loads up front (only its module scripts with `scriptsOnly`), following static imports between chunks. */
function firstScreenFiles(scriptsOnly = false): string[] {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const tags = scriptsOnly ? /<script[^>]*\ssrc="\/(assets\/[^"]+)"/g : /<(?:script[^>]*\ssrc|link[^>]*rel="(?:stylesheet|modulepreload)"[^>]*\shref)="\/(assets\/[^"]+)"/g;
  const start = [...html.matchAll(tags)].map((m) => m[1] ?? '');
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (!file || seen.has(file)) return;
    seen.add(file);
    if (!file.endsWith('.js')) return;
    const code = readFileSync(join(DIST, file), 'utf8');
    // static imports only (`import{...}from"./x.js"` and `import"./x.js"`), not import("./x.js")
    for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w${},\s*]+from\s*)?["']\.\/([^"']+\.js)["']/g)) visit(`assets/${m[1]}`);
  };
  start.forEach(visit);
  return [...seen];
}

// eslint-disable-next-line no-empty-pattern -- Playwright reads the destructuring to know no fixture is needed
test('the loading screen needs at most 120 KB of gzipped JS and CSS', async ({}, info) => {
  const files = firstScreenFiles();
  expect(files.some((f) => f.endsWith('.js'))).toBe(true);
  const sizes = files.map((f) => ({ file: f, gzip: gzipSync(readFileSync(join(DIST, f))).length }));
  const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
  const description = `${sizes.map((s) => `${s.file} ${(s.gzip / 1024).toFixed(1)} KB`).join(', ')}; total ${(total / 1024).toFixed(1)} KB gzip`;
  info.annotations.push({ type: 'budget', description });
  console.log(`[budget] ${description}`);
  expect(total).toBeLessThanOrEqual(BUDGET);
  // the heavy parts are not in it
  const firstScreen = files.filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(DIST, f), 'utf8')).join('\n');
  expect(firstScreen).not.toContain('mantine-');
  expect(firstScreen).not.toContain('ZodError');
  // nor the studio's console (src/admin/, its own lazy chunk: src/app/startup.ts loads it on /admin only)
  expect(firstScreen).not.toContain('tripshell-admin-console');
  expect(files.some((f) => /\/console-[\w-]+\.js$/.test(f))).toBe(false);
});

// The game's first frame: what runs before createUnityInstance is the entry
// alone (src/main.ts, src/app/startup.ts, src/app/gameStart.ts), so it is small and carries
// nothing else of the shell: xstate, the loading machine, Lingui and the host wiring come in the next chunk
// (src/app/shellStart.ts), asked for alongside it and evaluated after the game has started (its own
// imports, xstate and Lingui, asked for after the first paint: vite.config.ts).
// eslint-disable-next-line no-empty-pattern -- Playwright reads the destructuring to know no fixture is needed
test('the entry that starts the game is small and carries nothing else of the shell', async ({}, info) => {
  const files = firstScreenFiles(true);
  const code = files.map((f) => readFileSync(join(DIST, f), 'utf8')).join('\n');
  const gzip = files.reduce((sum, f) => sum + gzipSync(readFileSync(join(DIST, f))).length, 0);
  info.annotations.push({ type: 'budget', description: `entry ${files.join(', ')}: ${(gzip / 1024).toFixed(1)} KB gzip` });
  expect(code).toContain('unity-canvas'); // it does start the game
  expect(code).not.toContain('xstate.init');
  expect(code).not.toContain('i18n.activate');
  expect(gzip).toBeLessThanOrEqual(12 * 1024);
  // and the shell's chunk is asked for with it, not after it has run; its imports are not (their
  // compile, before the first paint, held that paint back)
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  expect(html).toMatch(/<link rel="modulepreload"[^>]*href="\/assets\/shellStart-[\w-]+\.js"/);
  expect(html.match(/<link rel="modulepreload"/g)).toHaveLength(1);
});
