// `npm run bench`: API throughput and latency (autocannon on loopback) and shell figures, each
// as absolute numbers and as a ratio against a baseline measured in the same run; prints a
// table and writes bench/results.json. PostgreSQL when DATABASE_URL is set (on a scratch
// database made there and dropped after), in-memory PGlite otherwise.
//
// Knobs: BENCH_SECONDS (per timed API run, default 5), BENCH_CONNECTIONS (10), BENCH_LOGINS
// (login requests, default 30), BENCH_CALLS (calls per money endpoint, 200), BENCH_SCRYPT_LOG_N
// (the password hash cost the login run pays, default 17 as in production), BENCH_ONLY (a regular
// expression: only the money endpoints it matches; '^$' for none), BENCH_REPEAT (the API rows this
// many times on one server, its resident memory reported after each: does it grow?),
// BENCH_SHELL=0 (skip the browser figures), BENCH_LOG_LEVEL (the server's, default info as in
// production; its output is discarded), BENCH_READS=0 (skip the read and login rows),
// BENCH_RUSH (buyers in the crate rush row, default 50; 0 skips it) and BENCH_RUSH_CALLS (its
// purchases asked for, default 1000; the shop can sell 90% of them), BENCH_BUNDLE=0 (run the
// server process through the tsx loader instead of as a prebuilt bundle, the way `npm start`
// runs it since scripts/build-server.mjs), BENCH_BOT_CHECK (solves per place at the default bot
// check, default 20; 0 skips the bot-check rows) and BENCH_BOT_CHECK_PREVIOUS (solves at the
// previous default difficulty, default 3: ~10-20 s each), BENCH_SIGNIN (runs per host of the
// sign-in-at-start row: navigation -> first /api/whoami and -> signed in, on the portal and in the
// Activity, with a Unity-sized stand-in build; default 3, 0 skips it) and BENCH_ROWS=signin (only
// that row: no API server, no other figure; written to bench/signin.json), BENCH_ROWS=paint (only
// the first-paint row, printed), BENCH_MEMORY_STARTS
// (PGlite only: starts of `npm start`'s bundle on a new data folder for the row "API on PGlite,
// resident memory at ready", default 3, 0 skips it; tests/bench/memoryAtReady.ts), BENCH_CPU_PROF=<dir>
// (the server process writes a V8 CPU profile there; summarize it with
// `node scripts/cpu-profile-summary.mjs <dir>/*.cpuprofile`), BENCH_PGBENCH_RUNS
// (pgbench runs of the transfer's and the crate purchases' own captured statements, default 3, 0
// skips; PostgreSQL only; tests/bench/pgbench.ts), BENCH_PGBENCH (pgbench's path) and
// BENCH_PGBENCH_MODE (its -M, default extended: the protocol node-postgres speaks), BENCH_FRAME
// (runs per page of the navigation -> game's first drawn frame rows, through the shell and in a
// bare page: the demo game, BENCH_FRAME_STANDIN=1 the Unity-sized stand-in, and UNITY_BUILD_DIR's
// build when set; default 3, 0 skips; BENCH_FRAME_MBPS and BENCH_FRAME_CPU: the page's limits,
// 40 Mbit/s and 4×) and BENCH_ROWS=frame (those rows alone, written to bench/frame.json),
// BENCH_NODE_FLAGS (V8 flags for the server process, space-separated: --no-turbo-inlining keeps
// each function's own frame in a BENCH_CPU_PROF profile).
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Request, type Result } from 'autocannon';
import { ALL_ENDPOINTS } from '../../contract/endpoints';
import { BASE_SET_ITEMS } from '../../contract/items';
import { endpointKey } from '../api/harness/contract';
import type { RawRequest } from '../api/harness/hostile';
import { createScratchDatabase, type ScratchDatabase } from '../api/harness/servers';
import { httpTransport, solveBotCheckVia } from '../api/harness/transport';
import { DIRECT_TRANSACTIONS, NOT_REPEATABLE } from './direct';
import { runCalls } from './loopbackClient';
import { steadyRate } from './rate';
import type { BenchRequest, DirectResult, PgbenchResult, Prepared, Rush, RushCheck } from './server';
import { loadConfig } from '../../server/config';
import { botCheckRows, botCheckTable, type BotCheckRow } from './botCheck';
import { signInBench, signInTable } from './signIn';
import { memoryAtReadyLine, pgliteMemoryAtReady } from './memoryAtReady';
import { firstFrameBench, firstFrameTable } from './firstFrame';
import type { Window } from './cpuSplit';
import { traceBench, traceTable } from './frameTrace';
import { grantPathBench, grantTable } from './purchaseGrants';
import { purchaseVisibleBench, visibleTable } from './purchaseVisible';
import { newWorkTable, type NewWorkRow } from './newWork';
import { requestSideTable, type RequestSideRow } from './requestSide';
import { cpuPerCall, cpuTime, type CpuTime } from './cpu';
import { baselineReactBytes, firstPaint, firstScreenBytes, launchChromium, settingsOverlay, totalBytes, type Bytes, type OverlayTiming } from './shell';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** The windows of the reads measured beside the bare route (timedBesideBare). */
const PAIR_SECONDS = Number(process.env.BENCH_PAIR_SECONDS ?? 3);
/** First paints of each page (the app's and the blank one), in turns: a paint lands on a frame
 * and this machine's blank page alone read 56-180 ms, so nine each moved the ratio by 0.1-0.2. */
const PAINT_RUNS = Number(process.env.BENCH_PAINT_RUNS ?? 21);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const LOGINS = Number(process.env.BENCH_LOGINS ?? 30);
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
/** The money rows' client: the lean one (bench/loopbackClient.ts), or autocannon to compare. */
const MONEY_CLIENT = process.env.BENCH_MONEY_CLIENT === 'autocannon' ? 'autocannon' : 'lean';
const SCRYPT_LOG_N = process.env.BENCH_SCRYPT_LOG_N ?? '17';
/** Only the money endpoints whose `METHOD path` matches (e.g. BENCH_ONLY='crates|buy-listing'). */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
/** Reads that join the table whenever the contract has them. */
const READS = ['GET /api/health', 'GET /api/seaport/listings', 'GET /api/whoami', 'GET /api/config', 'GET /api/features'];
const REPEAT = Number(process.env.BENCH_REPEAT ?? 1);
const SHELL = process.env.BENCH_SHELL !== '0';
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const READ_ROWS = process.env.BENCH_READS !== '0';
const RUSH_BUYERS = Number(process.env.BENCH_RUSH ?? 50);
const RUSH_CALLS = Number(process.env.BENCH_RUSH_CALLS ?? 1000);
const BUNDLE = process.env.BENCH_BUNDLE !== '0';
const BOT_CHECK_SOLVES = Number(process.env.BENCH_BOT_CHECK ?? 20);
const BOT_CHECK_PREVIOUS = Number(process.env.BENCH_BOT_CHECK_PREVIOUS ?? 3);
const SIGNIN_RUNS = Number(process.env.BENCH_SIGNIN ?? 3);
const ONLY_SIGNIN = process.env.BENCH_ROWS === 'signin';
const MEMORY_STARTS = Number(process.env.BENCH_MEMORY_STARTS ?? 3);
/** A directory: the server process writes a V8 CPU profile there (node --cpu-prof) as it exits. */
const CPU_PROF = process.env.BENCH_CPU_PROF ?? '';
/** The game's first drawn frame through the shell and in a bare page: runs per page and build, 0 skips. */
const FRAME_RUNS = Number(process.env.BENCH_FRAME ?? 3);
const ONLY_FRAME = process.env.BENCH_ROWS === 'frame';
/** BENCH_ROWS=paint: only the first-paint row (the app's page against the blank page, same server). */
const ONLY_PAINT = process.env.BENCH_ROWS === 'paint';
/** Real Unity builds for the instance-ready and first-frame rows: BENCH_UNITY_BUILDS (comma-separated), else UNITY_BUILD_DIR. */
const UNITY_BUILDS = (process.env.BENCH_UNITY_BUILDS ?? process.env.UNITY_BUILD_DIR ?? '').split(',').map((d) => d.trim()).filter(Boolean);
const frameOptions = () => ({
  runs: FRAME_RUNS || 3, root: ROOT, standIn: process.env.BENCH_FRAME_STANDIN === '1',
  unityBuildDirs: UNITY_BUILDS, unityRuns: Number(process.env.BENCH_UNITY_RUNS ?? 5), demo: process.env.BENCH_FRAME_DEMO !== '0',
  downloadMbps: Number(process.env.BENCH_FRAME_MBPS ?? 40), cpuRate: Number(process.env.BENCH_FRAME_CPU ?? 4),
});
const frameLimits = () => `network ${frameOptions().downloadMbps} Mbit/s, CPU ${frameOptions().cpuRate}× slower`;
/** Money endpoints measured against pgbench running their own statements; BENCH_PGBENCH=0 skips. */
const PGBENCH_KEYS = new Set(['POST /api/inventory/transfer-onchain', 'POST /api/crates/buy', 'POST /api/crates/buy/v2']);
const PGBENCH = process.env.BENCH_PGBENCH_RUNS !== '0';
const PGBENCH_RUNS = Number(process.env.BENCH_PGBENCH_RUNS ?? 3);

/** Solve times at the server's default difficulty against the previous one, in one run. */
async function botCheckBench(): Promise<BotCheckRow[]> {
  const defaults = loadConfig({});
  const current = { label: 'default', cost: defaults.ALTCHA_COST, maxCounter: defaults.ALTCHA_MAX_COUNTER };
  const browser = SHELL ? await launchChromium() : null;
  try {
    return await botCheckRows(browser, current, BOT_CHECK_SOLVES, BOT_CHECK_PREVIOUS);
  } finally {
    await browser?.close();
  }
}
/** Public reads measured with and without a session cookie: the same cost is the goal. */
const COOKIE_READS: Array<[string, string]> = [
  ['GET /api/config', '/api/config'],
  ['GET /api/itemv4 (catalogue)', '/api/itemv4?cleaned=true'],
  ['GET a sprite', `/api/itemv4/${BASE_SET_ITEMS[0]?.uuid ?? ''}/sprite`],
];

interface ApiRow { target: string; rps: number; p50: number; p99: number; non2xx: number; total: number; vsBaseline?: number; pairedRatio?: number; directTps?: number; vsDirect?: number; note?: string; pgbench?: PgbenchResult | { error: string }; vsPgbench?: number }

class BenchServer {
  private nextId = 1;
  private pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  readonly ready: Promise<{ api: string; baseline: string; database: string }>;
  constructor(readonly child: ChildProcess) {
    this.ready = new Promise((resolve, reject) => {
      child.on('message', (m: { ready?: boolean; id?: number; result?: unknown; error?: string; api: string; baseline: string; database: string }) => {
        if (m.ready) { resolve(m); return; }
        const waiter = this.pending.get(m.id ?? 0);
        this.pending.delete(m.id ?? 0);
        if (m.error) waiter?.reject(new Error(m.error)); else waiter?.resolve(m.result);
      });
      child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    });
  }
  ask<T>(command: BenchRequest): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.child.send({ ...command, id });
    });
  }
}

const fromResult = (target: string, r: Result, seconds: number): ApiRow => ({
  target, rps: r.requests.total / seconds, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx + r.errors + r.timeouts, total: r.requests.total,
});

interface TimedOptions { seconds?: number; headers?: Record<string, string>; requests?: Request[]; amount?: number; connections?: number; statuses?: Map<number, number> }

async function timed(target: string, url: string, options: TimedOptions): Promise<ApiRow> {
  process.stderr.write(`  measuring ${target}…\n`);
  const started = performance.now();
  let lastAnswer = started;
  const statuses = options.statuses;
  const connections = Math.min(options.connections ?? CONNECTIONS, options.amount ?? Number.MAX_SAFE_INTEGER);
  const run = autocannon({
    url, connections, timeout: 30,
    ...(options.amount ? { amount: options.amount } : { duration: options.seconds ?? SECONDS }),
    ...(options.headers ? { headers: options.headers } : {}), ...(options.requests ? { requests: options.requests } : {}),
  });
  const answeredAt: number[] = [];
  run.on('response', (_client, status) => { lastAnswer = performance.now(); answeredAt.push(lastAnswer); statuses?.set(status, (statuses.get(status) ?? 0) + 1); });
  const result = await run;
  if (CPU_PROF) cpuWindows.push({ target, fromUs: monotonicUs(started), toUs: monotonicUs(lastAnswer), requests: result.requests.total });
  // Up to the last answer: autocannon's own clock ticks in whole seconds, far too coarse for
  // the fixed-count runs (120 calls finishing in 1.2 s would read as 2 s). A fixed-count run is
  // read once every connection has its first answer (bench/rate.ts), as the direct runs and
  // pgbench are; a timed window of a read runs for seconds and is read whole.
  const row = fromResult(target, result, (lastAnswer - started) / 1000);
  return options.amount ? { ...row, rps: steadyRate(started, answeredAt, connections) } : row;
}

/** The reads the goals name (signed-in whoami, and the public reads with a session cookie), each
 * in three pairs with a window of the bare route just before it: the row is the median of its
 * three windows, and its ratio the median of the three pairs' ratios. On a shared machine one
 * 5-second window of the bare route read anything from 27,000 to 55,000 requests a second, and
 * signed-in whoami read 23,665 in one window of a run whose interleaved windows of it read
 * 26,000-34,000: a ratio of one window against a median from other minutes moved with that. The
 * bare windows taken here join the bare route's median too. */
async function timedBesideBare(target: string, url: string, options: TimedOptions, bare: (seconds?: number) => Promise<ApiRow>): Promise<ApiRow> {
  const pairs: Array<{ bare: ApiRow; row: ApiRow }> = [];
  // Windows of PAIR_SECONDS: six of them per row.
  for (let i = 0; i < 3; i++) pairs.push({ bare: await bare(PAIR_SECONDS), row: await timed(target, url, { ...options, seconds: PAIR_SECONDS }) });
  const middle = <T>(values: T[], by: (v: T) => number): T => [...values].sort((a, b) => by(a) - by(b))[1] as T;
  const ratios = pairs.map((p) => p.row.rps / p.bare.rps);
  return {
    ...middle(pairs.map((p) => p.row), (r) => r.rps), pairedRatio: middle(ratios, (r) => r),
    note: `beside the bare route: ${pairs.map((p) => `${n(p.row.rps)} / ${n(p.bare.rps)}`).join(', ')}; ratios ${ratios.map((r) => ratio(r)).join(' / ')}`,
  };
}

/** With BENCH_CPU_PROF: each timed run's span on the monotonic clock the server's CPU profile
 * uses (tests/bench/cpuSplit.ts cuts the profile into them), written beside the profile. */
const cpuWindows: Window[] = [];
const clockOffsetUs = Number(process.hrtime.bigint() / 1000n) - performance.now() * 1000;
const monotonicUs = (performanceMs: number) => performanceMs * 1000 + clockOffsetUs;
async function timedDirect<T>(target: string, requests: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  if (CPU_PROF) cpuWindows.push({ target, fromUs: monotonicUs(started), toUs: monotonicUs(performance.now()), requests });
  return result;
}

/** A money row's API run: its prepared calls through the lean client (bench/loopbackClient.ts),
 * the clock started once its connections are open, read as a fixed-count run is (bench/rate.ts). */
async function timedCalls(target: string, url: string, calls: RawRequest[]): Promise<ApiRow> {
  process.stderr.write(`  measuring ${target}…\n`);
  let started = performance.now();
  const connections = Math.min(CONNECTIONS, calls.length);
  const run = await runCalls(url, calls, connections, () => { started = performance.now(); });
  const lastAnswer = run.answeredAt.at(-1) ?? started;
  if (CPU_PROF) cpuWindows.push({ target, fromUs: monotonicUs(started), toUs: monotonicUs(lastAnswer), requests: run.answeredAt.length });
  const latencies = [...run.latencies].sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  let non2xx = run.errors;
  for (const [status, count] of run.statuses) if (status >= 300) non2xx += count;
  return { target, rps: steadyRate(started, run.answeredAt, connections), p50: at(0.5), p99: at(0.99), non2xx, total: run.answeredAt.length };
}

/** Each autocannon request takes the next prepared call (each is single-use: a token, a listing). */
function queueOf(calls: RawRequest[]): Request[] {
  let next = 0;
  return [{
    setupRequest: (request: Request) => {
      const call = calls[next++ % calls.length] as RawRequest;
      return { ...request, method: call.method, path: call.url, headers: call.headers, ...(call.payload === undefined ? {} : { body: call.payload }) };
    },
  }];
}

async function ensureBuilt(): Promise<string> {
  const dist = join(ROOT, 'dist');
  // The shell and the demo game both: the overlay's row opens settings over the running game, and
  // without dist/game the loading screen never ends (it failed so on a fresh checkout).
  if (!existsSync(join(dist, 'index.html')) || !existsSync(join(dist, 'game'))) {
    console.log('dist/ is not built: building the shell and the demo game first…');
    const built = spawnSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build failed');
  }
  return dist;
}

async function apiBench(server: BenchServer, api: string, baseline: string): Promise<ApiRow[]> {
  // The bare route three times, spread over the read rows, and the median of the three: one
  // 5-second window of it swung from 18,000 to 33,000 requests a second between quiet runs (the
  // first window of a process, and a machine whose load drifts), and every ratio moved with it.
  const bareRuns: ApiRow[] = [];
  const bare = async (seconds?: number) => { const run = await timed('baseline: bare Fastify {ok:true}', `${baseline}/bare`, seconds ? { seconds } : {}); bareRuns.push(run); return run; };
  await bare();
  const measured: ApiRow[] = [];
  if (READ_ROWS) measured.push(...await readRows(server, api, baseline, bare));
  while (bareRuns.length < 3) await bare();
  const base = [...bareRuns].sort((a, b) => a.rps - b.rps)[Math.floor(bareRuns.length / 2)] as ApiRow;
  // A read measured beside the bare route (timedBesideBare) is set against its own pairs.
  const vs = (row: ApiRow): ApiRow => ({ ...row, vsBaseline: row.pairedRatio ?? row.rps / base.rps });
  const rows: ApiRow[] = [{ ...base, vsBaseline: 1, note: `median of ${bareRuns.map((r) => n(r.rps)).join(' / ')}` }, ...measured.map(vs)];
  if (RUSH_BUYERS > 0) rows.push(await rushRow(server, api));
  rows.push(...await moneyRows(server, api, vs));
  return rows;
}

/** 50 buyers (BENCH_RUSH) of one crate shop at once, one crate a call: purchases per second, and nothing oversold. */
async function rushRow(server: BenchServer, api: string): Promise<ApiRow> {
  const target = `crate rush: ${RUSH_BUYERS} buyers of one shop at once (POST /api/crates/buy/v2, 1 crate a call)`;
  process.stderr.write(`  preparing the crate rush (${RUSH_BUYERS} buyers, ${RUSH_CALLS} calls)…\n`);
  const rush = await server.ask<Rush>({ cmd: 'rush', buyers: RUSH_BUYERS, calls: RUSH_CALLS });
  const statuses = new Map<number, number>();
  const row = await timed(target, api, { requests: queueOf(rush.requests), amount: rush.requests.length, connections: RUSH_BUYERS, statuses });
  const check = await server.ask<RushCheck>({ cmd: 'rushCheck' });
  const ok = statuses.get(200) ?? 0;
  const refused = statuses.get(409) ?? 0;
  const oversold = check.sold > check.supply || check.bought !== check.sold || check.remaining < 0 || ok !== check.sold;
  if (oversold || check.violations.length) process.exitCode = 1;
  const seconds = row.total / row.rps;
  return {
    ...row, rps: ok / seconds,
    note: `purchases/s; supply ${check.supply}, sold ${check.sold} (${ok} answered 200, ${refused} 409), buyers hold ${check.bought}, ${check.remaining} left: ` +
      `${oversold ? '**OVERSOLD**' : 'nothing oversold'}${check.violations.length ? `; LEDGER: ${check.violations.slice(0, 3).join('; ')}` : ', ledger balanced'}`,
  };
}

/** An answer's headers as a route would set them: without those Node writes itself per answer. */
function answerHeaders(headers: Headers): Record<string, string> {
  const own = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  return Object.fromEntries([...headers].filter(([name]) => !own.has(name)));
}

/** The signed-in player's own answer to whoami (their uuid). */
async function answerOf(api: string, sid: string): Promise<{ uuid: string }> {
  return (await fetch(`${api}/api/whoami`, { headers: { cookie: `sid=${sid}` } })).json() as Promise<{ uuid: string }>;
}

/** The read rows, with `bare()` (another run of the bare route) between them; their ratios are
 * set afterwards, against the median of the bare runs. */
async function readRows(server: BenchServer, api: string, baseline: string, bare: (seconds?: number) => Promise<ApiRow>): Promise<ApiRow[]> {
  const rows: ApiRow[] = [];
  for (const key of READS.filter((k) => ALL_ENDPOINTS.some((e) => endpointKey(e) === k))) {
    rows.push(await timed(key, `${api}${key.split(' ')[1]}`, {}));
  }
  const [player] = await server.ask<Array<{ username: string; password: string; sid: string }>>({ cmd: 'players', count: 1 });
  if (!player) throw new Error('no bench player');
  const signedIn = await timedBesideBare('GET /api/whoami (logged in)', `${api}/api/whoami`, { headers: { cookie: `sid=${player.sid}` } }, bare);
  rows.push(signedIn);
  // The same answer from the bare route: its bytes and headers cost this much without the shell.
  const answer = await fetch(`${api}/api/whoami`, { headers: { cookie: `sid=${player.sid}` } });
  await server.ask({ cmd: 'sameAnswer', body: await answer.text(), headers: answerHeaders(answer.headers) });
  const sameBytes = await timed('baseline: bare Fastify answering the signed-in whoami\'s bytes and headers', `${baseline}/same`, {});
  rows.push({ ...sameBytes, note: `GET /api/whoami (logged in) / this: ${ratio(signedIn.rps / sameBytes.rps)}` });
  // The leaderboard read: cached in the process (short TTL, dropped on a score), so a repeated
  // read is the whoami row's cost plus the answer. One reported score puts the player on it.
  const gameKey = process.env.GAME_SERVER_KEY ?? 'bench-game-server-key-0123456789';
  const reported = await fetch(`${api}/api/server/stats`, {
    method: 'POST', headers: { authorization: `Bearer ${gameKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ uuid: (await answerOf(api, player.sid)).uuid, reportId: `bench-${Date.now()}`, wins: 3, kills: 7 }),
  });
  if (!reported.ok) throw new Error(`bench stats report failed: ${reported.status}`);
  const board = await timed('GET /api/leaderboards (logged in, cached)', `${api}/api/leaderboards`, { headers: { cookie: `sid=${player.sid}` } });
  rows.push({ ...board, note: `GET /api/whoami (logged in) / this: ${ratio(signedIn.rps / board.rps)}` });
  for (const [label, path] of COOKIE_READS) {
    if (label !== 'GET /api/config') rows.push(await timed(label, `${api}${path}`, {}));
    rows.push(await timedBesideBare(`${label}, with a session cookie`, `${api}${path}`, { headers: { cookie: `sid=${player.sid}` } }, bare));
  }
  await bare();

  // Login: every request needs its own solved bot-check token, solved before the clock starts.
  const send = httpTransport(api);
  const tokens: string[] = [];
  while (tokens.length < LOGINS) tokens.push(...await Promise.all(Array.from({ length: Math.min(8, LOGINS - tokens.length) }, () => solveBotCheckVia(send))));
  const logins: RawRequest[] = tokens.map((token) => ({
    label: 'login', method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ username: player.username, password: player.password, remember_me: true, turnstile_token: token }),
  }));
  rows.push({ ...(await timed('POST /api/login', api, { requests: queueOf(logins), amount: LOGINS, connections: Math.min(CONNECTIONS, 4) })), note: `scrypt N=2^${SCRYPT_LOG_N}` });
  return rows;
}

/** pgbench running the endpoint's own captured statements: same calls, same clients, median of BENCH_PGBENCH_RUNS. */
async function pgbenchOf(server: BenchServer, key: string, calls: number, rps: number): Promise<Pick<ApiRow, 'pgbench' | 'vsPgbench'>> {
  if (!PGBENCH || !PGBENCH_KEYS.has(key)) return {};
  process.stderr.write(`  pgbench: ${key}'s own statements…\n`);
  const result = await server.ask<PgbenchResult>({ cmd: 'pgbench', key, calls, clients: CONNECTIONS, runs: PGBENCH_RUNS }).catch((error: Error) => ({ error: error.message }));
  if ('skipped' in result) process.stderr.write(`  pgbench skipped: ${result.skipped}\n`);
  if ('error' in result) process.stderr.write(`  pgbench FAILED: ${result.error}\n`);
  return 'tps' in result ? { pgbench: result, vsPgbench: rps / result.tps } : { pgbench: result };
}

async function moneyRows(server: BenchServer, api: string, vs: (row: ApiRow) => ApiRow): Promise<ApiRow[]> {
  const rows: ApiRow[] = [];

  // Every money-moving endpoint, with its valid calls prepared by the examples.
  for (const endpoint of ALL_ENDPOINTS.filter((e) => e.movesValue && e.access !== 'admin' && (!ONLY || ONLY.test(endpointKey(e))))) {
    const key = endpointKey(endpoint);
    const direct = DIRECT_TRANSACTIONS[key] !== undefined;
    // Both sides the same way: three runs each, alternating, the median of each. (The API's one
    // run came first, on code the direct runs then found warm: it read cold against warm.)
    const apiRuns: ApiRow[] = [];
    const directRuns: number[] = [];
    const cpu = { api: [] as CpuTime[], direct: [] as CpuTime[], generator: [] as number[] };
    let why: string | null = null;
    for (let run = 0; run < (direct ? 3 : 1) && why === null; run++) {
      process.stderr.write(`  preparing ${CALLS} valid calls of ${key}…\n`);
      const prepared = await server.ask<Prepared>({ cmd: 'prepare', key, count: CALLS, clients: CONNECTIONS }).catch((error: Error) => error);
      if (prepared instanceof Error || prepared.probeStatus >= 300) {
        why = prepared instanceof Error ? prepared.message : `its valid call answered ${prepared.probeStatus}: ${prepared.probeBody}`;
        break;
      }
      const calls = prepared.requests.length;
      const before = cpuTime(server.child.pid);
      const generatorBefore = cpuTime(process.pid);
      apiRuns.push(MONEY_CLIENT === 'autocannon'
        ? await timed(key, api, { requests: queueOf(prepared.requests), amount: calls })
        : await timedCalls(key, api, prepared.requests));
      const apiCpu = cpuPerCall(before, cpuTime(server.child.pid), calls);
      const generatorCpu = cpuPerCall(generatorBefore, cpuTime(process.pid), calls);
      if (apiCpu) cpu.api.push(apiCpu);
      if (generatorCpu) cpu.generator.push(generatorCpu.process);
      // The same number of calls from the same number of clients (its CPU read by the server
      // around the timed calls, without the setup that makes what they act on).
      if (direct) {
        const done = await timedDirect(`${key} (direct)`, calls, () => server.ask<DirectResult>({ cmd: 'direct', key, calls, clients: CONNECTIONS }));
        directRuns.push(done.tps);
        if (done.cpu) cpu.direct.push(done.cpu);
      }
    }
    if (why !== null) {
      rows.push({ target: key, rps: 0, p50: 0, p99: 0, non2xx: 0, total: 0, note: `NOT MEASURED: ${why.slice(0, 140)} (see tests/api/harness/examples.ts)` });
      continue;
    }
    const row = vs(apiRuns.sort((a, b) => a.rps - b.rps)[Math.floor(apiRuns.length / 2)] as ApiRow);
    if (direct) {
      const tps = directRuns.sort((a, b) => a - b)[1] ?? 0;
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
      // Each figure the median of its runs: the machine's, then the server process's, its main
      // thread's and PostgreSQL's (where the API's extra goes: see docs/performance.md).
      const split = (list: CpuTime[]) => {
        const main = list.map((c) => c.mainThread).filter((v): v is number => v !== null);
        return `${n(median(list.map((c) => c.machine)), 2)} (${n(median(list.map((c) => c.process)), 2)}; ${main.length ? n(median(main), 2) : '?'}; ${n(median(list.map((c) => c.postgres)), 2)}`;
      };
      const cpuNote = cpu.api.length && cpu.direct.length
        ? `; CPU ms a call, machine (server; its main thread; PostgreSQL): API ${split(cpu.api)}; load generator ${n(median(cpu.generator), 2)}), direct ${split(cpu.direct)})`
        : '';
      const runsNote = `API runs ${apiRuns.map((r) => n(r.rps)).join(' / ')}; direct ${directRuns.map((t) => n(t)).join(' / ')}${cpuNote}`;
      rows.push({ ...row, directTps: tps, vsDirect: row.rps / tps, note: runsNote, ...await pgbenchOf(server, key, row.total, row.rps) });
    } else {
      rows.push({ ...row, note: NOT_REPEATABLE[key] ?? 'no direct-SQL hook yet (tests/bench/direct.ts)' });
    }
  }
  return rows;
}

interface ShellFigures { firstScreen: Bytes & { served: string[]; missing: string[] }; total: Bytes; reactBaseline: Bytes; paintMs: number; paintBaselineMs: number; overlay: OverlayTiming }

async function shellBench(api: string, baseline: string, dist: string): Promise<ShellFigures> {
  const [firstScreen, total, reactBaseline] = [await firstScreenBytes(dist, api), totalBytes(dist), await baselineReactBytes(ROOT)];
  const browser = await launchChromium();
  try {
    const { paintMs, paintBaselineMs } = await firstPaint(browser, `${api}/`, `${baseline}/blank.html`, PAINT_RUNS);
    const overlay = await settingsOverlay(browser, `${api}/`);
    return { firstScreen, total, reactBaseline, paintMs, paintBaselineMs, overlay };
  } finally {
    await browser.close();
  }
}

const n = (v: number, digits = 0) => v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const kb = (b: number) => `${n(b / 1024, 1)} KiB`;
const ratio = (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? '' : `${n(v, 2)}×`);

function apiTable(database: string, rows: ApiRow[]): string {
  return [
    `Database: ${database} · ${cpus().length} CPUs · Node ${process.version} · autocannon ${CONNECTIONS} connections, ${SECONDS} s runs (login and money calls: fixed counts)`,
    '',
    '| API (loopback) | req/s | p50 ms | p99 ms | non-2xx | vs baseline req/s | direct SQL tx/s | vs direct SQL | pgbench tx/s | vs pgbench |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map((r) => r.note?.startsWith('NOT MEASURED')
      ? `| ${r.target} | | | | | | | ${r.note} | | |`
      : `| ${r.target} | ${n(r.rps)} | ${n(r.p50, 1)} | ${n(r.p99, 1)} | ${r.non2xx}/${r.total} | ${ratio(r.vsBaseline)} | ${r.directTps ? n(r.directTps) : ''} | ${r.vsDirect ? `${ratio(r.vsDirect)}${r.note ? ` (${r.note})` : ''}` : (r.note ?? '')} | ${pgbenchCell(r.pgbench)} | ${ratio(r.vsPgbench)} |`),
  ].join('\n');
}

function pgbenchCell(p: ApiRow['pgbench']): string {
  if (!p) return '';
  if ('error' in p) return `FAILED: ${p.error.slice(0, 120)}`;
  if ('skipped' in p) return `skipped: ${p.skipped}`;
  return `${n(p.tps)} (${p.statements} statements, -M ${p.mode}; runs ${p.runs.map((t) => n(t)).join(' / ')})`;
}

function shellTable(shell: ShellFigures | Error): string {
  const head = ['| Shell | value | baseline | ratio |', '|---|---:|---:|---:|'];
  if (shell instanceof Error) return [...head, `| shell figures | FAILED: ${shell.message.split('\n')[0]} | | |`].join('\n');
  return [
    ...head,
    `| first screen: HTML + the JS and CSS it loads or preloads (gzip)${shell.firstScreen.served.length ? `, incl. ${shell.firstScreen.served.join(', ')} from the game build` : ''}${shell.firstScreen.missing.length ? ` (missing, not counted: ${shell.firstScreen.missing.join(', ')})` : ''} | ${kb(shell.firstScreen.gzip)} | ${kb(shell.reactBaseline.gzip)} (minimal React page, same Vite) | ${ratio(shell.firstScreen.gzip / shell.reactBaseline.gzip)} |`,
    `| whole shell: everything reachable from index.html (gzip / raw) | ${kb(shell.total.gzip)} / ${kb(shell.total.raw)} | ${kb(shell.firstScreen.gzip)} (first screen) | ${ratio(shell.total.gzip / shell.firstScreen.gzip)} |`,
    `| time to first paint (median of ${PAINT_RUNS}, in turns with the blank page) | ${n(shell.paintMs)} ms | ${n(shell.paintBaselineMs)} ms (blank page, same server) | ${ratio(shell.paintMs / shell.paintBaselineMs)} |`,
    shell.overlay.built
      ? `| open (${shell.overlay.via}) to rendered settings overlay, median of 5 | ${n(shell.overlay.ms ?? 0, 1)} ms | ${n(shell.overlay.baselineMs ?? 0, 1)} ms (bare DOM toggle) | ${ratio((shell.overlay.ms ?? 0) / (shell.overlay.baselineMs ?? 1))} |`
      : '| click to rendered settings overlay | not built yet | | |',
  ].join('\n');
}

/** BENCH_ROWS=signin: the sign-in-at-start row alone (it starts its own product and playground). */
async function signInOnly(): Promise<void> {
  const started = Date.now();
  await ensureBuilt();
  const rows = await signInBench({ runs: SIGNIN_RUNS || 3, root: ROOT }).catch((error: Error) => error);
  const table = signInTable(rows);
  console.log(`\n${table}\n`);
  mkdirSync(join(ROOT, 'bench'), { recursive: true });
  writeFileSync(join(ROOT, 'bench', 'signin.json'), `${JSON.stringify({ date: new Date().toISOString(), machine: { cpus: cpus().length, node: process.version }, signIn: rows instanceof Error ? { error: rows.message } : rows, table }, null, 2)}\n`);
  console.log(`bench/signin.json written (${Math.round((Date.now() - started) / 1000)} s)`);
  if (rows instanceof Error) process.exitCode = 1;
}

/** The first-paint row alone, on the server main() started: the page against the blank page, same run. */
async function paintOnly(api: string, baseline: string): Promise<void> {
  const browser = await launchChromium();
  try {
    const { paintMs, paintBaselineMs } = await firstPaint(browser, `${api}/`, `${baseline}/blank.html`, PAINT_RUNS);
    console.log(`\n| time to first paint (median of ${PAINT_RUNS}, in turns with the blank page) | ${n(paintMs)} ms | ${n(paintBaselineMs)} ms (blank page, same server) | ${ratio(paintMs / paintBaselineMs)} |\n`);
  } finally {
    await browser.close();
  }
}

/** BENCH_ROWS=frame: the first-drawn-frame rows alone (their own product server), written to bench/frame.json. */
async function frameOnly(): Promise<void> {
  const started = Date.now();
  await ensureBuilt();
  const rows = await firstFrameBench(frameOptions()).catch((error: Error) => error);
  const table = firstFrameTable(rows, frameLimits());
  console.log(`\n${table}\n`);
  mkdirSync(join(ROOT, 'bench'), { recursive: true });
  writeFileSync(join(ROOT, 'bench', 'frame.json'), `${JSON.stringify({ date: new Date().toISOString(), machine: { cpus: cpus().length, node: process.version }, firstFrame: rows instanceof Error ? { error: rows.message } : rows, table }, null, 2)}\n`);
  console.log(`bench/frame.json written (${Math.round((Date.now() - started) / 1000)} s)`);
  if (rows instanceof Error) process.exitCode = 1;
}

/**
 * Rows run alone, each written to bench/<name>.json: BENCH_ROWS=trace (a Chromium trace of the
 * shell and the bare page per real build, split by task: tests/bench/frameTrace.ts) and
 * BENCH_ROWS=purchases (the grant path under duplicate webhooks: tests/bench/purchaseGrants.ts;
 * exits non-zero unless every purchase was granted exactly once; then the provider's confirmation
 * → coins visible per host in the playground: tests/bench/purchaseVisible.ts).
 */
async function rowsAlone(name: 'trace' | 'purchases'): Promise<void> {
  const started = Date.now();
  let table: string;
  let figures: unknown;
  let failed: boolean;
  if (name === 'trace') {
    await ensureBuilt();
    if (!UNITY_BUILDS.length) throw new Error('BENCH_ROWS=trace needs a real Unity build: set UNITY_BUILD_DIR or BENCH_UNITY_BUILDS');
    const rows = await traceBench({ root: ROOT, unityBuildDirs: UNITY_BUILDS, runs: Number(process.env.BENCH_TRACE_RUNS ?? 2), downloadMbps: frameOptions().downloadMbps, cpuRate: frameOptions().cpuRate, ...(process.env.BENCH_TRACE_KEEP === '1' ? { keepDir: join(ROOT, 'bench') } : {}) }).catch((error: Error) => error);
    mkdirSync(join(ROOT, 'bench'), { recursive: true });
    table = traceTable(rows);
    figures = rows instanceof Error ? { error: rows.message } : rows;
    failed = rows instanceof Error;
  } else {
    const rows = await grantPathBench({
      purchases: Number(process.env.BENCH_GRANTS ?? 100), copies: Number(process.env.BENCH_GRANT_COPIES ?? 3), connections: CONNECTIONS,
      ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
    }).catch((error: Error) => error);
    // Then what a player waits for: the confirmation to the coins, per host (its own servers and
    // browser, after the grant path's app has stopped).
    await ensureBuilt();
    const visible = await purchaseVisibleBench({ root: ROOT }).catch((error: Error) => error);
    table = `${grantTable(rows)}\n\n${visibleTable(visible)}`;
    figures = { grants: rows instanceof Error ? { error: rows.message } : rows, visible: visible instanceof Error ? { error: visible.message } : visible };
    failed = rows instanceof Error || rows.some((r) => !r.ok) || visible instanceof Error;
  }
  console.log(`\n${table}\n`);
  mkdirSync(join(ROOT, 'bench'), { recursive: true });
  writeFileSync(join(ROOT, 'bench', `${name}.json`), `${JSON.stringify({ date: new Date().toISOString(), machine: { cpus: cpus().length, node: process.version }, [name]: figures, table }, null, 2)}\n`);
  console.log(`bench/${name}.json written (${Math.round((Date.now() - started) / 1000)} s)`);
  if (failed) process.exitCode = 1;
}

async function main(): Promise<void> {
  if (process.env.BENCH_ROWS === 'trace' || process.env.BENCH_ROWS === 'purchases') { await rowsAlone(process.env.BENCH_ROWS); return; }
  if (ONLY_SIGNIN) { await signInOnly(); return; }
  if (ONLY_FRAME) { await frameOnly(); return; }
  const started = Date.now();
  // Without the shell figures the API needs no built shell (STATIC_DIR '' serves none).
  const dist = SHELL ? await ensureBuilt() : '';
  // Before the bench's own server starts, so nothing else of the bench runs beside it.
  const atReady = process.env.DATABASE_URL || MEMORY_STARTS <= 0 || ONLY_PAINT ? null : await pgliteMemoryAtReady(MEMORY_STARTS).catch((error: Error) => error);
  if (atReady) console.log(memoryAtReadyLine(atReady));
  let scratch: ScratchDatabase | undefined;
  let databaseEnv: Record<string, string> = { DATA_DIR: 'memory://' };
  let database = 'PGlite (in-memory; set DATABASE_URL for PostgreSQL)';
  if (process.env.DATABASE_URL) {
    try {
      scratch = await createScratchDatabase(process.env.DATABASE_URL, 'bench');
      databaseEnv = { DATABASE_URL: scratch.url };
      database = 'PostgreSQL (a scratch database on DATABASE_URL\'s server)';
    } catch {
      databaseEnv = { DATABASE_URL: process.env.DATABASE_URL };
      database = 'PostgreSQL (DATABASE_URL itself: could not create a scratch database)';
    }
  }
  // The server process as production starts it (a prebuilt bundle, plain node), or through tsx.
  let entry = join(ROOT, 'tests/bench/server.ts');
  if (BUNDLE) {
    entry = join(ROOT, 'dist-server/bench-server.mjs');
    const built = spawnSync(process.execPath, ['scripts/build-server.mjs', 'tests/bench/server.ts', entry], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('building the bench server bundle failed');
  }
  const child = fork(entry, [], {
    cwd: ROOT, execArgv: [...(BUNDLE ? [] : ['--import', 'tsx']), '--expose-gc', ...(process.env.BENCH_NODE_FLAGS ? process.env.BENCH_NODE_FLAGS.split(' ') : []), ...(CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : [])], stdio: ['ignore', LOG_LEVEL === 'silent' ? 'inherit' : 'ignore', 'inherit', 'ipc'],
    env: {
      ...process.env, ...databaseEnv, STATIC_DIR: dist, LOG_LEVEL, SCRYPT_LOG_N, ALTCHA_COST: '10', ALTCHA_MAX_COUNTER: '60',
      // The bench measures the app, not the limiters (which would stop it after a few requests).
      RATE_LIMIT_PER_MINUTE: '0', AUTH_RATE_PER_ADDRESS: '100000000', AUTH_RATE_PER_USERNAME: '100000000',
      // Nor the holds: its players are minutes old, and a new account's hold refused every money
      // call's probe (each row said NOT MEASURED). The direct baseline reads the same config.
      NEW_ACCOUNT_HOLD_HOURS: '0', TRADE_HOLD_HOURS: '0',
      // Nor the daily cap between two players (100 items): the transfer row's players pass more
      // between them than that. The cap is still counted and checked on every call, as in production.
      PAIR_DAILY_CAP_ITEMS: '1000000000', PAIR_DAILY_CAP_TC: '1000000000',
      GAME_SERVER_KEY: process.env.GAME_SERVER_KEY ?? 'bench-game-server-key-0123456789',
    },
  });
  const server = new BenchServer(child);
  try {
    const { api, baseline } = await server.ready;
    if (ONLY_PAINT) { await paintOnly(api, baseline); return; }
    const memory: Array<{ rssMiB: number; heapMiB: number }> = [await server.ask({ cmd: 'memory' })];
    let rows: ApiRow[] = [];
    for (let run = 0; run < REPEAT; run++) {
      rows = await apiBench(server, api, baseline);
      memory.push(await server.ask({ cmd: 'memory' }));
      console.log(`\n${apiTable(database, rows)}\n`);
    }
    // This round's per-request work (holds, the feature policy, switches, export), timed in the server process.
    const newWork = READ_ROWS ? await server.ask<NewWorkRow[]>({ cmd: 'newWork' }).catch((error: Error) => error) : null;
    if (newWork) console.log(`${newWorkTable(newWork)}\n`);
    // What each money call's request costs before its handler (body, NUL check, schemas, key).
    const moneyKeys = rows.filter((r) => r.directTps !== undefined).map((r) => r.target); // a money row's target is its `METHOD path`
    const requestSide = moneyKeys.length ? await server.ask<RequestSideRow[]>({ cmd: 'requestSide', keys: moneyKeys }).catch((error: Error) => error) : null;
    if (requestSide) console.log(`${requestSideTable(requestSide)}\n`);
    const memoryLine = `API process resident memory (RSS): ${memory.map((m, i) => `${i === 0 ? 'ready' : `after run ${i}`} ${n(m.rssMiB)} MiB`).join(' · ')} (heap used ${memory.map((m) => n(m.heapMiB)).join(' / ')} MiB)`;
    console.log(memoryLine);
    if (atReady) console.log(memoryAtReadyLine(atReady));
    const shell = SHELL ? await shellBench(api, baseline, dist).catch((error: Error) => error) : new Error('skipped (BENCH_SHELL=0)');
    console.log(`${shellTable(shell)}\n`);
    const botCheck = BOT_CHECK_SOLVES > 0 ? await botCheckBench().catch((error: Error) => error) : null;
    if (botCheck) console.log(`${botCheckTable(botCheck)}\n`);
    const signIn = SHELL && SIGNIN_RUNS > 0 ? await signInBench({ runs: SIGNIN_RUNS, root: ROOT }).catch((error: Error) => error) : null;
    if (signIn) console.log(`${signInTable(signIn)}\n`);
    const firstFrame = SHELL && FRAME_RUNS > 0 ? await firstFrameBench(frameOptions()).catch((error: Error) => error) : null;
    if (firstFrame) console.log(`${firstFrameTable(firstFrame, frameLimits())}\n`);
    const table = `${apiTable(database, rows)}\n\n${newWork ? `${newWorkTable(newWork)}\n\n` : ''}${requestSide ? `${requestSideTable(requestSide)}\n\n` : ''}${memoryLine}\n\n${atReady ? `${memoryAtReadyLine(atReady)}\n\n` : ''}${shellTable(shell)}${botCheck ? `\n\n${botCheckTable(botCheck)}` : ''}${signIn ? `\n\n${signInTable(signIn)}` : ''}${firstFrame ? `\n\n${firstFrameTable(firstFrame, frameLimits())}` : ''}`;
    mkdirSync(join(ROOT, 'bench'), { recursive: true });
    writeFileSync(join(ROOT, 'bench', 'results.json'), `${JSON.stringify({
      date: new Date().toISOString(), database, machine: { cpus: cpus().length, node: process.version },
      settings: { seconds: SECONDS, connections: CONNECTIONS, logins: LOGINS, calls: CALLS, scryptLogN: Number(SCRYPT_LOG_N) },
      api: rows, newWork: newWork instanceof Error ? { error: newWork.message } : newWork, requestSide: requestSide instanceof Error ? { error: requestSide.message } : requestSide, memory, memoryAtReady: atReady instanceof Error ? { error: atReady.message } : atReady, shell: shell instanceof Error ? { error: shell.message } : shell,
      botCheck: botCheck instanceof Error ? { error: botCheck.message } : botCheck,
      signIn: signIn instanceof Error ? { error: signIn.message } : signIn,
      firstFrame: firstFrame instanceof Error ? { error: firstFrame.message } : firstFrame, table,
    }, null, 2)}\n`);
    console.log(`bench/results.json written (${Math.round((Date.now() - started) / 1000)} s)`);
    if (shell instanceof Error && SHELL) process.exitCode = 1;
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await scratch?.drop();
    if (CPU_PROF) writeFileSync(join(CPU_PROF, 'windows.json'), `${JSON.stringify(cpuWindows, null, 2)}\n`);
  }
}

main().catch((error: unknown) => { console.error(error); process.exit(1); });
