#!/usr/bin/env node
// `npm test`: every check, in two lanes side by side on a 2-core machine. One lane runs lint,
// types and unit + API; the other the build and then the end-to-end tests. The end-to-end suite
// is the longest step by far, so it is cut into chunks of spec files (each its own Playwright run,
// against one server the lane starts for all its chunks), which a lane takes one at a time: the
// end-to-end lane from the start, the other as soon as unit + API is done. Both lanes then end
// within a chunk of each other instead of one waiting minutes for the other.
// Two Playwright runs side by side fit because the demo game draws at most five frames a second in
// the suite and the browser mostly waits; each lane's runs use their own ports (E2E_PORT, and
// E2E_PORT + 10 for the second lane) and their own output folders.
// The end-to-end lane prints as it goes; the other lane's output is kept apart and printed whole
// once both are done (each step's start and end line shows at once).
// TEST_PARALLEL=0 runs every step one after the other, the end-to-end suite as one run.
// The tests that hold something to a budget of wall-clock time (end-to-end ones tagged @timing,
// unit and API ones tagged `timing` in Vitest) run last, alone: a budget of a second means
// nothing on a machine busy with another suite.
// `npm test -- lint types` runs only the named steps. The exit status is the first failure's:
// the status of the step that failed first in time, whichever lane it was in.
import { execSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, closeSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { e2eChunks } from './e2eChunks.mjs';
import { failureExcerpt } from './failureExcerpt.mjs';
import { E2E_SERVER_COMMAND, e2eServerEnv, SERVER_STARTED_ENV } from '../tests/e2e/serverEnv.mjs';

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

/**
 * The Vitest files holding a test tagged `timing` (vitest.config.ts: a wall-clock budget). The
 * timed step names them, so Vitest does not load every other file only to filter it out.
 */
function timedVitestFiles() {
  return ['tests/unit', 'tests/api'].flatMap((dir) => readdirSync(dir, { recursive: true })
    .map((file) => join(dir, String(file)))
    .filter((file) => /\.test\.tsx?$/.test(file) && /tags:\s*\[[^\]]*'timing'/.test(readFileSync(file, 'utf8'))));
}

// Vitest's `timing` tag (vitest.config.ts) marks the unit and API tests with a wall-clock budget.
const STEPS = {
  lint: ['npm', 'run', '--silent', 'lint'],
  // TypeScript's native compiler (7): the same checks in a quarter of the CPU of the JavaScript one,
  // which typescript-eslint still needs (package.json's `typescript`). One thread: the other lane
  // has the second core.
  types: ['node', 'node_modules/typescript-native/bin/tsc', '--noEmit', '-p', '.', '--singleThreaded'],
  unit: ['npx', 'vitest', 'run', '--tags-filter', '!timing'],
  build: ['npm', 'run', '--silent', 'build'],
  'end-to-end': ['npx', 'playwright', 'test', '--grep-invert', '@timing'],
  'end-to-end (timed)': ['npx', 'playwright', 'test', '--grep', '@timing'],
  'unit (timed)': ['npx', 'vitest', 'run', '--tags-filter', 'timing', ...timedVitestFiles()],
};
// No file with a timed test: nothing to run (without files Vitest would load every test file).
if (STEPS['unit (timed)'].length === 5) delete STEPS['unit (timed)'];
const LABEL = { unit: 'unit + API', 'unit (timed)': 'unit + API (timed)' };
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
/** The first step to fail, in time: its status is the run's. */
let firstFailure = null;

/** Records a finished step: its time for the summary, and its status if it is the first failure. */
function record(label, seconds, status) {
  times.push([label, seconds, status]);
  if (status !== 0 && firstFailure === null) firstFailure = { label, status };
}

/** Each failed step's output, whose excerpt (failureExcerpt) is printed again at the end of the run. */
const failures = [];

/**
 * Runs one command as a step; with `logFile` its output goes there instead of the terminal.
 * A step that fails does not stop the lane's other end-to-end chunks, only its own sequence.
 */
function runCommand(label, argv, { logFile, env } = {}) {
  const [cmd, ...args] = argv;
  const t0 = Date.now();
  console.log(`\n▶ ${label}: ${argv.join(' ')}${logFile ? ' (beside the other lane; its output is shown after it)' : ''}`);
  const fd = logFile ? openSync(logFile, 'a') : null;
  // Piped, not inherited, so the run keeps the output for failureExcerpt; it is copied as it comes.
  // Colours stay where the terminal has them.
  const colour = fd === null && process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: '1' } : {};
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...(env ?? process.env), ...colour } });
  const chunks = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (data) => {
      chunks.push(data);
      if (fd === null) process.stdout.write(data);
      else writeSync(fd, data);
    });
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      if (fd !== null) closeSync(fd);
      const status = code ?? (signal ? 1 : 0);
      const seconds = (Date.now() - t0) / 1000;
      record(label, seconds, status);
      if (status !== 0) failures.push([label, Buffer.concat(chunks).toString('utf8')]);
      console.log(`◀ ${label}: ${status === 0 ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s${logFile ? ' (output below, once the other lane is done)' : ''}`);
      resolve(status);
    });
  });
}

/** Runs one of STEPS, if it was asked for. */
function run(name, logFile) {
  if (!wanted(name) || !STEPS[name]) return Promise.resolve(0);
  return runCommand(LABEL[name] ?? name, STEPS[name], { logFile });
}

async function sequence(names, logFile) {
  for (const name of names) {
    const status = await run(name, logFile);
    if (status !== 0) return status;
  }
  return 0;
}

/** Prints a kept lane's output as one block. */
function showLog(label, logFile) {
  if (!existsSync(logFile)) return;
  console.log(`\n──── ${label} output ────`);
  process.stdout.write(readFileSync(logFile, 'utf8'));
  console.log(`──── end of ${label} output ────`);
}

const e2eBasePort = Number(process.env.E2E_PORT ?? 8181);

/**
 * Starts the end-to-end server on `port` for a lane's chunks (each would otherwise start its own:
 * tsx, PGlite, the local chain, 10–30 s on a busy machine). Resolves with its stop function once
 * it answers /api/health, or with an error if it exits or never answers.
 */
async function startE2eServer(port, lane) {
  const [cmd, ...args] = E2E_SERVER_COMMAND;
  // Its log beside the chunks' results, as Playwright keeps a server's output out of the report.
  mkdirSync('test-results', { recursive: true });
  const logPath = `test-results/e2e-server-${lane + 1}.log`;
  const fd = openSync(logPath, 'w');
  const child = spawn(cmd, args, { stdio: ['ignore', fd, fd], env: { ...process.env, ...e2eServerEnv(port) } });
  closeSync(fd);
  let exited = null;
  const gone = new Promise((resolve) => child.once('exit', (code, signal) => { exited = code ?? signal; resolve(); }));
  /** Ends the server and resolves once it is gone, so the next run may take its ports. */
  const stop = async () => {
    if (exited === null) {
      child.kill('SIGTERM');
      const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await gone;
      clearTimeout(kill);
    }
  };
  const deadline = Date.now() + 240_000;
  while (exited === null && Date.now() < deadline) {
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
    if (up) return stop;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the end-to-end server on port ${port} ${exited === null ? 'did not answer within 240 s' : `exited (${exited})`}; its output: ${logPath}`);
}

/**
 * Takes end-to-end chunks off `queue` until none is left, each a Playwright run of its files on
 * this lane's ports and this lane's server, started before its first chunk. Returns the first
 * failing run's status; the chunks after it still run, as the tests after a failing one do
 * inside a run.
 */
async function e2eLane(queue, chunkCount, lane, logFile, keep) {
  if (queue.length === 0) return 0;
  const port = e2eBasePort + 10 * lane;
  const label = `end-to-end server ${lane + 1}`;
  const t0 = Date.now();
  let stop;
  try {
    stop = await startE2eServer(port, lane);
  } catch (error) {
    console.log(`◀ ${label}: FAILED: ${error.message}`);
    record(label, (Date.now() - t0) / 1000, 1);
    return 1;
  }
  record(label, (Date.now() - t0) / 1000, 0);
  let status = 0;
  try {
    for (let chunk = queue.shift(); chunk; chunk = queue.shift()) {
      const code = await runCommand(`end-to-end ${chunk.index}/${chunkCount}`,
        // A chunk whose every test is tagged @timing has nothing left to run here, and that is fine.
        [...STEPS['end-to-end'], '--pass-with-no-tests', '--output', `test-results/e2e-${chunk.index}`, ...chunk.files],
        { logFile, env: { ...process.env, E2E_PORT: String(port), [SERVER_STARTED_ENV]: '1' } });
      status ||= code;
    }
  } finally {
    // The first lane's server stays up for the timed tests (`keep`), which would otherwise each
    // wait for a cold start of their own (tsx, PGlite, the chain) on the run's critical path.
    if (keep) keep.stop = stop; else await stop();
  }
  return status;
}

/**
 * The migrated, seeded PGlite dump every in-memory server of the run starts from (PGLITE_TEMPLATE,
 * tests/support/pgliteTemplate.ts): initdb and the migrations once, not at each of the run's
 * server starts (the end-to-end lanes' servers, the specs' own, the API tests' processes). Set in
 * this process's environment, which every step inherits; without it each server makes its own.
 */
function pgliteTemplate() {
  if (process.env.PGLITE_TEMPLATE !== undefined) return Promise.resolve();
  return new Promise((resolve) => {
    const child = spawn('node', ['--import', 'tsx', 'tests/support/pgliteTemplate.ts'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (data) => { out += data; });
    child.on('close', (code) => {
      const file = out.trim().split('\n').at(-1);
      if (code === 0 && file && existsSync(file)) process.env.PGLITE_TEMPLATE = file;
      else console.log('(no PGlite template: each in-memory server makes its own database)');
      resolve();
    });
  });
}

if (wanted('end-to-end')) ensureChromium();
const started = Date.now();
const template = pgliteTemplate();
let status;
if (process.env.TEST_PARALLEL === '0') {
  await template;
  status = await sequence(['lint', 'types', 'unit', 'build', 'end-to-end', 'end-to-end (timed)', 'unit (timed)']);
} else {
  const log = join(mkdtempSync(join(tmpdir(), 'tripshell-test-')), 'checks.log');
  const queue = wanted('end-to-end') ? e2eChunks().map((chunk, i) => ({ ...chunk, index: i + 1 })) : [];
  const chunkCount = queue.length;
  const built = sequence(['build']).then(async (code) => { await template; return code; });
  const kept = { stop: null };
  const e2e = built.then((code) => (code === 0 ? e2eLane(queue, chunkCount, 0, undefined, kept) : code));
  // The other lane joins the end-to-end suite once its own checks are done, passed or not: the
  // suite's verdict is worth having either way. It waits for the build the suite runs against.
  const checks = sequence(['lint', 'types'], log).then(async (code) => (code === 0 ? (await template, sequence(['unit'], log)) : code)).then(async (code) => {
    const buildCode = await built;
    return (buildCode === 0 ? await e2eLane(queue, chunkCount, 1, log) : 0) || code;
  });
  const [checksStatus, e2eStatus] = await Promise.all([checks, e2e]);
  showLog('the second lane (lint, types, unit + API, end-to-end chunks)', log);
  status = checksStatus || e2eStatus;
  // The budgets, alone on the machine; after a failure they would only add noise. The timed
  // end-to-end tests run against the first lane's server, idle by then: its start is paid once.
  try {
    if (status === 0 && kept.stop) {
      const port = String(e2eBasePort);
      status = wanted('end-to-end') ? await runCommand('end-to-end (timed)', STEPS['end-to-end (timed)'], { env: { ...process.env, E2E_PORT: port, [SERVER_STARTED_ENV]: '1' } }) : 0;
      if (status === 0) status = await sequence(['unit (timed)']);
    } else if (status === 0) status = await sequence(['end-to-end (timed)', 'unit (timed)']);
  } finally {
    await kept.stop?.();
  }
}
const total = (Date.now() - started) / 1000;
console.log('\nStep times:');
for (const [label, seconds, code] of times) console.log(`  ${label.padEnd(20)} ${seconds.toFixed(1).padStart(7)} s  ${code === 0 ? 'ok' : 'FAILED'}`);
console.log(`  ${'total'.padEnd(20)} ${total.toFixed(1).padStart(7)} s (wall clock${process.env.TEST_PARALLEL === '0' ? '' : '; the two lanes overlap'})`);
if (total > WARN_AFTER_S) {
  console.log(`\nWARNING: the run took ${(total / 60).toFixed(1)} min, over the ${WARN_AFTER_S / 60} min the suite should stay under. Look at the slowest steps above before adding more.`);
}
if (status !== 0) {
  // Each failure's own excerpt, together no longer than a screen or two.
  const lines = Math.max(15, Math.floor(90 / failures.length));
  for (const [label, output] of failures) console.log(`\n──── what failed in ${label} ────\n${failureExcerpt(output, lines)}`);
  const first = firstFailure ?? { label: 'a step', status };
  console.log(`\nSome checks FAILED (see above); the first to fail was ${first.label}, whose exit status this run ends with.`);
  process.exit(first.status);
}
console.log(`\nAll checks passed in ${total.toFixed(1)} s${process.env.TEST_DATABASE_URL ? ' (API tests on PostgreSQL, the engine-specific ones on PGlite too)' : ' (API tests on PGlite; set TEST_DATABASE_URL for PostgreSQL)'}.`);
