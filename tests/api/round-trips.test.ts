// On PostgreSQL, a keyed money request's transaction sends its BEGIN with the idempotency claim
// and its stored answer with the COMMIT (server/db/foldedClient.ts): what reaches the server, per
// round trip, watched at node-postgres's client. And what folding must not change: a retry
// answers the stored answer, and an answer that cannot be stored leaves nothing behind.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BASE_SET_ITEMS } from '../../contract/items';
import { heldQuantity } from '../../server/services/economy/inventory';
import { databaseNamed, registerPlayerWith, startApp, type TestApp } from './helpers';

const postgres = databaseNamed('postgres');
const ITEM = BASE_SET_ITEMS[3]!.uuid;

describe.skipIf(!postgres)('a keyed request\'s round trips on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => { t = await startApp(postgres!); });
  afterAll(async () => { await t.close(); });
  afterEach(() => { vi.restoreAllMocks(); });

  /** The texts node-postgres sends while `fn` runs, one per round trip. */
  async function sent(fn: () => Promise<unknown>): Promise<string[]> {
    const texts: string[] = [];
    const query = pg.Client.prototype.query;
    vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      if (typeof args[0] === 'string') texts.push(args[0]);
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query);
    await fn();
    return texts;
  }

  it('a transfer sends BEGIN with its claim and its answer with its COMMIT', async () => {
    const [from, to] = [await registerPlayerWith(t.app, { items: { [ITEM]: 3 } }), await registerPlayerWith(t.app)];
    const key = { 'idempotency-key': `trips-${randomUUID()}` };
    let status = 0;
    const texts = await sent(async () => {
      status = (await from.client.post('/api/inventory/transfer-onchain', { toPlayerUsername: to.username, itemUuid: ITEM, quantity: 1 }, key)).statusCode;
    });
    expect(status).toBe(200);
    const begins = texts.filter((text) => /^begin\b/i.test(text));
    expect(begins).toHaveLength(1);
    expect(begins[0]).toMatch(/^begin;\s*insert into idempotency_keys/);
    const commits = texts.filter((text) => /\bcommit$/i.test(text));
    expect(commits).toHaveLength(1);
    expect(commits[0]).toMatch(/^\/\* with commit \*\/ update idempotency_keys set status = 200, response = .*::json where .*;\s*commit$/s);
    // Nothing sent on its own that only starts or ends the transaction.
    expect(texts.filter((text) => /^(begin|commit)$/i.test(text.trim()))).toEqual([]);

    // A retry answers the stored answer (read back through the folded statements) and moves nothing again.
    const retry = await from.client.post('/api/inventory/transfer-onchain', { toPlayerUsername: to.username, itemUuid: ITEM, quantity: 1 }, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await heldQuantity(t.handle.db, from.uuid, ITEM)).toBe(2n);
    expect(await heldQuantity(t.handle.db, to.uuid, ITEM)).toBe(1n);
  });

  it('an answer that cannot be stored fails the request, and nothing of it commits', async () => {
    const [from, to] = [await registerPlayerWith(t.app, { items: { [ITEM]: 3 } }), await registerPlayerWith(t.app)];
    const key = `trips-fail-${randomUUID()}`;
    await sql.raw(`create or replace function refuse_answer() returns trigger language plpgsql as $$ begin
      if new.key = '${key}' and new.response is not null then raise exception 'the answer cannot be stored'; end if; return new; end $$;
      drop trigger if exists refuse_answer on idempotency_keys;
      create trigger refuse_answer before update on idempotency_keys for each row execute function refuse_answer();`).execute(t.handle.db);
    try {
      const r = await from.client.post('/api/inventory/transfer-onchain', { toPlayerUsername: to.username, itemUuid: ITEM, quantity: 1 }, { 'idempotency-key': key });
      expect(r.statusCode).toBeGreaterThanOrEqual(500);
      const claims = await sql<{ n: string }>`select count(*)::text as n from idempotency_keys where key = ${key}`.execute(t.handle.db);
      expect(claims.rows[0]?.n).toBe('0');
      expect(await heldQuantity(t.handle.db, from.uuid, ITEM)).toBe(3n);
      expect(await heldQuantity(t.handle.db, to.uuid, ITEM)).toBe(0n);
    } finally {
      await sql.raw('drop trigger if exists refuse_answer on idempotency_keys; drop function if exists refuse_answer();').execute(t.handle.db);
    }
  });
});
