// The pgbench floor's script builder (tests/bench/pgbench.ts): the statements stay the service's
// own text, and each parameter becomes the right kind of pgbench variable.
import { describe, expect, it } from 'vitest';
import { sqlLiteral } from '../../server/db/foldedClient';
import { clientsTableSql, literalsAsParameters, pgbenchScript, type CapturedQuery } from '../bench/pgbench';

const PLAYER = '7b8965a7-200a-4b64-b24b-5b785aa9f16d';
const OTHER = 'e041ffa0-72bc-45ee-8bec-b24971b3c455';
const KEY1 = '6c55a212-4946-4a0c-bf03-83395dbb6225';
const KEY2 = '54778d93-4f1f-4237-93b8-4e5b34c95f55';
const TX1 = '066ffee1-0452-45f3-b491-ffad0569482b';
const TX2 = '6e83c7c1-cdb6-4777-be73-de09fc257141';
const SHARDS = ['sink:crate-sales', 'sink:crate-sales:1', 'sink:crate-sales:2'];

const call = (key: string, tx: string, shard: string, balance: number): CapturedQuery[] => [
  { sql: 'begin', parameters: [] },
  { sql: 'insert into "idempotency_keys" ("user_id", "key", "status", "response") values ($1, $2, $3, $4)', parameters: [PLAYER, key, 0, null] },
  { sql: 'INSERT INTO ledger (tx_id, from_account, to_account, amount) VALUES ($1::uuid, $2, $3, $4::bigint), ($1::uuid, $5, $6, $10::bigint)', parameters: [tx, `player:${PLAYER}`, shard, '1', `player:${OTHER}`, 'x', 0, 0, 0, '10000'] },
  { sql: 'UPDATE coin_balances SET balance = balance + $1::bigint WHERE account_id = $2', parameters: ['10000', shard] },
  { sql: 'update "idempotency_keys" set "response" = $1 where "user_id" = $2 and "key" = $3', parameters: [JSON.stringify({ tripcoins: balance }), PLAYER, key] },
  { sql: 'commit', parameters: [] },
];
const identity = { player: PLAYER, other: OTHER };

describe('pgbench script from captured service SQL', () => {
  const plan = pgbenchScript(call(KEY1, TX1, SHARDS[1] as string, 99), call(KEY2, TX2, SHARDS[2] as string, 98), identity, [SHARDS]);

  it('keeps each statement\'s text, with $n as pgbench variables', () => {
    const lines = plan.script.split('\n');
    expect(lines).toContain('BEGIN;');
    expect(lines).toContain('COMMIT;');
    expect(plan.script).toContain('insert into "idempotency_keys" ("user_id", "key", "status", "response") values (:c1, :f1, :c2, NULL);');
    expect(plan.script).toContain('update "idempotency_keys" set "response" = :c8 where "user_id" = :c1 and "key" = :f1;');
    expect(plan.script).not.toMatch(/\$\d/);
    expect(plan.statements).toBe(4);
  });

  it('makes a value that changes between calls fresh (uuids), drawn (a known set) or the first call\'s (read from the database)', () => {
    expect(plan.fresh).toEqual(['f1', 'f2']);
    // The same tx id used twice in one statement is one variable.
    expect(plan.script).toContain('VALUES (:f2::uuid, :c3, :d1, :c4::bigint), (:f2::uuid, :c5, :c6, :c7::bigint)');
    // ...and one draw for a value used twice (the sink's shard: its ledger row and its balance).
    expect(plan.drawn).toEqual([{ name: 'd1', choices: SHARDS }]);
    expect(plan.script).toContain('UPDATE coin_balances SET balance = balance + :c7::bigint WHERE account_id = :d1;');
    expect(plan.dataDependent).toBe(1);
    expect(plan.columns.find((c) => c.name === 'c8')?.template).toBe('{"tripcoins":99}');
  });

  it('fetches the client\'s constants and the fresh values in one SELECT, with no colon pgbench would read as a variable', () => {
    const select = plan.script.split('\n')[1] ?? '';
    expect(select).toMatch(/^SELECT c\.\*, gen_random_uuid\(\)::text AS f1, gen_random_uuid\(\)::text AS f2, \(ARRAY\[.*\]\)\[1 \+ floor\(random\(\) \* 3\)::int\] AS d1 FROM bench_pgbench_clients c WHERE c\.client = :client_id$/);
    expect(select).toContain("E'sink\\x3acrate-sales\\x3a1'");
    expect(select.replace(/::/g, '').match(/:[a-z_]+/g)).toEqual([':client_id']);
  });

  it('gives each pgbench client its own player in the constants', () => {
    expect(plan.columns.find((c) => c.name === 'c3')?.template).toBe('player:{{player}}');
    const statements = clientsTableSql(plan, [identity, { player: 'p2', other: 'o2' }]);
    expect(statements[2]).toContain(`'${PLAYER}'`);
    expect(statements[3]).toContain("'player:p2'");
    expect(statements[3]).toContain("'player:o2'");
    expect(statements[3]).not.toContain(PLAYER);
  });

  it('refuses two calls that issued different statements, or a call outside one transaction', () => {
    const other = call(KEY2, TX2, SHARDS[0] as string, 98);
    other.splice(2, 1);
    expect(() => pgbenchScript(call(KEY1, TX1, SHARDS[1] as string, 99), other, identity)).toThrow(/different statements/);
    expect(() => pgbenchScript(call(KEY1, TX1, 'a', 1).slice(1), call(KEY2, TX2, 'a', 1).slice(1), identity)).toThrow(/one transaction/);
  });

  it('takes a statement written with literals (sent with the BEGIN) as one with parameters', () => {
    const literal = (key: string): CapturedQuery => ({ sql: `insert into idempotency_keys (user_id, key, status) values (${sqlLiteral(PLAYER)}, ${sqlLiteral(key)}, 0) on conflict do nothing returning key`, parameters: [] });
    expect(literalsAsParameters(literal(KEY1))).toEqual({ sql: 'insert into idempotency_keys (user_id, key, status) values ($1, $2, 0) on conflict do nothing returning key', parameters: [PLAYER, KEY1] });
    expect(literalsAsParameters({ sql: `update t set a = $1, b = ${sqlLiteral("it's $v$")} where c = $2`, parameters: [1, 2] })).toEqual({ sql: 'update t set a = $1, b = $3 where c = $2', parameters: [1, 2, "it's $v$"] });
    const withLiterals = (key: string, tx: string, shard: string, balance: number) => { const c = call(key, tx, shard, balance); c[1] = literal(key); return c; };
    const folded = pgbenchScript(withLiterals(KEY1, TX1, SHARDS[1] as string, 99), withLiterals(KEY2, TX2, SHARDS[2] as string, 98), identity, [SHARDS]);
    expect(folded.script).toContain('values (:c1, :f1, 0) on conflict do nothing returning key;');
  });
});
