// A transaction's statements that carry no work of their own ride with the next one: on a
// node-postgres connection each statement is a round trip (the client sends one, waits for its
// answer, then sends the next), and a keyed money request used to make two of them for nothing
// but bookkeeping: BEGIN before the idempotency claim, and the stored answer before COMMIT.
//
// Kysely's PostgreSQL driver talks to this wrapper of a pool's client, which changes only when
// statements are sent, never what runs or in what order:
//  - `begin` is held back and sent with the transaction's first statement. A statement without
//    parameters goes with it as one simple query ("begin;<statement>"); one with parameters needs
//    the extended protocol, which takes one statement, so BEGIN is then sent first, alone, as before.
//    A transaction that ends before any statement sends nothing at all.
//  - a statement marked withCommit() (no parameters, its result unused) is held back and sent
//    with the next statement of the transaction, or with COMMIT ("<statement>;commit"). If it
//    fails, PostgreSQL runs nothing after it in that query: the COMMIT fails with it and the
//    driver rolls the transaction back, exactly as if the statement had failed on its own.
// Values in such statements are literals (sqlLiteral): a simple query has no parameters.
// PGlite runs in this process (no round trips) and runs every statement as it comes.
import type pg from 'pg';

const COMMIT_MARK = '/* with commit */ ';

/** `statement` (no parameters) marked to be sent with the next statement or the COMMIT. */
export function withCommit(statement: string): string {
  return `${COMMIT_MARK}${statement}`;
}

/**
 * `value` as a PostgreSQL string literal, dollar-quoted with a tag the value does not contain
 * (the value's text is taken as is, whatever standard_conforming_strings says).
 */
export function sqlLiteral(value: string): string {
  if (value.includes('\0')) throw new Error('A PostgreSQL text value cannot hold a NUL character');
  // The closing tag must be the first place the tag appears after the opening one, also where
  // the value's end and the tag together would make it ("x$v" then "$v$").
  const closesEarly = (tag: string) => `${value}$${tag}$`.indexOf(`$${tag}$`) !== value.length;
  let tag = 'v';
  for (let n = 0; closesEarly(tag); n++) tag = `v${n}`;
  return `$${tag}$${value}$${tag}$`;
}

type Result = pg.QueryResult;
type Sent = Result | Result[];

/** What Kysely's driver uses of a pool's client (a multi-statement query answers one result per statement). */
export interface PoolClientLike {
  query(text: string, values?: unknown[]): Promise<Sent>;
  release(error?: boolean | Error): void;
}

/** The folding client: one result per call, the last statement's. */
export interface QueryClient {
  query(text: string, values?: unknown[]): Promise<Result>;
  release(error?: boolean | Error): void;
}

const held = (command: string): Result => ({ command, rowCount: null, rows: [], oid: 0, fields: [] });
const last = (sent: Sent): Result => (Array.isArray(sent) ? sent[sent.length - 1]! : sent);
const isCommand = (text: string, command: string) => text.trim().toLowerCase() === command;

/** The client, folding as the header says. One per pooled client (it keeps the client's transaction state). */
export function foldingClient(client: PoolClientLike): QueryClient {
  let beginHeld = false;
  let inTransaction = false;
  let heldStatements: string[] = [];
  const reset = () => { beginHeld = false; inTransaction = false; heldStatements = []; };
  /** Sends `text` after whatever is held, in one simple query when it has no parameters. */
  const send = async (text: string, values: unknown[]): Promise<Result> => {
    const before = [...(beginHeld ? ['begin'] : []), ...heldStatements];
    beginHeld = false;
    heldStatements = [];
    if (before.length === 0) return last(await client.query(text, values));
    if (values.length === 0) return last(await client.query([...before, text].join(';\n'), []));
    await client.query(before.join(';\n'), []);
    return last(await client.query(text, values));
  };
  return {
    async query(text, values = []) {
      if (values.length === 0 && isCommand(text, 'begin') && !inTransaction) {
        beginHeld = true;
        inTransaction = true;
        return held('BEGIN');
      }
      if (values.length === 0 && (isCommand(text, 'commit') || isCommand(text, 'rollback'))) {
        const command = isCommand(text, 'commit') ? 'COMMIT' : 'ROLLBACK';
        // Nothing was sent since BEGIN was held: there is no transaction on the server to end.
        if (beginHeld && (command === 'ROLLBACK' || heldStatements.length === 0)) { reset(); return held(command); }
        if (command === 'ROLLBACK') heldStatements = [];
        try {
          return await send(text, []);
        } finally {
          reset();
        }
      }
      if (inTransaction && values.length === 0 && text.startsWith(COMMIT_MARK)) {
        heldStatements.push(text);
        return held('HELD');
      }
      return send(text, values);
    },
    release(error) {
      reset();
      client.release(error);
    },
  };
}

/** A pg pool whose clients fold (the header): what Kysely's PostgresDialect is given. */
export function foldingPool(pool: Pick<pg.Pool, 'connect' | 'end'>): { connect(): Promise<QueryClient>; end(): Promise<void> } {
  const wrapped = new WeakMap<object, QueryClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let folding = wrapped.get(client);
      if (!folding) {
        folding = foldingClient(client as unknown as PoolClientLike);
        wrapped.set(client, folding);
      }
      return folding;
    },
    end: () => pool.end(),
  };
}
