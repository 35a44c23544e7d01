// Races, on PostgreSQL only: PGlite is a single connection that runs one transaction at a time,
// so nothing can race there. Requests go through app.inject concurrently; each runs its own
// transaction on the pg pool, so the database sees real concurrent transactions.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_SET_ITEMS, ITEM_IDS } from '../../contract/items';
import { MARKET_TEXT, NFT_ALREADY_SOLD } from '../../contract/marketplace';
import { COINFLIP_TEXT } from '../../contract/coinflip';
import { inTransaction } from '../../server/db/tx';
import { toBigInt } from '../../server/db/values';
import { grantAward } from '../../server/services/economy/awards';
import { setCrateSupply } from '../../server/jobs/crateSupply';
import { crateShops } from '../../server/services/economy/crates';
import { CRATE_TEXT } from '../../contract/crates';
import { coinBalance, conservationViolations, itemHoldings } from '../../server/services/economy/ledger';
import { createSession, SESSION_COOKIE } from '../../server/services/accounts/sessions';
import { createUser } from '../../server/services/accounts/users';
import { Client, startApp, testConfig, uniqueName, type TestApp, databaseNamed } from './helpers';

const postgres = databaseNamed('postgres');

describe.skipIf(!postgres)('economy races on PostgreSQL (skipped: TEST_DATABASE_URL is not set, and only a real connection pool can race)', () => {
  let t: TestApp;
  beforeAll(async () => { t = await startApp(postgres!, { CRATE_V2_SUPPLY: 10, CRATE_V1_SUPPLY: 1000 }); });
  afterAll(async () => {
    expect(await conservationViolations(t.handle.db)).toEqual([]);
    await t.close();
  });

  interface Racer { client: Client; uuid: string; username: string }

  /** A logged-in player made directly in the database (registration's bot check would dominate the run). */
  async function racer(kit: { tripcoins?: number; items?: Record<string, number> } = {}): Promise<Racer> {
    const username = uniqueName('race');
    const uuid = await inTransaction(t.handle.db, (trx) => createUser(trx, { username, passwordHash: null }));
    // An adult by the age screen's answer, as a player who may wager.
    await t.handle.db.updateTable('users').set({ age_band: '18_plus' }).where('id', '=', uuid).execute();
    const client = new Client(t.app);
    client.cookies.set(SESSION_COOKIE, await createSession(t.handle.db, uuid, 1, {}));
    if (kit.tripcoins || kit.items) await inTransaction(t.handle.db, (trx) => grantAward(trx, { uuid, ...kit, awardId: randomUUID() }));
    return { client, uuid, username };
  }
  const racers = (n: number, kit: Parameters<typeof racer>[0] = {}) => Promise.all(Array.from({ length: n }, () => racer(kit)));
  const statuses = (rs: Array<{ statusCode: number }>) => rs.map((r) => r.statusCode).sort().join(',');
  const count = (rs: Array<{ statusCode: number }>, status: number) => rs.filter((r) => r.statusCode === status).length;

  it('sells exactly the last 10 crates to 50 concurrent buyers', async () => {
    const buyers = await racers(50, { tripcoins: 1000 });
    const answers = await Promise.all(buyers.map((b) => b.client.post('/api/crates/buy/v2', { quantity: 1 })));
    expect(count(answers, 200), statuses(answers)).toBe(10);
    expect(count(answers, 409)).toBe(40);
    for (const r of answers.filter((a) => a.statusCode === 409)) expect(r.json()).toMatchObject({ error: 'Sold Out: no crates are left in this shop', code: 'SOLD_OUT' });
    for (const shard of crateShops(testConfig()).get(1)!.shards) expect((await itemHoldings(t.handle.db, shard)).get(ITEM_IDS.baseSetIICrate) ?? 0n).toBe(0n);
    let crates = 0n;
    let coins = 0n;
    for (const b of buyers) {
      crates += (await itemHoldings(t.handle.db, `player:${b.uuid}`)).get(ITEM_IDS.baseSetIICrate) ?? 0n;
      coins += await coinBalance(t.handle.db, `player:${b.uuid}`);
    }
    expect(crates).toBe(10n);
    expect(coins).toBe(50n * 100_000n - 10n * 30_000n);
    expect((await t.app.inject({ url: '/api/crates/status/v2' })).json()).toMatchObject({ remainingSupply: 0, totalSupply: 10 });
  });

  it('a rush of multi-crate buyers on a supply spread thin over the shards: sold out exactly, never oversold', async () => {
    // 8 more crates (16 shards: 8 of them hold one, after the sell-out above): no shard holds 3,
    // so every purchase takes from several at once, while the others empty them.
    const shop = crateShops(testConfig({ CRATE_V2_SUPPLY: 10, CRATE_V1_SUPPLY: 1000 })).get(1)!;
    await setCrateSupply(t.handle.db, shop, 18);
    const buyers = await racers(12, { tripcoins: 2000 });
    const answers = await Promise.all(buyers.map((b) => b.client.post('/api/crates/buy/v2', { quantity: 3 })));
    expect(count(answers, 200), statuses(answers)).toBe(2);
    for (const r of answers.filter((a) => a.statusCode === 409)) {
      expect(r.json()).toMatchObject({ error: CRATE_TEXT.onlyAvailable(2n), code: 'SOLD_OUT' });
    }
    let crates = 0n;
    for (const b of buyers) crates += (await itemHoldings(t.handle.db, `player:${b.uuid}`)).get(ITEM_IDS.baseSetIICrate) ?? 0n;
    expect(crates).toBe(6n);
    let left = 0n;
    for (const shard of shop.shards) {
      const q = (await itemHoldings(t.handle.db, shard)).get(ITEM_IDS.baseSetIICrate) ?? 0n;
      expect(q).toBeGreaterThanOrEqual(0n);
      left += q;
    }
    expect(left).toBe(2n);
    expect((await t.app.inject({ url: '/api/crates/status/v2' })).json()).toMatchObject({ remainingSupply: 2, totalSupply: 18 });
    // The last two, one each, to a crowd: exactly two sold.
    const crowd = await racers(20, { tripcoins: 1000 });
    const last = await Promise.all(crowd.map((b) => b.client.post('/api/crates/buy/v2', { quantity: 1 })));
    expect(count(last, 200), statuses(last)).toBe(2);
    expect((await t.app.inject({ url: '/api/crates/status/v2' })).json()).toMatchObject({ remainingSupply: 0, totalSupply: 18 });
    expect(await conservationViolations(t.handle.db)).toEqual([]);
  });

  it('a rush of 50 buyers on a large supply spread over the shards sells every crate once', async () => {
    const shop = crateShops(testConfig({ CRATE_V2_SUPPLY: 10, CRATE_V1_SUPPLY: 1000 })).get(1)!;
    await setCrateSupply(t.handle.db, shop, 18 + 300);
    const buyers = await racers(50, { tripcoins: 3000 });
    // 50 buyers, 7 purchases of one crate each (350 calls) for 300 crates: 50 refused.
    const answers = (await Promise.all(buyers.map(async (b) => {
      const mine = [];
      for (let i = 0; i < 7; i++) mine.push(await b.client.post('/api/crates/buy/v2', { quantity: 1 }));
      return mine;
    }))).flat();
    expect(count(answers, 200), statuses(answers)).toBe(300);
    expect(count(answers, 409)).toBe(50);
    for (const r of answers.filter((a) => a.statusCode === 409)) expect(r.json()).toMatchObject({ code: 'SOLD_OUT', error: CRATE_TEXT.onlyAvailable(0n) });
    let crates = 0n;
    for (const b of buyers) crates += (await itemHoldings(t.handle.db, `player:${b.uuid}`)).get(ITEM_IDS.baseSetIICrate) ?? 0n;
    expect(crates).toBe(300n);
    expect((await t.app.inject({ url: '/api/crates/status/v2' })).json()).toMatchObject({ remainingSupply: 0, totalSupply: 318 });
    expect(await conservationViolations(t.handle.db)).toEqual([]);
  });

  it('gives each listing to exactly one of two simultaneous buyers; the other gets 410', async () => {
    const item = BASE_SET_ITEMS[3]!.uuid;
    const seller = await racer({ items: { [item]: 6 } });
    for (let round = 0; round < 6; round++) {
      const r = await seller.client.post('/api/seaport/create-listing', { itemUuid: item, priceInTripCoins: 50, quantity: 1, durationDays: 30 });
      const orderId = r.json().listing.order_id as string;
      const pair = await racers(2, { tripcoins: 50 });
      const answers = await Promise.all(pair.map((b) => b.client.post('/api/seaport/buy-listing', { orderId })));
      expect(statuses(answers)).toBe('200,410');
      const loser = answers.find((a) => a.statusCode === 410)!;
      expect(loser.json()).toMatchObject({ error: MARKET_TEXT.alreadySold, code: NFT_ALREADY_SOLD });
      const balances = await Promise.all(pair.map((b) => coinBalance(t.handle.db, `player:${b.uuid}`)));
      expect(balances.sort()).toEqual([0n, 5000n]);
    }
    expect(await coinBalance(t.handle.db, `player:${seller.uuid}`)).toBe(6n * 5000n);
  });

  it('never creates or loses an item under concurrent transfers, listings and cancels of the same stock', async () => {
    const item = BASE_SET_ITEMS[4]!.uuid;
    const owner = await racer({ items: { [item]: 10 } });
    const friends = await racers(4, { items: { [item]: 2 } });
    const requests = [
      ...Array.from({ length: 15 }, (_, i) => owner.client.post('/api/inventory/transfer-onchain', { toPlayerUsername: friends[i % 4]!.username, itemUuid: item, quantity: 1 })),
      ...Array.from({ length: 15 }, () => owner.client.post('/api/seaport/create-listing', { itemUuid: item, priceInTripCoins: 1, quantity: 1, durationDays: 30 })),
      // Friends send items back at the same time: opposite lock orders, resolved by retry.
      ...friends.map((f) => f.client.post('/api/inventory/transfer-onchain', { toPlayerUsername: owner.username, itemUuid: item, quantity: 2 })),
    ];
    const answers = await Promise.all(requests);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409), statuses(answers)).toBe(true);
    for (const r of answers.filter((a) => a.statusCode === 409)) expect(r.json().error).toMatch(/^You only have \d+ of this item\.$/);
    const ownerMoves = answers.slice(0, 30);
    const succeeded = count(ownerMoves, 200);
    expect(succeeded).toBeGreaterThanOrEqual(10);
    expect(succeeded).toBeLessThanOrEqual(18);
    const total = await t.handle.db.selectFrom('item_holdings').select((eb) => eb.fn.sum<string>('quantity').as('n'))
      .where('item_uuid', '=', item).where('account_id', '<>', 'mint').executeTakeFirstOrThrow();
    expect(toBigInt(total.n)).toBe(18n);
    // Cancel every listing at once, twice over: each comes back exactly once.
    const mine = await t.handle.db.selectFrom('market_listings').select('id').where('seller_id', '=', owner.uuid).where('status', '=', 'active').execute();
    const cancels = await Promise.all(mine.flatMap((l) => [0, 1].map(() => owner.client.post('/api/seaport/cancel-listing', { orderId: l.id }))));
    expect(count(cancels, 200)).toBe(mine.length);
    expect(count(cancels, 410)).toBe(mine.length);
    const after = await t.handle.db.selectFrom('item_holdings').select((eb) => eb.fn.sum<string>('quantity').as('n'))
      .where('item_uuid', '=', item).where('account_id', '<>', 'mint').executeTakeFirstOrThrow();
    expect(toBigInt(after.n)).toBe(18n);
    expect(await conservationViolations(t.handle.db)).toEqual([]);
  });

  it('settles a coin flip accepted several times at once exactly once', async () => {
    for (let round = 0; round < 4; round++) {
      const creator = await racer({ tripcoins: 100 });
      const acceptors = await racers(3, { tripcoins: 100 });
      const { game_id } = (await creator.client.post('/api/coinflip/create', { wager_amount: 100, choice: round % 2 })).json();
      const answers = await Promise.all(acceptors.map((a) => a.client.post(`/api/coinflip/${game_id}/accept`)));
      expect(statuses(answers)).toBe('200,410,410');
      for (const r of answers.filter((a) => a.statusCode === 410)) expect(r.json().error).toBe(COINFLIP_TEXT.closed);
      const everyone = [creator, ...acceptors];
      const balances = await Promise.all(everyone.map((p) => coinBalance(t.handle.db, `player:${p.uuid}`)));
      expect(balances.reduce((s, b) => s + b, 0n)).toBe(4n * 10_000n);
      expect(balances.filter((b) => b === 20_000n)).toHaveLength(1);
      expect(balances.filter((b) => b === 0n)).toHaveLength(1);
      expect(await coinBalance(t.handle.db, `escrow:coinflip:${game_id}`)).toBe(0n);
    }
    // An accept racing the creator's cancel: one of them wins, never both.
    const creator = await racer({ tripcoins: 50 });
    const acceptor = await racer({ tripcoins: 50 });
    const { game_id } = (await creator.client.post('/api/coinflip/create', { wager_amount: 50, choice: 0 })).json();
    const [accept, cancel] = await Promise.all([acceptor.client.post(`/api/coinflip/${game_id}/accept`), creator.client.post(`/api/coinflip/${game_id}/cancel`)]);
    expect([accept.statusCode, cancel.statusCode].sort().join(',')).toBe('200,410');
    const total = (await coinBalance(t.handle.db, `player:${creator.uuid}`)) + (await coinBalance(t.handle.db, `player:${acceptor.uuid}`));
    expect(total).toBe(10_000n);
  });

  it('charges once for a burst of retries with one Idempotency-Key', async () => {
    const buyer = await racer({ tripcoins: 1000 });
    const key = { 'idempotency-key': `burst-${randomUUID()}` };
    const answers = await Promise.all(Array.from({ length: 10 }, () => buyer.client.post('/api/crates/buy', { quantity: 2 }, key)));
    expect(statuses(answers)).toBe(Array(10).fill('200').join(','));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
    expect(await coinBalance(t.handle.db, `player:${buyer.uuid}`)).toBe(100_000n - 20_000n);

    const item = BASE_SET_ITEMS[7]!.uuid;
    const seller = await racer({ items: { [item]: 1 } });
    const orderId = (await seller.client.post('/api/seaport/create-listing', { itemUuid: item, priceInTripCoins: 100, quantity: 1, durationDays: 30 })).json().listing.order_id;
    const buyKey = { 'idempotency-key': `burst-${randomUUID()}` };
    const buys = await Promise.all(Array.from({ length: 6 }, () => buyer.client.post('/api/seaport/buy-listing', { orderId }, buyKey)));
    expect(statuses(buys)).toBe(Array(6).fill('200').join(','));
    expect(await coinBalance(t.handle.db, `player:${buyer.uuid}`)).toBe(80_000n - 10_000n);
    expect(await coinBalance(t.handle.db, `player:${seller.uuid}`)).toBe(10_000n);
  });

  it('keeps every conservation invariant after a mixed concurrent workload', async () => {
    const players = await racers(12, { tripcoins: 2000, items: { [ITEM_IDS.baseSetCrate]: 2, [BASE_SET_ITEMS[0]!.uuid]: 3 } });
    const item = BASE_SET_ITEMS[0]!.uuid;
    const games = await Promise.all(players.slice(0, 4).map((p) => p.client.post('/api/coinflip/create', { wager_amount: 25, choice: 1 })));
    const listings = await Promise.all(players.slice(4, 8).map((p) => p.client.post('/api/seaport/create-listing', { itemUuid: item, priceInTripCoins: 30, quantity: 2, durationDays: 30 })));
    const work = players.flatMap((p, i) => {
      const next = players[(i + 1) % players.length]!;
      return [
        p.client.post('/api/crates/buy', { quantity: 1 }),
        p.client.post('/api/crates/open'),
        p.client.post('/api/inventory/transfer-onchain', { toPlayerUsername: next.username, itemUuid: item, quantity: 1 }),
        p.client.post(`/api/coinflip/${games[i % 4]!.json().game_id}/accept`),
        p.client.post('/api/seaport/buy-listing', { orderId: listings[i % 4]!.json().listing.order_id }),
        p.client.post('/api/server/award', {}),
      ];
    });
    const answers = await Promise.all(work);
    expect(answers.every((a) => a.statusCode < 500), statuses(answers)).toBe(true);
    expect(count(answers, 200)).toBeGreaterThan(players.length * 2);
    expect(await conservationViolations(t.handle.db)).toEqual([]);
  });
});
