// Crate shops v1/v2, crate opening and the drop tables.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRATE_TEXT } from '../../contract/crates';
import { BASE_SET_ITEMS, ITEM_IDS } from '../../contract/items';
import { conservationViolations, itemHoldings } from '../../server/services/economy/ledger';
import { ensureCrateShops, setCrateSupply } from '../../server/jobs/crateSupply';
import { crateShops } from '../../server/services/economy/crates';
import { draw, DropTableError, loadDropTables, oddsOf } from '../../server/services/economy/dropTables';
import { Client, registerPlayer, startApp, testConfig, testDatabases, type TestApp } from './helpers';

const GAME = { authorization: `Bearer ${testConfig().GAME_SERVER_KEY}` };
const SUPPLY = { CRATE_V1_SUPPLY: 500, CRATE_V2_SUPPLY: 5 };
type Player = Awaited<ReturnType<typeof registerPlayer>>;

describe('drop tables', () => {
  it('ships a valid table per crate version, of Base Set items only', () => {
    const tables = loadDropTables();
    const baseSet = new Set(BASE_SET_ITEMS.map((i) => i.uuid));
    for (const id of [0, 1]) {
      const table = tables.get(id)!;
      expect(table.entries.length).toBeGreaterThan(0);
      for (const e of table.entries) expect(baseSet.has(e.itemUuid)).toBe(true);
    }
  });

  it('draws each unit of weight once over the whole range', () => {
    const table = loadDropTables().get(0)!;
    const counts = new Map<string, number>();
    for (let ticket = 0; ticket < table.total; ticket++) {
      const e = draw(table, () => ticket);
      counts.set(e.itemUuid, (counts.get(e.itemUuid) ?? 0) + 1);
    }
    for (const e of table.entries) expect(counts.get(e.itemUuid)).toBe(e.weight);
  });

  it('rounds odds to two decimals summing to exactly 100', () => {
    const thirds = oddsOf({ crateVersionId: 0, total: 3, entries: [1, 1, 1].map((weight, i) => ({ itemUuid: `i${i}`, name: `i${i}`, weight })) });
    expect(thirds.map((o) => o.percent)).toEqual([33.34, 33.33, 33.33]);
    const sevenths = oddsOf({ crateVersionId: 0, total: 7, entries: [1, 2, 4].map((weight, i) => ({ itemUuid: `i${i}`, name: `i${i}`, weight })) });
    expect(Math.round(sevenths.reduce((s, o) => s + o.percent * 100, 0))).toBe(10_000);
  });

  it('refuses a broken file with a message naming the problem', () => {
    const dir = mkdtempSync(join(tmpdir(), 'drops-'));
    const write = (name: string, value: unknown) => { const p = join(dir, name); writeFileSync(p, typeof value === 'string' ? value : JSON.stringify(value)); return p; };
    const good = BASE_SET_ITEMS[0]!.uuid;
    const one = (drops: unknown[]) => ({ versions: [{ crateVersionId: 0, drops }, { crateVersionId: 1, drops: [{ itemUuid: good, weight: 1 }] }] });
    expect(() => loadDropTables(write('a.json', one([{ itemUuid: randomUUID(), weight: 1 }])))).toThrow(/not in the item catalogue/);
    expect(() => loadDropTables(write('b.json', one([{ itemUuid: good, weight: 1 }, { itemUuid: good, weight: 2 }])))).toThrow(/listed twice/);
    expect(() => loadDropTables(write('c.json', one([{ itemUuid: good, weight: 0 }])))).toThrow(DropTableError);
    expect(() => loadDropTables(write('d.json', { versions: [{ crateVersionId: 0, drops: [{ itemUuid: good, weight: 1 }] }] }))).toThrow(/No drop table for crate version 1/);
    expect(() => loadDropTables(write('e.json', '{ nope'))).toThrow(/Cannot read/);
    expect(() => loadDropTables(join(dir, 'missing.json'))).toThrow(/Cannot read/);
  });
});

describe.each(testDatabases())('crate shops on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => { t = await startApp(database, SUPPLY); });
  afterAll(async () => {
    expect(await conservationViolations(t.handle.db)).toEqual([]);
    await t.close();
  });

  async function player(kit: { tripcoins?: number; items?: Record<string, number> } = {}): Promise<Player> {
    const p = await registerPlayer(t.app);
    if (kit.tripcoins || kit.items) await t.app.inject({ method: 'POST', url: '/api/server/award', headers: GAME, payload: { uuid: p.uuid, ...kit, awardId: randomUUID() } });
    return p;
  }
  const inventory = async (c: Client) => (await c.get('/api/getBaseInventory')).json() as { inventory: Record<string, string>; tripcoins: number };

  it('answers the shop status, anonymously too', async () => {
    const v1 = await t.app.inject({ url: '/api/crates/status' });
    expect(v1.statusCode).toBe(200);
    expect(v1.json()).toEqual({ crateVersionId: 0, crateItemUuid: ITEM_IDS.baseSetCrate, cratePrice: 100, crateBalance: 0, totalSupply: 500, remainingSupply: expect.any(Number) });
    const v2 = (await t.app.inject({ url: '/api/crates/status/v2' })).json();
    expect(v2).toMatchObject({ crateVersionId: 1, crateItemUuid: ITEM_IDS.baseSetIICrate, cratePrice: 300, totalSupply: 5 });
  });

  it('sells crates from the supply, for coins, with the spec texts', async () => {
    const buyer = await player({ tripcoins: 250 });
    const before = (await t.app.inject({ url: '/api/crates/status' })).json().remainingSupply as number;
    const r = await buyer.client.post('/api/crates/buy', { quantity: 2 });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      message: 'Successfully purchased 2 Base Set Crate(s)!', description: 'Spent 200.00 TC', quantity: 2, crateBalance: 2, tripcoins: 50, remainingSupply: before - 2,
      // What the shell words in the player's language: the codes with their values.
      messageText: { code: 'CRATE_PURCHASED', params: { count: 2, name: 'Base Set' } }, descriptionText: { code: 'CRATE_SPENT', params: { amount: '200.00' } },
    });
    expect((await buyer.client.get('/api/crates/status')).json()).toMatchObject({ crateBalance: 2, remainingSupply: before - 2 });
    expect(await inventory(buyer.client)).toEqual({ inventory: { [ITEM_IDS.baseSetCrate]: '2' }, tripcoins: 50 });
    const short = await buyer.client.post('/api/crates/buy', { quantity: 1 });
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({ error: 'Insufficient balance. You have 50.00 TC but need 100.00 TC', code: 'INSUFFICIENT_FUNDS' });
    for (const quantity of [0, -1, 1.5, '2', null, undefined]) {
      const bad = await buyer.client.post('/api/crates/buy', { quantity });
      expect(bad.statusCode, String(quantity)).toBe(400);
      expect(bad.json().error).toBe(CRATE_TEXT.invalidQuantity);
    }
    expect((await new Client(t.app).post('/api/crates/buy', { quantity: 1 })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/crates/status' })).json().remainingSupply).toBe(before - 2);
    expect(await inventory(buyer.client)).toEqual({ inventory: { [ITEM_IDS.baseSetCrate]: '2' }, tripcoins: 50 });
  });

  it('never sells more than the supply', async () => {
    const whale = await player({ tripcoins: 10_000 });
    const tooMany = await whale.client.post('/api/crates/buy/v2', { quantity: 6 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ error: 'Only 5 crates available in shop', code: 'SOLD_OUT' });
    const all = await whale.client.post('/api/crates/buy/v2', { quantity: 5 });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ message: 'Successfully purchased 5 Base Set II Crate(s)!', description: 'Spent 1500.00 TC', remainingSupply: 0, crateBalance: 5 });
    const soldOut = await whale.client.post('/api/crates/buy/v2', { quantity: 1 });
    expect(soldOut.json().error).toBe('Sold Out: no crates are left in this shop');
    expect((await whale.client.get('/api/crates/status/v2')).json()).toMatchObject({ crateBalance: 5, remainingSupply: 0, totalSupply: 5 });
    expect((await inventory(whale.client)).tripcoins).toBe(8500);
  });

  it('answers a retried purchase (Idempotency-Key) without charging again', async () => {
    const buyer = await player({ tripcoins: 1000 });
    const key = { 'idempotency-key': `crates-${randomUUID()}` };
    const a = await buyer.client.post('/api/crates/buy', { quantity: 3 }, key);
    const b = await buyer.client.post('/api/crates/buy', { quantity: 3 }, key);
    expect(a.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(await inventory(buyer.client)).toEqual({ inventory: { [ITEM_IDS.baseSetCrate]: '3' }, tripcoins: 700 });
    expect((await buyer.client.post('/api/crates/buy', { quantity: 4 }, key)).statusCode).toBe(409);
    expect((await buyer.client.post('/api/crates/buy/v2', { quantity: 3 }, key)).statusCode).toBe(409);
    expect((await inventory(buyer.client)).tripcoins).toBe(700);
  });

  it('opens a crate into a Base Set item from the drop table', async () => {
    const opener = await player({ items: { [ITEM_IDS.baseSetCrate]: 2, [ITEM_IDS.baseSetIICrate]: 1 } });
    const table0 = new Set(loadDropTables().get(0)!.entries.map((e) => e.itemUuid));
    const r = await opener.client.post('/api/crates/open');
    expect(r.statusCode).toBe(200);
    const won = r.json();
    expect(table0.has(won.wonItemUuid)).toBe(true);
    expect(won).toMatchObject({ crateVersionId: 0, crateBalance: 1, wonItemName: BASE_SET_ITEMS.find((i) => i.uuid === won.wonItemUuid)!.name });
    const v2 = await opener.client.post('/api/crates/open', { crateVersionId: 1 });
    expect(v2.json()).toMatchObject({ crateVersionId: 1, crateBalance: 0 });
    const inv = (await inventory(opener.client)).inventory;
    expect(inv[ITEM_IDS.baseSetCrate]).toBe('1');
    expect(inv[ITEM_IDS.baseSetIICrate]).toBeUndefined();
    const wonCount = [won.wonItemUuid, v2.json().wonItemUuid].reduce<Record<string, number>>((m, u: string) => ({ ...m, [u]: (m[u] ?? 0) + 1 }), {});
    for (const [uuid, n] of Object.entries(wonCount)) expect(inv[uuid]).toBe(String(n));
    const openings = await t.handle.db.selectFrom('crate_openings').select(['version_id', 'won_item']).where('user_id', '=', opener.uuid).orderBy('id').execute();
    expect(openings).toEqual([{ version_id: 0, won_item: won.wonItemUuid }, { version_id: 1, won_item: v2.json().wonItemUuid }]);
    const stats = await t.handle.db.selectFrom('player_stats').select('crates_opened').where('user_id', '=', opener.uuid).executeTakeFirstOrThrow();
    expect(Number(stats.crates_opened)).toBe(2);
    const none = await opener.client.post('/api/crates/open', { crateVersionId: 1 });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ error: CRATE_TEXT.needCrate, code: 'NO_CRATES' });
    for (const crateVersionId of [2, '0', -1]) expect((await opener.client.post('/api/crates/open', { crateVersionId })).statusCode).toBe(400);
    expect((await new Client(t.app).post('/api/crates/open')).statusCode).toBe(401);
  });

  it('publishes the odds as percentages summing to 100', async () => {
    for (const [query, id] of [['', 0], ['?crateVersionId=0', 0], ['?crateVersionId=1', 1]] as const) {
      const r = await t.app.inject({ url: `/api/crates/odds${query}` });
      expect(r.statusCode).toBe(200);
      const body = r.json() as { crateVersionId: number; odds: Array<{ itemUuid: string; weight: number; percent: number }> };
      expect(body.crateVersionId).toBe(id);
      const table = loadDropTables().get(id)!;
      expect(body.odds.map((o) => [o.itemUuid, o.weight])).toEqual(table.entries.map((e) => [e.itemUuid, e.weight]));
      expect(Math.round(body.odds.reduce((s, o) => s + o.percent * 100, 0))).toBe(10_000);
    }
    const base = (await t.app.inject({ url: '/api/crates/odds' })).json().odds;
    expect(base[0]).toMatchObject({ name: 'Pixel Blaster', percent: 15 });
    expect((await t.app.inject({ url: '/api/crates/odds?crateVersionId=2' })).statusCode).toBe(400);
  });

  it('a start never changes a supply; the admin change raises it once', async () => {
    const shops = crateShops(testConfig({ ...SUPPLY, CRATE_V2_SUPPLY: 8 }));
    expect(await ensureCrateShops(t.handle.db, shops.values())).toEqual([expect.stringContaining('npm run admin -- crates supply v2')]);
    expect((await t.app.inject({ url: '/api/crates/status/v2' })).json()).toMatchObject({ totalSupply: 5, remainingSupply: 0 });
    await setCrateSupply(t.handle.db, shops.get(1)!, 8);
    await ensureCrateShops(t.handle.db, shops.values());
    expect((await t.app.inject({ url: '/api/crates/status/v2' })).json()).toMatchObject({ totalSupply: 8, remainingSupply: 3 });
    await ensureCrateShops(t.handle.db, crateShops(testConfig({ ...SUPPLY, CRATE_V2_SUPPLY: 1 })).values());
    expect((await t.app.inject({ url: '/api/crates/status/v2' })).json()).toMatchObject({ totalSupply: 8, remainingSupply: 3 });
    const shards = crateShops(testConfig(SUPPLY)).get(1)!.shards;
    let held = 0n;
    for (const shard of shards) held += (await itemHoldings(t.handle.db, shard)).get(ITEM_IDS.baseSetIICrate) ?? 0n;
    expect(held).toBe(3n);
  });
});
