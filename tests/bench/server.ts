// The bench's server process: the real app (buildApp and its start-up step, the database from DATABASE_URL or an
// in-memory PGlite) and the baseline (a bare Fastify route answering {ok:true}) side by side in
// one Node process, so both are measured under the same conditions while the load generator
// runs in the parent. Work that needs the database (preparing valid money calls, the direct
// SQL pool) happens here too, on request over IPC, outside the timed runs.
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { ALL_ENDPOINTS } from '../../contract/endpoints';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { startUp } from '../../server/start';
import { inTransaction } from '../../server/db/tx';
import * as crates from '../../server/services/economy/crates';
import { setCrateSupply } from '../../server/jobs/crateSupply';
import { conservationViolations, MINT, moveCoins, playerAccount } from '../../server/services/economy/ledger';
import { createSession } from '../../server/services/accounts/sessions';
import { createUser } from '../../server/services/accounts/users';
import { freshName, registerActor, type Actor } from '../api/harness/actors';
import { endpointKey } from '../api/harness/contract';
import { exampleOf, ownershipOf, resolveCall } from '../api/harness/examples';
import { requestFor, type RawRequest } from '../api/harness/hostile';
import { injectTransport, solveBotCheckVia } from '../api/harness/transport';
import { DIRECT_TRANSACTIONS, directThroughput, type DirectContext } from './direct';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../../server/db/schema';
import { newWorkRows } from './newWork';
import { requestSideCost, type RequestSideRow } from './requestSide';
import { cpuPerCall, cpuTime, type CpuTime } from './cpu';
import { CLIENTS_TABLE, clientsTableSql, findPgbench, PGBENCH_PATHS, pgbenchScript, runPgbench, type CapturedQuery } from './pgbench';

export type BenchCommand =
  | { id: number; cmd: 'players'; count: number }
  | { id: number; cmd: 'prepare'; key: string; count: number; clients: number }
  | { id: number; cmd: 'direct'; key: string; calls: number; clients: number }
  | { id: number; cmd: 'memory' }
  | { id: number; cmd: 'rush'; buyers: number; calls: number }
  | { id: number; cmd: 'rushCheck' }
  | { id: number; cmd: 'sameAnswer'; body: string; headers: Record<string, string> }
  | { id: number; cmd: 'pgbench'; key: string; calls: number; clients: number; runs: number }
  | { id: number; cmd: 'newWork' }
  | { id: number; cmd: 'requestSide'; keys: string[] };

/** A command as the parent sends it (the id is added by the channel). */
export type BenchRequest = BenchCommand extends infer C ? (C extends { id: number } ? Omit<C, 'id'> : never) : never;

const ONCE_PER_PLAYER_CALLS = 20;

/** pgbench's figures for one money endpoint, or why there are none. */
export type PgbenchResult =
  | { skipped: string }
  | { tps: number; runs: number[]; statements: number; fresh: number; drawn: number; dataDependent: number; mode: string; script: string };

/** The direct run's transactions a second, and the CPU its timed calls took (setup left out). */
export interface DirectResult { tps: number; cpu: CpuTime | null }

export interface Prepared { requests: RawRequest[]; probeStatus: number; probeBody: string }

/** The crate rush: what the shop could sell, and what it and the buyers hold afterwards. */
export interface Rush { requests: RawRequest[]; supply: number }
export interface RushCheck { supply: number; remaining: number; bought: number; sold: number; violations: string[] }

/** The shop the rush buys from: POST /api/crates/buy/v2, one crate per call. */
const RUSH_VERSION = 1;

/** The headers that say how a page may be used (its policies), without those of one answer's body or of the rate limit. */
function pageOwnHeaders(headers: Record<string, string | string[] | number | undefined>): Record<string, string> {
  const own: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || /^(content-(type|length|encoding)|etag|last-modified|date|connection|keep-alive|transfer-encoding|x-ratelimit-.*|retry-after)$/i.test(name)) continue;
    own[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return own;
}

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  // Logging as configured (BENCH_LOG_LEVEL, default info as in production; stdout goes nowhere).
  const app = await buildApp(config, { logger: config.LOG_LEVEL !== 'silent' });
  await startUp(app);
  const api = await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ ok: true }));
  // The bare route answering an API read's own bytes and headers (set by `sameAnswer`): what
  // Node and Fastify cost for that answer alone, to tell the answer's size from the shell's work.
  let same: { body: string; headers: Record<string, string> } = { body: '{"ok":true}', headers: { 'content-type': 'application/json; charset=utf-8' } };
  bare.get('/same', (_request, reply) => { void reply.headers(same.headers).send(same.body); });
  // The blank page carries the headers the app's page is served with (its isolation and security
  // policy): a page from the same server gets them. Without them the browser keeps the blank page in
  // the tab's first renderer, while the app's page (Cross-Origin-Opener-Policy) moves to a new one,
  // ~20-40 ms that are the policy's, not the page's.
  const appPage = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
  const pageHeaders = appPage.statusCode === 200 ? pageOwnHeaders(appPage.headers) : {};
  bare.get('/blank.html', async (_req, reply) => reply.headers(pageHeaders).type('text/html').send('<!doctype html><html><head><title>blank</title></head><body><h1>Blank</h1></body></html>'));
  const baseline = await bare.listen({ port: 0, host: '127.0.0.1' });

  const send = injectTransport(app, new URL(api).host);
  const botToken = () => solveBotCheckVia(send);
  const players: Actor[] = [];
  const ensurePlayers = async (count: number) => { while (players.length < count) players.push(await registerActor(send)); return players.slice(0, count); };
  const gameKey: Record<string, string> = config.GAME_SERVER_KEY ? { authorization: `Bearer ${config.GAME_SERVER_KEY}` } : {};

  /** `count` calls of `key` spread over `clients` players, one per connection, as the direct run
   * spreads its calls over one player per client: fewer players than connections would have two
   * connections wait on one player's rows, which the direct run never does. */
  async function prepare(key: string, count: number, clients: number): Promise<Prepared> {
    const endpoint = ALL_ENDPOINTS.find((e) => endpointKey(e) === key);
    if (!endpoint) throw new Error(`no endpoint ${key}`);
    const owners = await ensurePlayers(Math.max(clients, 2));
    const requests: RawRequest[] = [];
    const example = exampleOf(endpoint);
    // A once-per-player call (the airdrop) needs a new registered player per call, each paying
    // the production password hash: a few dozen show its cost without a quarter-hour of setup.
    const calls = example?.oncePerPlayer ? Math.min(count, ONCE_PER_PLAYER_CALLS) : count;
    for (let i = 0; i <= calls; i++) {
      const player = example?.oncePerPlayer ? await registerActor(send) : owners[i % owners.length] as Actor;
      const caller = endpoint.access === 'gameServer' ? null : player;
      // Calls anyone may make on someone else's thing (accepting a wager) act on another's.
      const owner = ownershipOf(endpoint) === 'anyone' ? owners[(i + 1) % owners.length] as Actor : player;
      const call = await resolveCall(endpoint, { caller, owner, db: app.db, send, botToken });
      const request = requestFor(endpoint, call);
      // Money endpoints get a fresh Idempotency-Key per call, as the shell sends them.
      const idempotency: Record<string, string> = endpoint.movesValue ? { 'idempotency-key': randomUUID() } : {};
      // The game key only on game-server calls: an Authorization: Bearer header is a player's
      // session token everywhere else (services/accounts/sessions.ts), so it would sign the player out.
      const key = endpoint.access === 'gameServer' ? gameKey : {};
      requests.push({ ...request, headers: { ...request.headers, ...key, ...idempotency, ...(caller ? { cookie: `sid=${caller.sid}` } : {}) } });
    }
    // The extra one is sent now: it shows whether the example makes a successful call at all.
    const probe = await send(requests.pop() as RawRequest);
    return { requests, probeStatus: probe.status, probeBody: probe.body.slice(0, 200) };
  }

  async function direct(key: string, calls: number, clients: number): Promise<DirectResult> {
    const transaction = DIRECT_TRANSACTIONS[key];
    if (!transaction) throw new Error(`no direct transaction for ${key}`);
    const all = await ensurePlayers(clients + 1);
    const contexts = all.slice(0, clients).map((player, i) => ({ db: app.db, config, player, other: all[(i + 1) % all.length] as Actor, prepared: [] }));
    let before: CpuTime | null = null;
    let after: CpuTime | null = null;
    const tps = await directThroughput(transaction, contexts, calls, { started: () => { before = cpuTime(process.pid); }, ended: () => { after = cpuTime(process.pid); } });
    return { tps, cpu: cpuPerCall(before, after, calls) };
  }

  /**
   * The endpoint's own statements as a pgbench script (tests/bench/pgbench.ts): captured from its
   * direct transaction (the service code in the route's shape) over a logging Kysely, then run
   * by pgbench from `clients` clients, `calls` transactions in all, `runs` times; tx/s of each run.
   */
  async function pgbenchFloor(key: string, calls: number, clients: number, runs: number): Promise<PgbenchResult> {
    const transaction = DIRECT_TRANSACTIONS[key];
    if (!transaction) return { skipped: `no direct transaction for ${key} to capture` };
    if (app.dbKind !== 'postgres' || !config.DATABASE_URL) return { skipped: 'pgbench needs PostgreSQL: set DATABASE_URL (this run is on PGlite)' };
    const bin = findPgbench();
    if (!bin) return { skipped: `pgbench not found (looked at ${PGBENCH_PATHS.join(', ')}; BENCH_PGBENCH sets its path)` };
    const all = await ensurePlayers(clients + 1);
    const contexts: DirectContext[] = all.slice(0, clients).map((player, i) => ({ db: app.db, config, player, other: all[(i + 1) % all.length] as Actor, prepared: [] }));
    const share = Math.ceil(calls / clients);
    for (const ctx of contexts) await transaction.setup(ctx, share * runs + 2);
    // A crate shop's supply is spread over shards, and a purchase takes from one drawn at random
    // (drawn in the script too, below). Every shard gets enough for all of pgbench's transactions,
    // so that none runs dry even if both captured calls drew the same shard (then a constant).
    const shops = key.includes('/api/crates/') ? [...crates.crateShops(config).values()] : [];
    for (const s of shops) {
      const status = await crates.crateStatus(app.db, s, null);
      await setCrateSupply(app.db, s, status.totalSupply + (share * clients * runs + 2) * crates.SUPPLY_SHARDS);
    }
    const identityOf = (ctx: DirectContext) => ({
      player: ctx.player.uuid, playerName: ctx.player.username, playerLower: ctx.player.username.toLowerCase(),
      other: ctx.other.uuid, otherName: ctx.other.username, otherLower: ctx.other.username.toLowerCase(),
    });
    // Two calls by the first client, every statement logged as the driver receives it.
    const captured: CapturedQuery[] = [];
    const logged = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: config.DATABASE_URL, max: 1 }) }),
      log: (event) => { if (event.level === 'query') captured.push({ sql: event.query.sql, parameters: event.query.parameters }); },
    });
    const calls2: CapturedQuery[][] = [];
    const first = contexts[0] as DirectContext;
    try {
      for (let i = 0; i < 2; i++) {
        captured.length = 0;
        await transaction.run({ ...first, db: logged }, i);
        calls2.push([...captured]);
      }
    } finally {
      await logged.destroy();
    }
    const plan = pgbenchScript(calls2[0] ?? [], calls2[1] ?? [], identityOf(first), [crates.CRATE_SALES_ACCOUNTS, ...shops.map((s) => s.shards)]);
    for (const statement of clientsTableSql(plan, contexts.map(identityOf))) await sql.raw(statement).execute(app.db);
    const mode = process.env.BENCH_PGBENCH_MODE ?? 'extended';
    const tps: number[] = [];
    try {
      for (let r = 0; r < runs; r++) {
        const run = await runPgbench(bin, config.DATABASE_URL, plan.script, clients, share, mode);
        if (run.processed !== run.expected || run.failed > 0) throw new Error(`pgbench processed ${run.processed}/${run.expected} (${run.failed} failed)`);
        tps.push(run.tps);
      }
    } finally {
      await sql.raw(`DROP TABLE IF EXISTS ${CLIENTS_TABLE}`).execute(app.db);
    }
    // The service checks what each statement answered and refuses; pgbench does not: a script
    // that went on after a refusal would leave the ledger unbalanced, and is not a floor.
    const violations = await conservationViolations(app.db);
    if (violations.length) throw new Error(`the pgbench run left the ledger unbalanced (${violations.slice(0, 2).join('; ')}): not a valid floor`);
    return { tps: [...tps].sort((a, b) => a - b)[Math.floor(tps.length / 2)] ?? 0, runs: tps, statements: plan.statements, fresh: plan.fresh.length, drawn: plan.drawn.length, dataDependent: plan.dataDependent, mode, script: plan.script };
  }

  // The crate rush: `buyers` players of their own (made in the database: no scrypt, no bot check)
  // buy one crate per call from one shop whose remaining supply is set to 90% of the calls, so the
  // last tenth must be refused (SOLD_OUT) and an oversold shop shows.
  const rushShop = crates.crateShops(config).get(RUSH_VERSION);
  if (!rushShop) throw new Error('no crate shop v2');
  const shop = rushShop;
  let rushState: { buyers: string[]; supply: number; soldBefore: bigint } | undefined;
  async function rush(buyers: number, calls: number): Promise<Rush> {
    const ids: string[] = [];
    const sids: string[] = [];
    for (let i = 0; i < buyers; i++) {
      const id = await inTransaction(app.db, (trx) => createUser(trx, { username: freshName('rush'), passwordHash: null }));
      await inTransaction(app.db, (trx) => moveCoins(trx, { from: MINT, to: playerAccount(id), amount: shop.price * BigInt(calls), reason: 'bench-setup' }));
      ids.push(id);
      sids.push(await createSession(app.db, id, 1, { userAgent: 'bench' }));
    }
    const status = await crates.crateStatus(app.db, shop, null);
    const sold = status.totalSupply - status.remainingSupply;
    const supply = Math.floor(calls * 0.9);
    await setCrateSupply(app.db, shop, sold + supply);
    rushState = { buyers: ids, supply, soldBefore: BigInt(sold) };
    const requests = Array.from({ length: calls }, (_, i): RawRequest => ({
      label: 'rush', method: 'POST', url: '/api/crates/buy/v2',
      headers: { 'content-type': 'application/json', cookie: `sid=${sids[i % buyers]}`, 'idempotency-key': randomUUID() },
      payload: JSON.stringify({ quantity: 1 }),
    }));
    return { requests, supply };
  }
  async function rushCheck(): Promise<RushCheck> {
    if (!rushState) throw new Error('no rush prepared');
    const { buyers, supply, soldBefore } = rushState;
    const status = await crates.crateStatus(app.db, shop, null);
    let bought = 0;
    for (const id of buyers) bought += (await crates.crateStatus(app.db, shop, id)).crateBalance;
    const sold = Number(BigInt(status.totalSupply - status.remainingSupply) - soldBefore);
    const violations = await conservationViolations(app.db);
    // The shop restocked to its configured supply, so the money rows after this one can buy.
    await setCrateSupply(app.db, shop, status.totalSupply - status.remainingSupply + shop.supply);
    return { supply, remaining: status.remainingSupply, bought, sold, violations };
  }

  process.on('message', (message: BenchCommand) => {
    const answer = (async () => {
      if (message.cmd === 'players') return (await ensurePlayers(message.count)).map((p) => ({ ...p }));
      if (message.cmd === 'prepare') return prepare(message.key, message.count, message.clients);
      if (message.cmd === 'memory') {
        // After a full collection (--expose-gc): what the process keeps, not garbage not yet collected.
        (globalThis as { gc?: () => void }).gc?.();
        return { rssMiB: process.memoryUsage().rss / 1048576, heapMiB: process.memoryUsage().heapUsed / 1048576 };
      }
      if (message.cmd === 'rush') return rush(message.buyers, message.calls);
      if (message.cmd === 'rushCheck') return rushCheck();
      if (message.cmd === 'sameAnswer') { same = { body: message.body, headers: message.headers }; return null; }
      if (message.cmd === 'newWork') return newWorkRows(app);
      if (message.cmd === 'requestSide') {
        const rows: RequestSideRow[] = [];
        for (const key of message.keys) {
          const endpoint = ALL_ENDPOINTS.find((e) => endpointKey(e) === key);
          const call = (await prepare(key, 1, 1)).requests[0];
          if (endpoint && call) rows.push(requestSideCost(app, endpoint, call));
        }
        return rows;
      }
      if (message.cmd === 'pgbench') return pgbenchFloor(message.key, message.calls, message.clients, message.runs);
      return direct(message.key, message.calls, message.clients);
    })();
    answer.then(
      (result) => process.send?.({ id: message.id, result }),
      // With its stack: the parent prints it, and a bench failure says where in this process it happened.
      (error: Error) => process.send?.({ id: message.id, error: error.stack ?? error.message }),
    );
  });
  process.send?.({ ready: true, api, baseline, database: app.dbKind });
  process.once('SIGTERM', () => { void Promise.all([app.close(), bare.close()]).then(() => process.exit(0)); });
}

void main();
