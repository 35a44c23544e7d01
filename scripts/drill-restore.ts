// `npm run drill:restore`: backs up a busy database, restores it into a fresh one and checks it.
//
// For PGlite (always) and PostgreSQL (when TEST_DATABASE_URL or DATABASE_URL names a server, or one
// answers at 127.0.0.1:5432 and pg_dump is installed): a new database gets players, then traffic of
// value-moving writes runs (real-money purchase grants through the purchase service, some of them
// refunded, and transfers between players through the ledger service) while the backup is taken
// (PGlite: the admin command's dump; PostgreSQL: pg_dump --format=custom). The backup is restored
// into a new database (PGlite: the admin command's restore; PostgreSQL: pg_restore), then:
//   - the ledger balances and every purchase has its posting (services/system/backupChecks.ts);
//   - every purchase acknowledged before the backup began is there, none begun after it ended is,
//     and nothing is there that the traffic never asked for;
// The purchases acknowledged after the backup's moment are what the providers' records give back
// after a restore (the reconcile jobs, docs/backups.md): the drill prints how many.
// Prints one verdict line per database and exits 1 on any failure. DRILL_SECONDS (4) bounds each
// traffic run; the whole drill stops with a failure after DRILL_TIMEOUT_S (180).
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { PURCHASE_HOSTS, type PurchaseHost } from '../contract/purchases';
import { createDb, type DbHandle } from '../server/db/createDb';
import { dumpPglite, restorePglite, writeBackupFile } from '../server/db/backup';
import { migrate } from '../server/db/migrate';
import { seed } from '../server/db/seed';
import { inTransaction } from '../server/db/tx';
import { parseProducts, type Products } from '../server/services/purchases/products';
import { createUser } from '../server/services/accounts/users';
import { moveCoins, playerAccount } from '../server/services/economy/ledger';
import { grantPurchase, reversePurchase } from '../server/services/purchases/ledger';
import { describeIntegrity, integrityReport, purchasesPresent } from '../server/services/system/backupChecks';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = Number(process.env.DRILL_SECONDS ?? 4);
const TIMEOUT_S = Number(process.env.DRILL_TIMEOUT_S ?? 180);
const PLAYERS = 12;
const WORKERS = 6;

interface Traffic {
  /** Purchase id -> when it was asked for and when its commit was acknowledged (ms). */
  purchases: Map<string, { host: PurchaseHost; askedAt: number; ackAt: number | null }>;
  transfers: number;
  refused: number;
  refunds: number;
  stop(): Promise<void>;
}

/** Workers doing value-moving writes until stopped: grants (a tenth refunded) and transfers. */
function startTraffic(db: DbHandle['db'], products: Products, players: string[]): Traffic {
  const t: Traffic = { purchases: new Map(), transfers: 0, refused: 0, refunds: 0, stop: async () => undefined };
  let running = true;
  const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)] as T;
  const worker = async () => {
    while (running) {
      // Yield to the event loop: PGlite answers in microtasks, which would starve every timer.
      await new Promise((resolve) => setImmediate(resolve));
      const r = Math.random();
      if (r < 0.5) {
        const id = `drill-${randomUUID()}`;
        const entry = { host: pick(PURCHASE_HOSTS), askedAt: Date.now(), ackAt: null as number | null };
        t.purchases.set(id, entry);
        const product = pick(products.list);
        await inTransaction(db, (trx) => grantPurchase(trx, products, { host: entry.host, providerPurchaseId: id, userId: pick(players), productId: product.id, needsConsume: false }));
        entry.ackAt = Date.now();
      } else if (r < 0.55) {
        const granted = [...t.purchases.entries()].filter(([, v]) => v.ackAt !== null);
        if (!granted.length) continue;
        const [id, { host }] = pick(granted);
        const done = await inTransaction(db, (trx) => reversePurchase(trx, host, id, 'refund'));
        if (done.reversed) t.refunds++;
      } else {
        const [from, to] = [pick(players), pick(players)];
        if (from === to) continue;
        try {
          await inTransaction(db, (trx) => moveCoins(trx, { from: playerAccount(from), to: playerAccount(to), amount: BigInt(1 + Math.floor(Math.random() * 5000)), reason: 'drill transfer' }));
          t.transfers++;
        } catch { t.refused++; }
      }
    }
  };
  const workers = Array.from({ length: WORKERS }, () => worker());
  t.stop = async () => { running = false; await Promise.all(workers); };
  return t;
}

async function preparePlayers(handle: DbHandle): Promise<string[]> {
  await migrate(handle.db);
  await seed(handle.db);
  const ids: string[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    ids.push(await inTransaction(handle.db, (trx) => createUser(trx, { username: `drill_${randomBytes(4).toString('hex')}`, passwordHash: null })));
  }
  return ids;
}

interface Verdict { name: string; ok: boolean; lines: string[] }

/** Compares what the traffic was told with what the restored database holds. */
async function judge(name: string, restored: DbHandle, traffic: Traffic, backupStart: number, backupEnd: number, extra: string[]): Promise<Verdict> {
  const report = await integrityReport(restored.db);
  const present = new Set(await purchasesPresent(restored.db, [...traffic.purchases].map(([id, p]) => ({ host: p.host, providerPurchaseId: id }))));
  const problems = [...report.problems];
  let before = 0; let during = 0; let after = 0; let duringKept = 0;
  for (const [id, p] of traffic.purchases) {
    if (p.ackAt !== null && p.ackAt < backupStart) {
      before++;
      if (!present.has(id)) problems.push(`purchase ${id} was acknowledged before the backup began and is missing`);
    } else if (p.askedAt > backupEnd) {
      after++;
      if (present.has(id)) problems.push(`purchase ${id} was asked for after the backup ended and is in it`);
    } else { during++; if (present.has(id)) duringKept++; }
  }
  const restoredTotal = report.purchases;
  if (restoredTotal !== present.size) problems.push(`the restore holds ${restoredTotal} purchases, the traffic made ${present.size} of them`);
  const lines = [
    ...extra,
    `  traffic: ${traffic.purchases.size} purchases asked (${traffic.refunds} refunded), ${traffic.transfers} transfers (${traffic.refused} refused for funds)`,
    `  purchases: ${before} acknowledged before the backup began, all there: ${problems.some((p) => p.includes('before the backup')) ? 'NO' : 'yes'}; ` +
      `${during} in flight during it (${duringKept} in the backup); ${after} after it, none in it (the providers' records give them back: reconcile jobs)`,
    describeIntegrity({ ...report, problems }),
  ];
  return { name, ok: problems.length === 0, lines };
}

async function drillPglite(products: Products, folder: string): Promise<Verdict> {
  step('PGlite: a new database');
  const source = await createDb({ dataDir: join(folder, 'source') });
  const file = join(folder, 'pglite-backup.tgz');
  let traffic: Traffic; let backupStart: number; let backupEnd: number;
  try {
    const players = await preparePlayers(source);
    step('PGlite: traffic, then the backup');
    traffic = startTraffic(source.db, products, players);
    await sleep(SECONDS * 500);
    backupStart = Date.now();
    const bytes = await dumpPglite(source);
    backupEnd = Date.now();
    writeBackupFile(file, bytes, false);
    await sleep(SECONDS * 500);
    await traffic.stop();
  } finally {
    await source.close();
  }
  step('PGlite: restore into a new folder');
  const restoredAt = Date.now();
  const result = await restorePglite(file, join(folder, 'restored'), { force: false });
  const restoreMs = Date.now() - restoredAt;
  const restored = await createDb({ dataDir: result.dataDir });
  try {
    return await judge('PGlite', restored, traffic, backupStart, backupEnd,
      [`  backup: ${(readFileSync(file).length / 1024 / 1024).toFixed(1)} MiB in ${backupEnd - backupStart} ms while the traffic ran; restore + checks ${restoreMs} ms`]);
  } finally {
    await restored.close();
  }
}

/** A PostgreSQL server to drill on, or why there is none. */
async function postgresServer(): Promise<{ url: string } | { skip: string }> {
  const url = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  try { await run('pg_dump', ['--version']); } catch { return { skip: 'pg_dump is not installed (apt-get install postgresql-client)' }; }
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try { await client.connect(); await client.query('select 1'); } catch (error) { return { skip: `no PostgreSQL answers at ${new URL(url).host} (${(error as Error).message})` }; } finally { await client.end().catch(() => undefined); }
  return { url };
}

async function drillPostgres(products: Products, server: string, folder: string): Promise<Verdict> {
  const suffix = randomBytes(4).toString('hex');
  const names = { source: `drill_source_${suffix}`, restored: `drill_restored_${suffix}` };
  const urlOf = (db: string) => { const u = new URL(server); u.pathname = `/${db}`; return u.toString(); };
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    for (const db of Object.values(names)) await admin.query(`CREATE DATABASE ${db} TEMPLATE template0`);
    const source = await createDb({ databaseUrl: urlOf(names.source), poolSize: WORKERS + 2 });
    const file = join(folder, 'postgres.dump');
    let traffic: Traffic; let backupStart: number; let backupEnd: number;
    try {
      const players = await preparePlayers(source);
      step('PostgreSQL: traffic, then pg_dump');
      traffic = startTraffic(source.db, products, players);
      await sleep(SECONDS * 500);
      backupStart = Date.now();
      // pg_dump reads one snapshot (a repeatable-read transaction) while writes go on.
      await run('pg_dump', ['--format=custom', `--file=${file}`, urlOf(names.source)], { timeout: 120_000 });
      backupEnd = Date.now();
      await sleep(SECONDS * 500);
      await traffic.stop();
    } finally {
      await source.close();
    }
    step('PostgreSQL: pg_restore into a new database');
    const restoreStart = Date.now();
    await run('pg_restore', ['--exit-on-error', '--no-owner', `--dbname=${urlOf(names.restored)}`, file], { timeout: 120_000 });
    const restoreMs = Date.now() - restoreStart;
    const restored = await createDb({ databaseUrl: urlOf(names.restored), poolSize: 2 });
    try {
      return await judge('PostgreSQL', restored, traffic, backupStart, backupEnd,
        [`  backup: pg_dump --format=custom, ${(readFileSync(file).length / 1024).toFixed(0)} KiB in ${backupEnd - backupStart} ms while the traffic ran; pg_restore ${restoreMs} ms`]);
    } finally {
      await restored.close();
    }
  } finally {
    for (const db of Object.values(names)) await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}

const began = Date.now();
/** A progress line (the drill takes tens of seconds on a busy machine). */
const step = (what: string) => console.log(`  [${((Date.now() - began) / 1000).toFixed(1)} s] ${what}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<number> {
  const products = parseProducts(JSON.parse(readFileSync(join(ROOT, 'config/products.json'), 'utf8')), 'config/products.json');
  const folder = mkdtempSync(join(tmpdir(), 'tripshell-restore-drill-'));
  const verdicts: Verdict[] = [];
  try {
    console.log(`restore drill: ${SECONDS} s of traffic (${WORKERS} writers, ${PLAYERS} players) around each backup`);
    verdicts.push(await drillPglite(products, folder).catch((error: unknown) => ({ name: 'PGlite', ok: false, lines: [`  error: ${(error as Error).stack ?? String(error)}`] })));
    const server = await postgresServer();
    if ('skip' in server) console.log(`PostgreSQL: skipped, ${server.skip}`);
    else verdicts.push(await drillPostgres(products, server.url, folder).catch((error: unknown) => ({ name: 'PostgreSQL', ok: false, lines: [`  error: ${(error as Error).stack ?? String(error)}`] })));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  for (const v of verdicts) console.log(`${v.name}: ${v.ok ? 'PASS, the restore balances and no purchase is missing' : 'FAIL'}\n${v.lines.join('\n')}`);
  const ok = verdicts.every((v) => v.ok);
  console.log(ok ? 'restore drill: PASSED' : 'restore drill: FAILED');
  return ok ? 0 : 1;
}

const timer = setTimeout(() => { console.error(`restore drill: FAILED, not finished after ${TIMEOUT_S} s (DRILL_TIMEOUT_S)`); process.exit(1); }, TIMEOUT_S * 1000);
timer.unref();
main().then((code) => process.exit(code), (error: unknown) => { console.error(error); console.error('restore drill: FAILED'); process.exit(1); });
