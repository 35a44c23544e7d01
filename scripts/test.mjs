#!/usr/bin/env node
// `npm test`: everything, in order: lint, types, unit, API (PGlite, plus PostgreSQL when
// TEST_DATABASE_URL is set), build, end-to-end in Debian's Chromium. Stops at the first failure.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
process.chdir(root);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`Chromium is missing at ${CHROMIUM}. Install Debian's package as root:\n  sudo apt-get update && sudo apt-get install -y chromium\n(or point CHROMIUM_PATH at a Chromium binary), then run npm test again.`);
    process.exit(1);
  }
  console.log('Installing Debian\'s chromium for the end-to-end tests…');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
  if (!existsSync(CHROMIUM)) { console.error('chromium did not install'); process.exit(1); }
}

const steps = [
  ['lint', ['npm', 'run', '--silent', 'lint']],
  ['types', ['npx', 'tsc', '--noEmit', '-p', '.']],
  ['unit + API', ['npx', 'vitest', 'run']],
  ['build', ['npm', 'run', '--silent', 'build']],
  ['end-to-end', ['npx', 'playwright', 'test']],
];

const only = process.argv.slice(2);
ensureChromium();
const started = Date.now();
for (const [name, [cmd, ...args]] of steps) {
  if (only.length && !only.includes(name.split(' ')[0])) continue;
  const t0 = Date.now();
  console.log(`\n▶ ${name}: ${[cmd, ...args].join(' ')}`);
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  console.log(`◀ ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(1)} s${process.env.TEST_DATABASE_URL ? ' (API tests on PGlite and PostgreSQL)' : ' (API tests on PGlite; set TEST_DATABASE_URL for PostgreSQL too)'}.`);
