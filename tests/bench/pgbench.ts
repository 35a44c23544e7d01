// pgbench as the floor: a money endpoint's own statements, run by PostgreSQL's
// pgbench on the same scratch database at the same concurrency, so the endpoint's throughput is
// read against the database's own speed on this machine.
//
// The statements are never written by hand: the service code runs (the direct transaction of
// tests/bench/direct.ts, the route's one-transaction shape) over a Kysely whose `log` hook records
// the SQL and parameters it issues, twice for one player. `pgbenchScript` then turns the record
// into a pgbench script, keeping each statement's text byte for byte with its `$n` parameters as
// pgbench variables (sent as parameters with -M extended, as node-postgres sends them):
//  - a value that is the same in both calls is a constant, with the player's identity (uuid,
//    username) swapped for each pgbench client's own player: one row per client in a table;
//  - a UUID that differs between the calls (the Idempotency-Key, the ledger's tx id) is fresh per
//    transaction (gen_random_uuid()), the same variable wherever the same value was used;
//  - a value that differs and is one of a known set (the crate-sales sink's shards, a shop's supply
//    shards) is drawn from that set at random, as the service draws it (one draw per value,
//    wherever the call used it);
//  - any other differing value depends on what an earlier statement read (the stored answer's
//    balances): the first call's value is kept, the same size (counted in `dataDependent`).
// Each transaction starts with one SELECT that fetches the client's row and the fresh values
// (\gset): one round trip node does not make, so the floor is slightly pessimistic.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface CapturedQuery { sql: string; parameters: readonly unknown[] }

export interface ScriptPlan {
  /** The pgbench script (one transaction). */
  script: string;
  /** The per-client table's columns, each a template with `{{name}}` where an identity goes. */
  columns: Array<{ name: string; template: string }>;
  /** Fresh per transaction: variable names. */
  fresh: string[];
  /** Values drawn at random from a known set: variable name and the set. */
  drawn: Array<{ name: string; choices: readonly string[] }>;
  /** Parameters whose value depends on an earlier statement's answer: the first call's is kept. */
  dataDependent: number;
  statements: number;
}

export const CLIENTS_TABLE = 'bench_pgbench_clients';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PLACEHOLDER = /\$(\d+)(?!\d)/g;

/** A parameter as node-postgres sends it: text, or NULL. */
export function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value) || value instanceof Uint8Array) throw new Error('pgbench script: array and bytea parameters are not supported');
  return JSON.stringify(value);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `value` with every identity replaced by `{{name}}` (longest first, so a uuid inside "player:<uuid>" is found). */
export function templateOf(value: string, identity: Record<string, string>): string {
  const names = Object.keys(identity).filter((k) => (identity[k] ?? '') !== '').sort((a, b) => (identity[b] ?? '').length - (identity[a] ?? '').length);
  if (!names.length) return value;
  const pattern = new RegExp(names.map((k) => escapeRegExp(identity[k] ?? '')).join('|'), 'g');
  return value.replace(pattern, (hit) => `{{${names.find((k) => identity[k] === hit) ?? ''}}}`);
}

export function fillTemplate(template: string, identity: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = identity[name];
    if (value === undefined) throw new Error(`pgbench script: no identity ${name}`);
    return value;
  });
}

const sqlString = (s: string) => `'${s.replace(/'/g, "''")}'`;
/** A string literal for the script: pgbench reads `:name` as a variable even inside quotes, so colons go as \x3a. */
const scriptString = (s: string) => `E'${s.replace(/\\/g, '\\\\').replace(/'/g, "''").replace(/:/g, '\\x3a')}'`;
/** `:name` outside `::` casts: pgbench would take it for a variable. */
const PGBENCH_VARIABLE = /(?<!:):[A-Za-z_]/;

/** A dollar-quoted literal ($tag$…$tag$, as server/db/foldedClient.ts's sqlLiteral writes them); $1 is a placeholder. */
const DOLLAR_LITERAL = /\$([A-Za-z_]\w*)\$([\s\S]*?)\$\1\$/g;

/**
 * The statement with each dollar-quoted literal made a parameter: statements written with
 * literals (to travel with the BEGIN or the COMMIT in one round trip) then vary per call the
 * way a parameter does, and become the same kind of pgbench variable.
 */
export function literalsAsParameters(query: CapturedQuery): CapturedQuery {
  const parameters = [...query.parameters];
  const sql = query.sql.replace(DOLLAR_LITERAL, (_, _tag: string, value: string) => {
    parameters.push(value);
    return `$${parameters.length}`;
  });
  return { sql, parameters };
}

/**
 * A pgbench script from two captured calls of the same transaction by the same player
 * (`identity`: that player's uuid, username… as they appear in the parameters).
 */
export function pgbenchScript(firstCall: CapturedQuery[], secondCall: CapturedQuery[], identity: Record<string, string>, choiceSets: ReadonlyArray<readonly string[]> = []): ScriptPlan {
  const first = firstCall.map(literalsAsParameters);
  const second = secondCall.map(literalsAsParameters);
  if (first.length !== second.length || first.some((q, i) => q.sql !== second[i]?.sql)) {
    throw new Error('pgbench script: two calls of the service issued different statements; no single script repeats it');
  }
  if (!/^begin$/i.test(first[0]?.sql.trim() ?? '') || !/^commit$/i.test(first.at(-1)?.sql.trim() ?? '')) {
    throw new Error('pgbench script: the captured call is not one transaction (begin … commit)');
  }
  const columns: ScriptPlan['columns'] = [];
  const columnOf = new Map<string, string>();
  const fresh: string[] = [];
  const freshOf = new Map<string, string>();
  const drawn: ScriptPlan['drawn'] = [];
  const drawnOf = new Map<string, string>();
  let dataDependent = 0;
  const constant = (text: string) => {
    const template = templateOf(text, identity);
    let name = columnOf.get(template);
    if (!name) { name = `c${columns.length + 1}`; columnOf.set(template, name); columns.push({ name, template }); }
    return `:${name}`;
  };

  const lines: string[] = [];
  first.forEach((query, s) => {
    const again = second[s] as CapturedQuery;
    if (PGBENCH_VARIABLE.test(query.sql)) throw new Error(`pgbench script: the statement has a ':name' pgbench would read as a variable: ${query.sql.slice(0, 80)}`);
    const text = query.sql.replace(PLACEHOLDER, (_, digits: string) => {
      const k = Number(digits) - 1;
      if (k < 0 || k >= query.parameters.length) throw new Error(`pgbench script: $${digits} without a parameter in: ${query.sql.slice(0, 80)}`);
      const a = asText(query.parameters[k]);
      const b = asText(again.parameters[k]);
      if (a === null || b === null) {
        if (a !== b) { dataDependent++; }
        return 'NULL';
      }
      if (a === b) return constant(a);
      if (UUID.test(a) && UUID.test(b)) {
        let name = freshOf.get(a);
        if (!name) { name = `f${fresh.length + 1}`; freshOf.set(a, name); fresh.push(name); }
        return `:${name}`;
      }
      const set = choiceSets.find((c) => c.includes(a) && c.includes(b));
      if (set) {
        // The same drawn value wherever the call used it (the sink's shard in the ledger and its balance).
        let name = drawnOf.get(a);
        if (!name) { name = `d${drawn.length + 1}`; drawnOf.set(a, name); drawn.push({ name, choices: set }); }
        return `:${name}`;
      }
      dataDependent++;
      return constant(a);
    });
    if (/^(begin|commit)$/i.test(text.trim())) lines.push(`${text.trim().toUpperCase()};`);
    else lines.push(`${text.trim()};`);
  });

  const picks = [
    'c.*',
    ...fresh.map((name) => `gen_random_uuid()::text AS ${name}`),
    ...drawn.map(({ name, choices }) => `(ARRAY[${choices.map(scriptString).join(', ')}])[1 + floor(random() * ${choices.length})::int] AS ${name}`),
  ];
  const script = [
    `-- ${first.length - 2} statements captured from the service code (tests/bench/pgbench.ts); one transaction`,
    `SELECT ${picks.join(', ')} FROM ${CLIENTS_TABLE} c WHERE c.client = :client_id`,
    '\\gset',
    ...lines,
    '',
  ].join('\n');
  return { script, columns, fresh, drawn, dataDependent, statements: first.length - 2 };
}

/** The table of per-client constants: `identities[i]` is pgbench client i's. */
export function clientsTableSql(plan: ScriptPlan, identities: Array<Record<string, string>>): string[] {
  const cols = plan.columns.map((c) => `${c.name} text NOT NULL`);
  return [
    `DROP TABLE IF EXISTS ${CLIENTS_TABLE}`,
    `CREATE TABLE ${CLIENTS_TABLE} (client int PRIMARY KEY${cols.length ? `, ${cols.join(', ')}` : ''})`,
    ...identities.map((identity, i) => `INSERT INTO ${CLIENTS_TABLE} VALUES (${[String(i), ...plan.columns.map((c) => sqlString(fillTemplate(c.template, identity)))].join(', ')})`),
  ];
}

export const PGBENCH_PATHS = [process.env.BENCH_PGBENCH, '/usr/lib/postgresql/15/bin/pgbench', '/usr/bin/pgbench'].filter((p): p is string => Boolean(p));
export const findPgbench = (): string | null => PGBENCH_PATHS.find((p) => existsSync(p)) ?? null;

export interface PgbenchRun { tps: number; processed: number; expected: number; failed: number; output: string }

/** Runs `script` with pgbench: `clients` clients, `transactions` each; -M `mode` (extended: as node-postgres sends). */
export async function runPgbench(bin: string, databaseUrl: string, script: string, clients: number, transactions: number, mode = 'extended', threads = 2): Promise<PgbenchRun> {
  const dir = mkdtempSync(join(tmpdir(), 'pgbench-'));
  const file = join(dir, 'script.sql');
  writeFileSync(file, script);
  try {
    const args = ['-n', '-f', file, '-c', String(clients), '-j', String(Math.min(threads, clients)), '-t', String(transactions), '-M', mode, databaseUrl];
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (c: Buffer) => { out += c.toString(); });
      child.stderr.on('data', (c: Buffer) => { out += c.toString(); });
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`pgbench exited with ${code}: ${out.split('\n').filter((l) => /error|abort/i.test(l)).slice(0, 3).join(' | ') || out.slice(-400)}`))));
    });
    const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(output)?.[1] ?? NaN);
    const processed = /actually processed: (\d+)\/(\d+)/.exec(output);
    const failed = Number(/number of failed transactions: (\d+)/.exec(output)?.[1] ?? 0);
    if (!Number.isFinite(tps) || !processed) throw new Error(`pgbench: no figures in its output: ${output.slice(-400)}`);
    return { tps, processed: Number(processed[1]), expected: Number(processed[2]), failed, output };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
