// The whole database as text, to prove a refused request changed nothing. Tables are discovered
// from the catalogue, so a table a later migration adds is covered without touching this file.
// Left out on purpose: bookkeeping that a refused request is *meant* to write (rate-limit
// counters and the bot check's pressure scores, claimed bot-check tokens, an Idempotency-Key claimed and released) and the session's
// "last seen" clock.
//
// Dumping ~30 tables after each of thousands of fuzzed requests is too slow, so there is also
// a change log: triggers (installed in the throwaway test database only) record every row
// written to a watched table; "did this request change anything" is then one indexed query, and
// the log says exactly what changed. snapshotDb stays the ground truth the log is checked against.
import { sql } from 'kysely';
import type { Executor } from '../../../server/db/tx';

export const CHANGE_LOG = 'harness_change_log';
// trade_limit_hits is, like auth_pressure, the record of a refusal itself (the console's report of
// who hit a trading limit), written after the refused request rolled back.
export const IGNORED_TABLES = new Set(['rate_limit_hits', 'bot_check_tokens', 'auth_pressure', 'trade_limit_hits', CHANGE_LOG]);
export const IGNORED_COLUMNS: Record<string, Set<string>> = { sessions: new Set(['last_seen_at']) };

/** table -> its rows, each as PostgreSQL's row literal, sorted. */
export type DbSnapshot = Map<string, string[]>;

interface TableShape { table: string; columns: string[] }

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function tableShapes(db: Executor): Promise<TableShape[]> {
  const rows = await sql<{ table_name: string; column_name: string }>`
    SELECT c.table_name, c.column_name
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
    ORDER BY c.table_name, c.ordinal_position`.execute(db);
  const shapes = new Map<string, string[]>();
  for (const r of rows.rows) {
    if (IGNORED_TABLES.has(r.table_name) || IGNORED_COLUMNS[r.table_name]?.has(r.column_name)) continue;
    shapes.set(r.table_name, [...(shapes.get(r.table_name) ?? []), r.column_name]);
  }
  return [...shapes].map(([table, columns]) => ({ table, columns }));
}

/** `ROW(a, b, c)::text` for a table: one comparable text per row, the same on PGlite and pg. */
const rowText = (shape: TableShape) => `ROW(${shape.columns.map(quote).join(', ')})::text`;

/**
 * The tables of a test database, read from the catalogue once per database: its schema is set
 * by the migrations before any test runs, and reading information_schema cost as much as the
 * dump itself (the fuzzer snapshots hundreds of times per file).
 */
const shapesOf = new WeakMap<Executor, Promise<TableShape[]>>();
function knownShapes(db: Executor): Promise<TableShape[]> {
  let shapes = shapesOf.get(db);
  if (!shapes) {
    shapes = tableShapes(db);
    shapesOf.set(db, shapes);
    shapes.catch(() => shapesOf.delete(db));
  }
  return shapes;
}

/** Every table (but the ignored ones) dumped as sorted row texts, in one query. */
export async function snapshotDb(db: Executor): Promise<DbSnapshot> {
  const shapes = await knownShapes(db);
  const snapshot: DbSnapshot = new Map(shapes.map((shape) => [shape.table, []]));
  if (shapes.length === 0) return snapshot;
  const union = shapes.map((shape) => `SELECT '${shape.table.replace(/'/g, "''")}'::text AS t, ${rowText(shape)} AS r FROM ${quote(shape.table)}`).join(' UNION ALL ');
  const result = await sql<{ t: string; r: string }>`${sql.raw(union)}`.execute(db);
  for (const row of result.rows) snapshot.get(row.t)?.push(row.r);
  for (const rows of snapshot.values()) rows.sort();
  return snapshot;
}

/** Human-readable differences, at most `limit` lines. Empty when the snapshots are equal. */
export function diffSnapshots(before: DbSnapshot, after: DbSnapshot, limit = 20): string[] {
  const lines: string[] = [];
  for (const table of new Set([...before.keys(), ...after.keys()])) {
    const a = countRows(before.get(table) ?? []);
    const b = countRows(after.get(table) ?? []);
    for (const [row, n] of a) if ((b.get(row) ?? 0) < n) lines.push(`${table}: - ${row}`);
    for (const [row, n] of b) if ((a.get(row) ?? 0) < n) lines.push(`${table}: + ${row}`);
  }
  return lines.length > limit ? [...lines.slice(0, limit), `… ${lines.length - limit} more`] : lines;
}

function countRows(rows: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r, (counts.get(r) ?? 0) + 1);
  return counts;
}

/** The rows of every table that mention `id` anywhere (a user's uuid, `player:<uuid>`, ...). */
export function rowsMentioning(snapshot: DbSnapshot, id: string): string[] {
  const rows: string[] = [];
  for (const [table, list] of snapshot) for (const r of list) if (r.includes(id)) rows.push(`${table}: ${r}`);
  return rows.sort();
}

/**
 * Installs the change log on every watched table (idempotent). Call it after migrations: a
 * table created later is not watched (snapshotDb still sees it).
 */
export async function installChangeLog(db: Executor): Promise<void> {
  await sql.raw(`CREATE TABLE IF NOT EXISTS ${CHANGE_LOG} (seq bigserial PRIMARY KEY, tbl text NOT NULL, op text NOT NULL, row_json text)`).execute(db);
  await sql.raw(`CREATE OR REPLACE FUNCTION harness_log_change() RETURNS trigger AS $$
    DECLARE ignored text[] := coalesce(TG_ARGV, '{}'::text[]);
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        INSERT INTO ${CHANGE_LOG} (tbl, op) VALUES (TG_TABLE_NAME, TG_OP);
        RETURN NULL;
      END IF;
      IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - ignored) = (to_jsonb(OLD) - ignored) THEN RETURN NULL; END IF;
      -- An Idempotency-Key claim (status 0) made and released by a refused request is bookkeeping;
      -- the claim answered (status 0 -> 200) is a change and is logged.
      IF TG_TABLE_NAME = 'idempotency_keys' AND TG_OP IN ('INSERT', 'DELETE')
        AND (CASE WHEN TG_OP = 'DELETE' THEN to_jsonb(OLD) ELSE to_jsonb(NEW) END)->>'status' = '0' THEN RETURN NULL; END IF;
      INSERT INTO ${CHANGE_LOG} (tbl, op, row_json)
        VALUES (TG_TABLE_NAME, TG_OP, CASE WHEN TG_OP = 'DELETE' THEN to_jsonb(OLD)::text ELSE to_jsonb(NEW)::text END);
      RETURN NULL;
    END $$ LANGUAGE plpgsql`).execute(db);
  for (const shape of await tableShapes(db)) {
    const args = [...(IGNORED_COLUMNS[shape.table] ?? [])].map((c) => `'${c}'`).join(', ');
    const name = quote(`harness_watch_${shape.table}`);
    await sql.raw(`DROP TRIGGER IF EXISTS ${name} ON ${quote(shape.table)}`).execute(db);
    await sql.raw(`CREATE TRIGGER ${name} AFTER INSERT OR UPDATE OR DELETE ON ${quote(shape.table)} FOR EACH ROW EXECUTE FUNCTION harness_log_change(${args})`).execute(db);
    const truncate = quote(`harness_watch_truncate_${shape.table}`);
    await sql.raw(`DROP TRIGGER IF EXISTS ${truncate} ON ${quote(shape.table)}`).execute(db);
    await sql.raw(`CREATE TRIGGER ${truncate} AFTER TRUNCATE ON ${quote(shape.table)} FOR EACH STATEMENT EXECUTE FUNCTION harness_log_change()`).execute(db);
  }
}

/** The change log's position now: compare with `changesSince` after a request. */
export async function changeMark(db: Executor): Promise<number> {
  const result = await sql<{ m: string | number | null }>`SELECT max(seq) AS m FROM ${sql.raw(CHANGE_LOG)}`.execute(db);
  return Number(result.rows[0]?.m ?? 0);
}

/** What was written to watched tables after `mark`, one line per row (at most `limit`). */
export async function changesSince(db: Executor, mark: number, limit = 20): Promise<string[]> {
  const result = await sql<{ tbl: string; op: string; row_json: string | null }>`
    SELECT tbl, op, row_json FROM ${sql.raw(CHANGE_LOG)} WHERE seq > ${mark} ORDER BY seq LIMIT ${limit + 1}`.execute(db);
  const lines = result.rows.map((r) => `${r.tbl}: ${r.op} ${(r.row_json ?? '').slice(0, 300)}`);
  return lines.length > limit ? [...lines.slice(0, limit), '… more'] : lines;
}
