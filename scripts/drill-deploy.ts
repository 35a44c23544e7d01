// `npm run drill:deploy`: the rolling deploy of docs/deploy.md, tried. On the PostgreSQL and Redis
// CI uses (DRILL_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres, where a fresh
// database is made and dropped after; DRILL_REDIS_URL, default redis://127.0.0.1:6379), it starts
// two API processes (the bundle `npm start` runs) and nginx in front with deploy/nginx.conf (its
// upstream ports and listen line replaced, TLS left out), all on 127.0.0.1. Through nginx it drives
// steady traffic (reads, and game-server awards: writes made idempotent by their awardId) and keeps
// live-event streams open with the shell's own reader (src/api/liveEvents.ts). Then it restarts
// the processes one after the other (SIGTERM, wait for the exit, start the new one, wait for
// /api/ready) and prints the failed requests (goal 0), the streams that did not come back
// (goal 0) and the events a stream missed (goal 0). Bounded (DRILL_SECONDS, 110), and it stops
// and removes everything it started, also on Ctrl-C. Not part of `npm test`.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import pg from 'pg';
import { connectLiveEvents } from '../src/api/liveEvents';
import { drillSiteConfig, nginxMainConfig } from './nginxSite';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ADMIN_URL = process.env.DRILL_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.DRILL_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DRILL_SECONDS = Number(process.env.DRILL_SECONDS ?? 110);
const DRAIN_S = 5;
const PLAYERS = 4;
const STREAMS_PER_PLAYER = 2;
const WORKERS = 4;
const NGINX = '/usr/sbin/nginx';
const GAME_SERVER_KEY = `drill-${randomBytes(16).toString('hex')}`;

const started = performance.now();
const t = () => `${((performance.now() - started) / 1000).toFixed(1).padStart(5)} s`;
const say = (line: string) => console.log(`[${t()}] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// --- what is cleaned up --------------------------------------------------------------------
const cleanups: Array<() => Promise<void> | void> = [];
let cleaning: Promise<void> | null = null;
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const step of cleanups.reverse()) {
      try { await step(); } catch (error) { console.error(`cleanup: ${(error as Error).message}`); }
    }
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => { say(`${signal}: stopping the drill`); void cleanUp().then(() => process.exit(130)); });
}

// --- helpers -------------------------------------------------------------------------------
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => { socket.destroy(); resolve(ok); };
    socket.setTimeout(2_000, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(Number(port || 6379), hostname, () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

async function onAdmin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try { await client.query(statement); } finally { await client.end(); }
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals, ms: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), ms);
  await exited;
  clearTimeout(timer);
}

// --- the API processes -----------------------------------------------------------------------
interface Api { port: number; child: ChildProcess; output: string[] }

function startApi(bundle: string, port: number, databaseUrl: string): Promise<Api> {
  const env = {
    ...process.env, NODE_ENV: 'development', HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: databaseUrl, REDIS_URL,
    STATIC_DIR: '', TRUST_PROXY: '1', SHUTDOWN_DRAIN_S: String(DRAIN_S), GAME_SERVER_KEY, DEMO_GAME_SERVER: '0',
    LOG_LEVEL: 'warn', SCRYPT_LOG_N: '10', ALTCHA_COST: '10', ALTCHA_MAX_COUNTER: '60', RATE_LIMIT_PER_MINUTE: '0',
    AUTH_RATE_PER_ADDRESS: '100000', AUTH_RATE_PER_USERNAME: '100000', LIVE_EVENTS_HEARTBEAT_MS: '5000', DATABASE_POOL_SIZE: '5',
  };
  const child = spawn(process.execPath, ['--enable-source-maps', bundle], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const api: Api = { port, child, output: [] };
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      for (const line of chunk.toString().split('\n')) if (line.trim()) api.output.push(line);
      if (/ready at http/.test(text)) resolve(api);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`API on ${port} exited with ${code} before it was ready:\n${text}`)));
  });
}

async function waitReady(port: number, ms = 60_000): Promise<void> {
  const deadline = performance.now() + ms;
  while (performance.now() < deadline) {
    try { if ((await fetch(`http://127.0.0.1:${port}/api/ready`)).status === 200) return; } catch { /* not yet */ }
    await sleep(100);
  }
  throw new Error(`the API on ${port} was not ready within ${ms} ms`);
}

// --- nginx ---------------------------------------------------------------------------------
function ensureNginx(): void {
  if (existsSync(NGINX)) return;
  if (process.getuid?.() !== 0) {
    console.error(`nginx is not installed (${NGINX}) and this is not root: install it with \`sudo apt-get install -y nginx\`, then run the drill again.`);
    process.exit(1);
  }
  say('nginx is missing: apt-get install -y nginx');
  const result = spawnSync('apt-get', ['install', '-y', 'nginx'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (result.status !== 0 || !existsSync(NGINX)) { console.error('installing nginx failed'); process.exit(1); }
}

interface Nginx { child: ChildProcess; errors(): string[]; takeOut(port: number | null): Promise<void> }

async function startNginx(dir: string, ports: number[], listenPort: number): Promise<Nginx> {
  const temp = (name: string) => join(dir, name);
  const flags = ['-p', dir, '-e', temp('error.log'), '-c', join(dir, 'nginx.conf')];
  const writeSite = (down: number | null) => writeFileSync(join(dir, 'tripshell.conf'), drillSiteConfig(readFileSync(join(ROOT, 'deploy/nginx.conf'), 'utf8'), ports, listenPort, down));
  writeSite(null);
  writeFileSync(join(dir, 'nginx.conf'), nginxMainConfig(dir, temp('tripshell.conf')));
  execFileSync(NGINX, ['-t', '-q', ...flags], { stdio: 'inherit' });
  const child = spawn(NGINX, [...flags, '-g', 'daemon off;'], { stdio: 'inherit' });
  const nginx: Nginx = {
    child,
    errors: () => (existsSync(temp('error.log')) ? readFileSync(temp('error.log'), 'utf8').split('\n').filter((l) => /\[(error|crit|alert|emerg)\]/.test(l)) : []),
    // The deploy order of docs/deploy.md: the process marked `down` (null: none) and a graceful
    // reload (new workers take the new upstream; the old ones finish what they carry).
    async takeOut(port) {
      writeSite(port);
      execFileSync(NGINX, [...flags, '-s', 'reload'], { stdio: 'inherit' });
      await sleep(500);
    },
  };
  const deadline = performance.now() + 10_000;
  while (performance.now() < deadline) {
    try { await fetch(`http://127.0.0.1:${listenPort}/api/health`); return nginx; } catch { await sleep(100); }
  }
  throw new Error('nginx did not answer within 10 s');
}

// --- players, traffic and streams ----------------------------------------------------------
interface Player { uuid: string; username: string; sid: string }

async function register(base: string): Promise<Player> {
  const challenge = await (await fetch(`${base}/api/altcha/challenge`)).json() as Parameters<typeof solveChallenge>[0]['challenge'];
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error('could not solve the bot check');
  const username = `drill_${randomBytes(5).toString('hex')}`;
  const reply = await fetch(`${base}/api/register`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'drill-password-1', turnstile_token: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64') }),
  });
  if (reply.status !== 200) throw new Error(`register answered ${reply.status}: ${await reply.text()}`);
  const sid = /(?:^|,\s*)sid=([^;]+)/.exec(reply.headers.get('set-cookie') ?? '')?.[1];
  if (!sid) throw new Error('register set no session cookie');
  return { uuid: ((await reply.json()) as { uuid: string }).uuid, username, sid };
}

interface Tally { sent: number; resent: number; failed: Array<{ what: string; why: string; at: string }>; byStatus: Map<number, number>; awards: Map<string, number> }

function traffic(base: string, players: Player[], tally: Tally): { stop(): Promise<void> } {
  let running = true;
  const one = async (what: string, init: () => Promise<Response>, ok: (status: number) => boolean, resent = false): Promise<number> => {
    if (!resent) tally.sent++;
    try {
      const reply = await init();
      await reply.arrayBuffer();
      tally.byStatus.set(reply.status, (tally.byStatus.get(reply.status) ?? 0) + 1);
      if (!ok(reply.status)) tally.failed.push({ what, why: String(reply.status), at: t() });
      return reply.status;
    } catch (error) {
      const why = ((error as Error).cause as Error | undefined)?.message ?? (error as Error).message;
      // A kept-alive connection to nginx closed before any answer (an nginx worker retiring after
      // a reload): browsers send the request again on a new connection, and so does this client,
      // once. Every request here may be repeated: reads, and awards by their awardId.
      if (!resent && /other side closed|ECONNRESET|socket hang up/i.test(why)) { tally.resent++; return one(what, init, ok, true); }
      tally.failed.push({ what, why, at: t() });
      return 0;
    }
  };
  const worker = async (n: number) => {
    for (let i = 0; running; i++) {
      const player = players[(n + i) % players.length]!;
      const cookie = { cookie: `sid=${player.sid}` };
      switch (i % 4) {
        case 0: await one('GET /api/config', () => fetch(`${base}/api/config`), (s) => s === 200); break;
        case 1: await one('GET /api/me/inventory', () => fetch(`${base}/api/me/inventory`, { headers: cookie }), (s) => s === 200); break;
        case 2: await one('GET /api/crates/odds', () => fetch(`${base}/api/crates/odds`), (s) => s === 200); break;
        default: {
          const awardId = randomUUID();
          const status = await one('POST /api/server/award', () => fetch(`${base}/api/server/award`, {
            method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${GAME_SERVER_KEY}` },
            body: JSON.stringify({ uuid: player.uuid, tripcoins: 1, awardId }),
          }), (s) => s === 200);
          if (status === 200) tally.awards.set(player.uuid, (tally.awards.get(player.uuid) ?? 0) + 1);
        }
      }
      await sleep(15);
    }
  };
  const workers = Array.from({ length: WORKERS }, (_, n) => worker(n));
  return { async stop() { running = false; await Promise.all(workers); } };
}

/** A stream read by the shell's reader: when it connected, when a stopping process told it to go. */
interface Stream { player: Player; opened: number[]; refused: number[]; handedOver: number[]; events: Set<string>; close(): void }

function openStream(base: string, player: Player): Stream {
  const stream: Stream = { player, opened: [], refused: [], handedOver: [], events: new Set(), close: () => undefined };
  const watchOf = () => {
    const decoder = new TextDecoder();
    return new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (decoder.decode(chunk, { stream: true }).includes('event: reconnect')) stream.handedOver.push(performance.now());
        controller.enqueue(chunk);
      },
    });
  };
  const reader = connectLiveEvents({
    fetch: async (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('cookie', `sid=${player.sid}`);
      const response = await fetch(new URL(String(input), base), { ...init, headers });
      (response.status === 200 ? stream.opened : stream.refused).push(performance.now());
      if (response.status !== 200 || !response.body) return response;
      const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
      void response.body.pipeThrough(watchOf()).pipeTo(writable).catch(() => undefined);
      return new Response(readable, { status: response.status, headers: response.headers });
    },
    onEvent: (event, id) => { if (event.type === 'coinsAwarded' && id) stream.events.add(id); },
  });
  stream.close = () => reader.close();
  return stream;
}

// --- the drill -----------------------------------------------------------------------------
async function drill(): Promise<number> {
  ensureNginx();
  if (!await redisAnswers(REDIS_URL)) { console.error(`Redis does not answer at ${REDIS_URL} (CI runs it as a service; start it, or set DRILL_REDIS_URL)`); return 1; }
  const name = `drill_${randomBytes(6).toString('hex')}`;
  try {
    await onAdmin(`CREATE DATABASE ${name} TEMPLATE template0`);
  } catch (error) {
    console.error(`PostgreSQL at ${ADMIN_URL.replace(/\/\/[^@/]*@/, '//…@')} did not make the drill's database (CI runs it as a service; start it, or set DRILL_DATABASE_URL): ${(error as Error).message}`);
    return 1;
  }
  cleanups.push(async () => { await onAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`); say(`dropped the database ${name}`); });
  const databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString();
  say(`PostgreSQL: fresh database ${name}; Redis at ${REDIS_URL}`);

  const bundle = join(ROOT, 'dist-server/drill-deploy.mjs');
  execFileSync(process.execPath, ['scripts/build-server.mjs', 'server/main.ts', 'dist-server/drill-deploy.mjs'], { cwd: ROOT, stdio: 'inherit' });
  cleanups.push(() => { rmSync(bundle, { force: true }); rmSync(`${bundle}.map`, { force: true }); });

  const ports = [await freePort(), await freePort()];
  const apis: Api[] = [];
  cleanups.push(async () => { await Promise.all(apis.map((a) => stopChild(a.child, 'SIGTERM', (DRAIN_S + 10) * 1000))); });
  // One first (it applies the migrations), then the other.
  apis.push(await startApi(bundle, ports[0]!, databaseUrl));
  apis.push(await startApi(bundle, ports[1]!, databaseUrl));
  await Promise.all(ports.map((p) => waitReady(p)));
  say(`two API processes ready on 127.0.0.1:${ports.join(', :')}`);

  const dir = mkdtempSync(join(tmpdir(), 'tripshell-drill-'));
  chmodSync(dir, 0o755);
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const listenPort = await freePort();
  const nginx = await startNginx(dir, ports, listenPort);
  cleanups.push(async () => { await stopChild(nginx.child, 'SIGQUIT', 5_000); });
  const base = `http://127.0.0.1:${listenPort}`;
  say(`nginx (deploy/nginx.conf) on ${base}`);

  const players: Player[] = [];
  for (let i = 0; i < PLAYERS; i++) players.push(await register(base));
  const streams = players.flatMap((p) => Array.from({ length: STREAMS_PER_PLAYER }, () => openStream(base, p)));
  cleanups.push(() => { for (const s of streams) s.close(); });
  const tally: Tally = { sent: 0, resent: 0, failed: [], byStatus: new Map(), awards: new Map() };
  const load = traffic(base, players, tally);
  cleanups.push(() => load.stop());
  say(`${players.length} players, ${streams.length} live-event streams open, ${WORKERS} clients sending reads and awards`);
  await sleep(3_000);

  const restarts: string[] = [];
  for (const [i, api] of apis.entries()) {
    const sentBefore = tally.sent;
    const exit = new Promise<number | null>((resolve) => api.child.once('exit', (code) => resolve(code)));
    await nginx.takeOut(api.port);
    say(`process ${i + 1} (:${api.port}): marked down in nginx's upstream, reloaded`);
    const signalled = performance.now();
    api.child.kill('SIGTERM');
    say(`process ${i + 1}: SIGTERM`);
    const code = await exit;
    const exitedAfter = performance.now() - signalled;
    say(`process ${i + 1}: exited ${code} after ${(exitedAfter / 1000).toFixed(1)} s; starting the new one`);
    const fresh = await startApi(bundle, api.port, databaseUrl);
    await waitReady(api.port);
    apis[i] = fresh;
    await nginx.takeOut(null);
    const readyAfter = performance.now() - signalled;
    say(`process ${i + 1}: new one ready ${(readyAfter / 1000).toFixed(1)} s after the signal (${tally.sent - sentBefore} requests meanwhile)`);
    restarts.push(`process ${i + 1}: exit code ${code} after ${(exitedAfter / 1000).toFixed(1)} s, new one ready after ${(readyAfter / 1000).toFixed(1)} s`);
    await sleep(3_000);
  }
  await sleep(2_000);
  await load.stop();
  // Every award answered: its event has reached every stream of its player, or never will.
  await sleep(2_000);

  let lostStreams = 0;
  let cutWithoutHint = 0;
  let missing = 0;
  const reconnects: number[] = [];
  for (const [n, s] of streams.entries()) {
    const expected = tally.awards.get(s.player.uuid) ?? 0;
    const cameBack = s.opened.length > 0 && s.handedOver.every((at) => s.opened.some((o) => o > at));
    cutWithoutHint += Math.max(0, s.opened.length - 1 - s.handedOver.length);
    if (!cameBack) lostStreams++;
    if (s.events.size < expected) missing += expected - s.events.size;
    for (const at of s.handedOver) {
      const next = s.opened.find((o) => o > at);
      reconnects.push(next === undefined ? Infinity : next - at);
    }
    if (!cameBack || s.events.size < expected) say(`stream ${n + 1}: ${s.opened.length} connections, ${s.refused.length} refused, ${s.events.size}/${expected} award events`);
  }
  const statuses = [...tally.byStatus.entries()].sort(([a], [b]) => a - b).map(([s, c]) => `${s}: ${c}`).join(', ');
  console.log('');
  console.log('deploy drill: two API processes restarted one after the other behind nginx');
  for (const line of restarts) console.log(`  ${line}`);
  console.log(`  requests: ${tally.sent} (${statuses}); awards granted: ${[...tally.awards.values()].reduce((a, b) => a + b, 0)}`);
  console.log(`  failed requests: ${tally.failed.length} (sent again after nginx closed a kept-alive connection unanswered, as a browser does: ${tally.resent})`);
  for (const f of tally.failed.slice(0, 10)) console.log(`    ${f.at}  ${f.what}: ${f.why}`);
  const sorted = [...reconnects].sort((a, b) => a - b);
  const ms = (v: number | undefined) => (v === undefined ? '-' : `${Math.round(v)} ms`);
  console.log(`  streams: ${streams.length}; handed over by a stopping process: ${reconnects.length} times, back after ${ms(sorted[Math.floor(sorted.length / 2)])} (median), ${ms(sorted.at(-1))} (longest); refused reconnects: ${streams.reduce((a, s) => a + s.refused.length, 0)}`);
  console.log(`  streams that did not come back: ${lostStreams}; reconnects without the hint (a cut stream): ${cutWithoutHint}`);
  console.log(`  award events a stream missed: ${missing}`);
  const errors = nginx.errors();
  console.log(`  nginx errors logged: ${errors.length}`);
  for (const line of errors.slice(0, 5)) console.log(`    ${line.slice(0, 240)}`);
  return tally.failed.length === 0 && lostStreams === 0 && missing === 0 ? 0 : 1;
}

const deadline = setTimeout(() => {
  console.error(`the drill took longer than ${DRILL_SECONDS} s: stopping`);
  void cleanUp().then(() => process.exit(1));
}, DRILL_SECONDS * 1000);

drill()
  .then(async (code) => { clearTimeout(deadline); await cleanUp(); say(code === 0 ? 'drill passed' : 'drill FAILED'); process.exit(code); })
  .catch(async (error: unknown) => { clearTimeout(deadline); console.error(error instanceof Error ? error.message : error); await cleanUp(); process.exit(1); });
