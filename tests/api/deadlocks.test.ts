// Lock order, on PostgreSQL only (PGlite runs one transaction at a time, so nothing can deadlock
// there). Two players moving value to each other at the same moment take the same balances in
// opposite directions: every ledger operation locks all the balances it touches in one global
// order before it moves anything, so PostgreSQL never has to abort one of them for a deadlock.
// The figures (requests, 5xx, deadlocks, slowest) are printed as one line per scenario.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_SET_ITEMS } from '../../contract/items';
import { inTransaction } from '../../server/db/tx';
import { grantAward } from '../../server/services/economy/awards';
import { conservationViolations, itemHoldings, playerAccount } from '../../server/services/economy/ledger';
import { createSession, SESSION_COOKIE } from '../../server/services/accounts/sessions';
import { createUser } from '../../server/services/accounts/users';
import { Client, startApp, uniqueName, type TestApp, databaseNamed } from './helpers';

const postgres = databaseNamed('postgres');

describe.skipIf(!postgres)(`no deadlocks in the ledger on PostgreSQL${postgres ? '' : ' (skipped: TEST_DATABASE_URL is not set)'}`, () => {
  let t: TestApp;
  let stats: pg.Client;
  beforeAll(async () => {
    t = await startApp(postgres!);
    stats = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await stats.connect();
  });
  afterAll(async () => {
    await stats?.end();
    await t?.close();
  });

  /** pg_stat_database.deadlocks of the test's database, once every backend has reported. */
  async function deadlocks(): Promise<number> {
    // Backends flush their counters when idle, at most once a second.
    await new Promise((r) => setTimeout(r, 1_500));
    const name = await t.handle.db.selectNoFrom((eb) => eb.fn<string>('current_database', []).as('db')).executeTakeFirstOrThrow();
    await stats.query('SELECT pg_stat_clear_snapshot()');
    const row = await stats.query<{ deadlocks: string }>('SELECT deadlocks FROM pg_stat_database WHERE datname = $1', [name.db]);
    return Number(row.rows[0]?.deadlocks ?? 0);
  }

  async function player(kit: { tripcoins?: number; items?: Record<string, number> }) {
    const username = uniqueName('lock');
    const uuid = await inTransaction(t.handle.db, (trx) => createUser(trx, { username, passwordHash: null }));
    const client = new Client(t.app);
    client.cookies.set(SESSION_COOKIE, await createSession(t.handle.db, uuid, 1, {}));
    await inTransaction(t.handle.db, (trx) => grantAward(trx, { uuid, ...kit, awardId: randomUUID() }));
    return { client, uuid, username };
  }

  async function timed(send: () => Promise<{ statusCode: number }>): Promise<{ status: number; ms: number }> {
    const start = performance.now();
    const reply = await send();
    return { status: reply.statusCode, ms: performance.now() - start };
  }

  function summary(name: string, results: Array<{ status: number; ms: number }>, deadlockDelta: number): string {
    const fiveXx = results.filter((r) => r.status >= 500).length;
    const slowest = Math.max(...results.map((r) => r.ms));
    const line = `${name}: requests=${results.length} 5xx=${fiveXx} deadlocks=${deadlockDelta} slowest=${Math.round(slowest)}ms`;
    console.log(line);
    return line;
  }

  it('ten rounds of five parallel item transfers A->B and B->A: no 5xx, no deadlock', async () => {
    const item = BASE_SET_ITEMS[5]!.uuid;
    const a = await player({ items: { [item]: 100 } });
    const b = await player({ items: { [item]: 100 } });
    const before = await deadlocks();
    const results: Array<{ status: number; ms: number }> = [];
    for (let round = 0; round < 10; round++) {
      results.push(...await Promise.all([
        ...Array.from({ length: 5 }, () => timed(() => a.client.post('/api/inventory/transfer-onchain', { toPlayerUsername: b.username, itemUuid: item, quantity: 1 }))),
        ...Array.from({ length: 5 }, () => timed(() => b.client.post('/api/inventory/transfer-onchain', { toPlayerUsername: a.username, itemUuid: item, quantity: 1 }))),
      ]));
    }
    const line = summary('ping-pong transfers', results, (await deadlocks()) - before);
    expect(results.map((r) => r.status).filter((s) => s !== 200), line).toEqual([]);
    expect(line).toContain(' deadlocks=0 ');
    const held = [await itemHoldings(t.handle.db, playerAccount(a.uuid)), await itemHoldings(t.handle.db, playerAccount(b.uuid))];
    expect(held.map((h) => h.get(item))).toEqual([100n, 100n]);
    expect(await conservationViolations(t.handle.db)).toEqual([]);
  }, 240_000);

  it('two players buying each other\'s listings at once: no 5xx, no deadlock', async () => {
    const item = BASE_SET_ITEMS[6]!.uuid;
    const a = await player({ tripcoins: 10_000, items: { [item]: 50 } });
    const b = await player({ tripcoins: 10_000, items: { [item]: 50 } });
    const list = async (who: typeof a) => {
      const ids: string[] = [];
      for (let i = 0; i < 50; i++) {
        const r = await who.client.post('/api/seaport/create-listing', { itemUuid: item, priceInTripCoins: 3, quantity: 1, durationDays: 30 });
        expect(r.statusCode, r.body).toBe(200);
        ids.push(r.json().listing.order_id as string);
      }
      return ids;
    };
    const [ofA, ofB] = [await list(a), await list(b)];
    const before = await deadlocks();
    const results: Array<{ status: number; ms: number }> = [];
    for (let round = 0; round < 10; round++) {
      const slice = (ids: string[]) => ids.slice(round * 5, round * 5 + 5);
      results.push(...await Promise.all([
        ...slice(ofB).map((orderId) => timed(() => a.client.post('/api/seaport/buy-listing', { orderId }))),
        ...slice(ofA).map((orderId) => timed(() => b.client.post('/api/seaport/buy-listing', { orderId }))),
      ]));
    }
    const line = summary('cross buys', results, (await deadlocks()) - before);
    expect(results.map((r) => r.status).filter((s) => s !== 200), line).toEqual([]);
    expect(line).toContain(' deadlocks=0 ');
    expect(await conservationViolations(t.handle.db)).toEqual([]);
  }, 240_000);
});
