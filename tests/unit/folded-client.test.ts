// A transaction's bookkeeping statements ride with its other statements (server/db/foldedClient.ts):
// what each call of the driver sends to the database, and that nothing is reordered or lost.
import { describe, expect, it } from 'vitest';
import { foldingClient, sqlLiteral, withCommit, type PoolClientLike } from '../../server/db/foldedClient';

interface Recorded { text: string; values: unknown[] }

/** A client that records what reaches the database; a multi-statement text answers one result per statement. */
function recorder(failOn?: RegExp) {
  const sent: Recorded[] = [];
  const released: Array<boolean | Error | undefined> = [];
  const client: PoolClientLike = {
    async query(text, values = []) {
      sent.push({ text, values });
      if (failOn?.test(text)) throw Object.assign(new Error('refused'), { code: 'P0001' });
      const statements = values.length === 0 ? text.split(';\n') : [text];
      const results = statements.map((s) => ({ command: s.trim().split(/\s+/)[0]!.toUpperCase(), rowCount: 1, rows: [{ statement: s }], oid: 0, fields: [] }));
      return results.length === 1 ? results[0]! : results;
    },
    release(error) { released.push(error); },
  };
  return { client, sent, released };
}

describe('a transaction\'s statements, folded', () => {
  it('sends BEGIN with the first statement when it has no parameters, and the held answer with COMMIT', async () => {
    const { client, sent } = recorder();
    const folding = foldingClient(client);
    expect((await folding.query('begin', [])).command).toBe('BEGIN');
    expect(sent).toEqual([]);
    const claim = await folding.query("insert into keys values ($v$k$v$) returning key", []);
    expect(claim.rows).toEqual([{ statement: "insert into keys values ($v$k$v$) returning key" }]);
    await folding.query('update balances set n = $1', [5]);
    await folding.query(withCommit('update keys set answer = 1'), []);
    expect(sent).toHaveLength(2);
    expect((await folding.query('commit', [])).command).toBe('COMMIT');
    expect(sent.map((s) => s.text)).toEqual([
      "begin;\ninsert into keys values ($v$k$v$) returning key",
      'update balances set n = $1',
      '/* with commit */ update keys set answer = 1;\ncommit',
    ]);
    expect(sent[1]!.values).toEqual([5]);
  });

  it('sends BEGIN alone before a first statement with parameters, and a held statement before the next one', async () => {
    const { client, sent } = recorder();
    const folding = foldingClient(client);
    await folding.query('begin', []);
    await folding.query('select $1', [1]);
    await folding.query(withCommit('update a set b = 1'), []);
    await folding.query('select $1', [2]);
    await folding.query('select 3', []);
    await folding.query('commit', []);
    expect(sent.map((s) => s.text)).toEqual(['begin', 'select $1', '/* with commit */ update a set b = 1', 'select $1', 'select 3', 'commit']);
  });

  it('sends nothing for a transaction that ran no statement, and drops a held statement on rollback', async () => {
    const { client, sent } = recorder();
    const folding = foldingClient(client);
    await folding.query('begin', []);
    expect((await folding.query('commit', [])).command).toBe('COMMIT');
    await folding.query('begin', []);
    expect((await folding.query('rollback', [])).command).toBe('ROLLBACK');
    expect(sent).toEqual([]);
    await folding.query('begin', []);
    await folding.query('select 1', []);
    await folding.query(withCommit('update a set b = 1'), []);
    await folding.query('rollback', []);
    expect(sent.map((s) => s.text)).toEqual(['begin;\nselect 1', 'rollback']);
  });

  it('a held statement that fails fails the COMMIT, and the next transaction starts clean', async () => {
    const { client, sent } = recorder(/update keys/);
    const folding = foldingClient(client);
    await folding.query('begin', []);
    await folding.query('select 1', []);
    await folding.query(withCommit('update keys set answer = 1'), []);
    await expect(folding.query('commit', [])).rejects.toThrow('refused');
    await folding.query('rollback', []);
    await folding.query('begin', []);
    await folding.query('select 2', []);
    await folding.query('commit', []);
    expect(sent.map((s) => s.text)).toEqual(['begin;\nselect 1', '/* with commit */ update keys set answer = 1;\ncommit', 'rollback', 'begin;\nselect 2', 'commit']);
  });

  it('runs a marked statement at once outside a transaction, and forgets a transaction when the client is released', async () => {
    const { client, sent, released } = recorder();
    const folding = foldingClient(client);
    await folding.query(withCommit('update a set b = 1'), []);
    await folding.query('begin', []);
    folding.release(true);
    await folding.query('select 1', []);
    expect(sent.map((s) => s.text)).toEqual(['/* with commit */ update a set b = 1', 'select 1']);
    expect(released).toEqual([true]);
  });

  it('quotes any text as a literal with a tag the text does not hold, and refuses a NUL', () => {
    expect(sqlLiteral("it's")).toBe("$v$it's$v$");
    expect(sqlLiteral('a $v$ b')).toBe('$v0$a $v$ b$v0$');
    expect(sqlLiteral('$v$ $v0$')).toBe('$v1$$v$ $v0$$v1$');
    expect(sqlLiteral('x$v')).toBe('$v0$x$v$v0$');
    expect(() => sqlLiteral('a\0b')).toThrow(/NUL/);
  });
});
