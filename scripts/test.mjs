#!/usr/bin/env node
// `npm test`: every check. Lint and types first (fast, and a type error makes the rest noise);
// then unit + API, the build and the end-to-end tests, one after the other. TEST_PARALLEL=1 runs
// them as two lanes side by side instead (unit + API in one, the build and the end-to-end tests in
// the other; the second lane prints as it goes, the first lane's output is kept and printed whole
// when it ends): faster on an idle machine, but the tests that time a player's wait then share
// the cores with the other lane, so it is not the default yet.
// The end-to-end tests that time what a player waits for (tagged @timing) run last, alone, once
// both lanes are done: a budget of a second means nothing on a machine busy with another suite.
// `npm test -- lint types` runs only the named steps. The exit status is the first failure's.
import { execSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
process.chdir(root);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// A run that passes this still passes; it only says so, because the machine's speed varies and
// a suite that keeps growing past it needs work before it reaches CI's hard limit.
const WARN_AFTER_S = 25 * 60;

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

const STEPS = {
  lint: ['npm', 'run', '--silent', 'lint'],
  types: ['npx', 'tsc', '--noEmit', '-p', '.'],
  unit: ['npx', 'vitest', 'run'],
  build: ['npm', 'run', '--silent', 'build'],
  'end-to-end': ['npx', 'playwright', 'test', '--grep-invert', '@timing'],
  'end-to-end (timed)': ['npx', 'playwright', 'test', '--grep', '@timing'],
};
const LABEL = { unit: 'unit + API' };
/** The name a step is selected by (`npm test -- end-to-end` runs both end-to-end steps). */
const selectedAs = (name) => name.replace(/ \(timed\)$/, '');
const only = process.argv.slice(2);
const unknown = only.filter((name) => !Object.keys(STEPS).some((step) => selectedAs(step) === name));
if (unknown.length) {
  console.error(`Unknown step ${unknown.join(', ')}: the steps are ${[...new Set(Object.keys(STEPS).map(selectedAs))].join(', ')}`);
  process.exit(2);
}
const wanted = (name) => only.length === 0 || only.includes(selectedAs(name));
const times = [];

/** Runs one step; with `logFile` its output goes there instead of the terminal. */
function run(name, logFile) {
  if (!wanted(name)) return Promise.resolve(0);
  const [cmd, ...args] = STEPS[name];
  const label = LABEL[name] ?? name;
  const t0 = Date.now();
  console.log(`\n▶ ${label}: ${[cmd, ...args].join(' ')}${logFile ? ' (output shown when it ends)' : ''}`);
  const fd = logFile ? openSync(logFile, 'w') : null;
  const child = spawn(cmd, args, { stdio: fd === null ? 'inherit' : ['ignore', fd, fd], env: process.env });
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      if (fd !== null) closeSync(fd);
      const status = code ?? (signal ? 1 : 0);
      const seconds = (Date.now() - t0) / 1000;
      times.push([label, seconds, status]);
      if (logFile) {
        console.log(`\n──── ${label} output ────`);
        process.stdout.write(readFileSync(logFile, 'utf8'));
        console.log(`──── end of ${label} output ────`);
      }
      console.log(`◀ ${label}: ${status === 0 ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s`);
      resolve(status);
    });
  });
}

async function sequence(names, logFile) {
  for (const name of names) {
    const status = await run(name, logFile);
    if (status !== 0) return status;
  }
  return 0;
}

if (wanted('end-to-end')) ensureChromium();
const started = Date.now();
let status = await sequence(['lint', 'types']);
if (status === 0) {
  if (process.env.TEST_PARALLEL !== '1') {
    status = await sequence(['unit', 'build', 'end-to-end', 'end-to-end (timed)']);
  } else {
    const log = join(mkdtempSync(join(tmpdir(), 'tripshell-test-')), 'unit-api.log');
    const [unitStatus, e2eStatus] = await Promise.all([sequence(['unit'], log), sequence(['build', 'end-to-end'])]);
    status = unitStatus || e2eStatus || await sequence(['end-to-end (timed)']);
  }
}
const total = (Date.now() - started) / 1000;
console.log('\nStep times:');
for (const [label, seconds, code] of times) console.log(`  ${label.padEnd(18)} ${seconds.toFixed(1).padStart(7)} s  ${code === 0 ? 'ok' : 'FAILED'}`);
console.log(`  ${'total'.padEnd(18)} ${total.toFixed(1).padStart(7)} s (wall clock)`);
if (total > WARN_AFTER_S) {
  console.log(`\nWARNING: the run took ${(total / 60).toFixed(1)} min, over the ${WARN_AFTER_S / 60} min the suite should stay under. Look at the slowest steps above before adding more.`);
}
if (status !== 0) {
  console.log('\nSome checks FAILED (see above).');
  process.exit(status);
}
console.log(`\nAll checks passed in ${total.toFixed(1)} s${process.env.TEST_DATABASE_URL ? ' (API tests on PGlite and PostgreSQL)' : ' (API tests on PGlite; set TEST_DATABASE_URL for PostgreSQL too)'}.`);
