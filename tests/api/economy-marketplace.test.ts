// The marketplace: listing (escrow), browsing, detail, cancel, buy, expiry, Idempotency-Key, stats.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_SET_ITEMS, ITEM_IDS } from '../../contract/items';
import { MARKET_TEXT, NFT_ALREADY_SOLD } from '../../contract/marketplace';
import { coinBalance, conservationViolations, itemHoldings } from '../../server/services/economy/ledger';
import { escrowOf } from '../../server/services/economy/marketplace';
import { Client, registerPlayerWith, startApp, testConfig, testDatabases, type TestApp } from './helpers';

const GAME = { authorization: `Bearer ${testConfig().GAME_SERVER_KEY}` };
const [WRENCH, KATANA] = [BASE_SET_ITEMS[8]!.uuid, BASE_SET_ITEMS[5]!.uuid];

type Player = Awaited<ReturnType<typeof registerPlayerWith>>;

describe.each(testDatabases())('the marketplace on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => { t = await startApp(database); });
  afterAll(async () => {
    expect(await conservationViolations(t.handle.db)).toEqual([]);
    await t.close();
  });

  const player = (kit: { tripcoins?: number; items?: Record<string, number> } = {}): Promise<Player> => registerPlayerWith(t.app, kit);
  const inventory = async (c: Client) => (await c.get('/api/getBaseInventory')).json() as { inventory: Record<string, string>; tripcoins: number };
  const list = (c: Client, body: Record<string, unknown>) => c.post('/api/seaport/create-listing', { durationDays: 30, quantity: 1, ...body });
  async function listed(p: Player, itemUuid: string, price: number | string, quantity = 1): Promise<string> {
    const r = await list(p.client, { itemUuid, priceInTripCoins: price, quantity });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().listing.order_id as string;
  }
  const expire = (id: string) => sql`UPDATE market_listings SET end_time = now() - interval '1 second' WHERE id = ${id}`.execute(t.handle.db);

  describe('create-listing', () => {
    it('escrows the items and answers the listing', async () => {
      const seller = await player({ items: { [WRENCH]: 5 } });
      const r = await list(seller.client, { itemUuid: WRENCH, priceInTripCoins: 12.5, quantity: 3 });
      expect(r.statusCode).toBe(200);
      const { message, listing } = r.json();
      expect(message).toBe(MARKET_TEXT.listed);
      expect(listing).toMatchObject({
        seller_uuid: seller.uuid, seller_username: seller.username, item_uuid: WRENCH, item_name: 'Golden Wrench',
        price_tripcoins: 12.5, token_id: '9', isOwnListing: true, quantity: 3,
      });
      const days = (Date.parse(listing.end_time) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29.9);
      expect(days).toBeLessThan(30.1);
      expect((await inventory(seller.client)).inventory).toEqual({ [WRENCH]: '2' });
      expect((await itemHoldings(t.handle.db, escrowOf(listing.order_id))).get(WRENCH)).toBe(3n);
      expect(await coinBalance(t.handle.db, `player:${seller.uuid}`)).toBe(0n);
    });

    it('refuses with the spec texts and escrows nothing', async () => {
      const seller = await player({ items: { [WRENCH]: 2 } });
      const cases: Array<[Record<string, unknown>, number, string]> = [
        [{ priceInTripCoins: 5 }, 400, MARKET_TEXT.itemAndPriceRequired],
        [{ itemUuid: WRENCH }, 400, MARKET_TEXT.itemAndPriceRequired],
        [{ itemUuid: WRENCH, priceInTripCoins: '' }, 400, MARKET_TEXT.itemAndPriceRequired],
        [{ itemUuid: WRENCH, priceInTripCoins: 0 }, 400, MARKET_TEXT.invalidPrice],
        [{ itemUuid: WRENCH, priceInTripCoins: -3 }, 400, MARKET_TEXT.invalidPrice],
        [{ itemUuid: WRENCH, priceInTripCoins: 'ten' }, 400, MARKET_TEXT.invalidPrice],
        [{ itemUuid: WRENCH, priceInTripCoins: true }, 400, MARKET_TEXT.invalidPrice],
        [{ itemUuid: WRENCH, priceInTripCoins: 1.234 }, 400, MARKET_TEXT.priceDecimals],
        [{ itemUuid: WRENCH, priceInTripCoins: '1.001' }, 400, MARKET_TEXT.priceDecimals],
        [{ itemUuid: WRENCH, priceInTripCoins: 2_000_000_000 }, 400, MARKET_TEXT.priceTooHigh],
        [{ itemUuid: WRENCH, priceInTripCoins: 5, quantity: 0 }, 400, MARKET_TEXT.quantityRule],
        [{ itemUuid: WRENCH, priceInTripCoins: 5, quantity: 1.5 }, 400, MARKET_TEXT.quantityRule],
        [{ itemUuid: WRENCH, priceInTripCoins: 5, durationDays: 7 }, 400, MARKET_TEXT.durationRule],
        [{ itemUuid: WRENCH, priceInTripCoins: 5, quantity: 3 }, 409, 'You only have 2 of this item.'],
        [{ itemUuid: KATANA, priceInTripCoins: 5 }, 409, 'You only have 0 of this item.'],
        [{ itemUuid: randomUUID(), priceInTripCoins: 5 }, 404, 'Item not found'],
        [{ itemUuid: 'x', priceInTripCoins: 5 }, 404, 'Item not found'],
      ];
      for (const [body, status, error] of cases) {
        const r = await list(seller.client, body);
        expect(r.statusCode, JSON.stringify(body)).toBe(status);
        expect(r.json().error, JSON.stringify(body)).toBe(error);
      }
      expect((await list(new Client(t.app), { itemUuid: WRENCH, priceInTripCoins: 5 })).statusCode).toBe(401);
      expect((await inventory(seller.client)).inventory).toEqual({ [WRENCH]: '2' });
      const rows = await t.handle.db.selectFrom('market_listings').select('id').where('seller_id', '=', seller.uuid).execute();
      expect(rows).toEqual([]);
    });

    it('accepts prices as text with up to two decimals, and no fee', async () => {
      const seller = await player({ items: { [KATANA]: 1 } });
      const id = await listed(seller, KATANA, '0.01');
      const buyer = await player({ tripcoins: 1 });
      expect((await buyer.client.post('/api/seaport/buy-listing', { orderId: id })).statusCode).toBe(200);
      expect((await inventory(seller.client)).tripcoins).toBe(0.01);
      expect((await inventory(buyer.client)).tripcoins).toBe(0.99);
    });
  });

  describe('listings and detail', () => {
    it('pages active listings cheapest first, filters by item and marks the caller\'s own', async () => {
      const item = BASE_SET_ITEMS[10]!.uuid;
      const seller = await player({ items: { [item]: 3 } });
      const other = await player();
      const ids = [await listed(seller, item, 30), await listed(seller, item, 10), await listed(seller, item, 20)];
      const page1 = (await other.client.get(`/api/seaport/listings?page=1&page_size=2&sort=price_asc&itemUuid=${item}`)).json();
      expect(page1).toMatchObject({ page: 1, page_size: 2, total: 3, total_pages: 2 });
      expect(page1.listings.map((l: { order_id: string }) => l.order_id)).toEqual([ids[1], ids[2]]);
      expect(page1.listings.every((l: { isOwnListing: boolean }) => !l.isOwnListing)).toBe(true);
      const page2 = (await other.client.get(`/api/seaport/listings?page=2&page_size=2&sort=price_asc&itemUuid=${item}`)).json();
      expect(page2.listings.map((l: { order_id: string }) => l.order_id)).toEqual([ids[0]]);
      const own = (await seller.client.get(`/api/seaport/listings?page_size=1000&itemUuid=${item}`)).json();
      expect(own.listings.every((l: { isOwnListing: boolean }) => l.isOwnListing)).toBe(true);
      const desc = (await t.app.inject({ url: `/api/seaport/listings?sort=price_desc&itemUuid=${item}` })).json();
      expect(desc.listings.map((l: { price_tripcoins: number }) => l.price_tripcoins)).toEqual([30, 20, 10]);
      const all = (await t.app.inject({ url: '/api/seaport/listings?page=1&page_size=100&sort=price_asc' })).json();
      const prices = all.listings.map((l: { price_tripcoins: number }) => l.price_tripcoins);
      expect(prices).toEqual([...prices].sort((a: number, b: number) => a - b));
      expect((await t.app.inject({ url: `/api/seaport/listings?itemUuid=${randomUUID()}` })).json()).toMatchObject({ listings: [], total: 0 });
      for (const q of ['page=0', 'page_size=0', 'page_size=1001', 'sort=cheap', 'itemUuid=nope', 'page=x']) {
        const r = await t.app.inject({ url: `/api/seaport/listings?${q}` });
        expect(r.statusCode, q).toBe(400);
        expect(r.json().code).toBe('INVALID_INPUT');
      }
    });

    it('shows a listing with the caller\'s balance', async () => {
      const seller = await player({ items: { [ITEM_IDS.mythicalTicket]: 1 } });
      const viewer = await player({ tripcoins: 77.7 });
      const id = await listed(seller, ITEM_IDS.mythicalTicket, 500);
      const r = await viewer.client.get(`/api/marketplace/listing/${id}`);
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({
        listing_id: id, item_uuid: ITEM_IDS.mythicalTicket, item_name: 'Mythical Ticket', item_type: 'ticket', collection: null,
        quantity: 1, price: 500, seller_username: seller.username, user_balance: 77.7, isOwnListing: false,
      });
      expect((await new Client(t.app).get(`/api/marketplace/listing/${id}`)).json().user_balance).toBe(0);
      for (const bad of [randomUUID(), 'not-a-listing']) {
        const missing = await viewer.client.get(`/api/marketplace/listing/${bad}`);
        expect(missing.statusCode).toBe(404);
        expect(missing.json().error).toBe(MARKET_TEXT.listingNotFound);
      }
    });

    // Pages are kept between changes (services/economy/listingsCache.ts): a read with nothing changed asks
    // the database nothing, and any change, by whoever (here a hand-run statement, as another
    // process or an operator would make), shows at the next read.
    it('answers a page from memory until the market changes, whoever changes it', async () => {
      const item = BASE_SET_ITEMS[11]!.uuid;
      const seller = await player({ items: { [item]: 1 } });
      const id = await listed(seller, item, 40);
      const url = `/api/seaport/listings?itemUuid=${item}`;
      const priceNow = async () => ((await t.app.inject({ url })).json().listings as Array<{ order_id: string; price_tripcoins: number }>).find((l) => l.order_id === id)?.price_tripcoins;
      // The listing's own NOTIFY reaches this process's listener a moment after its commit (on
      // PostgreSQL, over the listener's connection) and drops whatever page was kept by then:
      // let it arrive before keeping the page this test watches (the CI run on PostgreSQL read 41).
      await new Promise((r) => setTimeout(r, 300));
      expect(await priceNow()).toBe(40);
      // Changed without telling anyone (the trigger off inside this one transaction): still the kept page.
      await t.handle.db.transaction().execute(async (trx) => {
        await sql`ALTER TABLE market_listings DISABLE TRIGGER market_listings_notify`.execute(trx);
        await sql`UPDATE market_listings SET price = 4100 WHERE id = ${id}`.execute(trx);
        await sql`ALTER TABLE market_listings ENABLE TRIGGER market_listings_notify`.execute(trx);
      });
      expect(await priceNow()).toBe(40);
      // A change as anyone makes it: the next read has it (within the notification's trip, far below the pages' 5 s).
      await sql`UPDATE market_listings SET price = 4200 WHERE id = ${id}`.execute(t.handle.db);
      const started = Date.now();
      let price = await priceNow();
      while (price !== 42 && Date.now() - started < 1_000) { await new Promise((r) => setTimeout(r, 20)); price = await priceNow(); }
      expect(price).toBe(42);
      // This process's own change is seen at once, with no wait.
      expect((await seller.client.post('/api/seaport/cancel-listing', { orderId: id })).statusCode).toBe(200);
      expect(await priceNow()).toBeUndefined();
    });
  });

  describe('cancel-listing', () => {
    it('gives the items back to the seller, once, and only the seller', async () => {
      const seller = await player({ items: { [WRENCH]: 2 } });
      const other = await player();
      const id = await listed(seller, WRENCH, 9, 2);
      const notMine = await other.client.post('/api/seaport/cancel-listing', { orderId: id });
      expect(notMine.statusCode).toBe(403);
      expect(notMine.json().error).toBe(MARKET_TEXT.notYourListing);
      const r = await seller.client.post('/api/seaport/cancel-listing', { orderId: id });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ message: MARKET_TEXT.cancelled });
      expect((await inventory(seller.client)).inventory).toEqual({ [WRENCH]: '2' });
      const again = await seller.client.post('/api/seaport/cancel-listing', { orderId: id });
      expect(again.statusCode).toBe(410);
      expect(again.json()).toMatchObject({ error: MARKET_TEXT.alreadySold, code: NFT_ALREADY_SOLD });
      expect((await seller.client.post('/api/seaport/cancel-listing', { orderId: randomUUID() })).statusCode).toBe(404);
      expect((await seller.client.post('/api/seaport/cancel-listing', {})).statusCode).toBe(400);
      const gone = await other.client.post('/api/seaport/buy-listing', { orderId: id });
      expect(gone.statusCode).toBe(410);
      expect(gone.json().code).toBe(NFT_ALREADY_SOLD);
      expect((await t.app.inject({ url: `/api/marketplace/listing/${id}` })).statusCode).toBe(410);
    });
  });

  describe('buy-listing', () => {
    it('pays the seller and gives the buyer the items, once', async () => {
      const seller = await player({ items: { [KATANA]: 4 } });
      const buyer = await player({ tripcoins: 200 });
      const third = await player({ tripcoins: 500 });
      const id = await listed(seller, KATANA, 150.25, 4);
      const r = await buyer.client.post('/api/seaport/buy-listing', { orderId: id });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ message: MARKET_TEXT.bought, order_id: id, item_uuid: KATANA, quantity: 4, price: 150.25, tripcoins: 49.75 });
      expect(await inventory(buyer.client)).toEqual({ inventory: { [KATANA]: '4' }, tripcoins: 49.75 });
      expect(await inventory(seller.client)).toEqual({ inventory: {}, tripcoins: 150.25 });
      const late = await third.client.post('/api/seaport/buy-listing', { orderId: id });
      expect(late.statusCode).toBe(410);
      expect(late.json()).toEqual({ error: MARKET_TEXT.alreadySold, detail: MARKET_TEXT.alreadySold, code: NFT_ALREADY_SOLD });
      expect((await inventory(third.client)).tripcoins).toBe(500);
      const row = await t.handle.db.selectFrom('market_listings').select(['status', 'buyer_id']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'sold', buyer_id: buyer.uuid });
    });

    it('refuses your own listing, a short balance and unknown ids, changing nothing', async () => {
      const seller = await player({ items: { [WRENCH]: 1 }, tripcoins: 1000 });
      const poor = await player({ tripcoins: 20 });
      const id = await listed(seller, WRENCH, 150);
      const own = await seller.client.post('/api/seaport/buy-listing', { orderId: id });
      expect(own.statusCode).toBe(403);
      expect(own.json().error).toBe(MARKET_TEXT.ownListing);
      const short = await poor.client.post('/api/seaport/buy-listing', { orderId: id });
      expect(short.statusCode).toBe(409);
      expect(short.json()).toMatchObject({ error: 'Insufficient TripCoins. You need Ŧ150.00 but only have Ŧ20.00', code: 'INSUFFICIENT_FUNDS' });
      for (const orderId of [randomUUID(), 'abc', "'; DROP TABLE users; --"]) {
        const r = await poor.client.post('/api/seaport/buy-listing', { orderId });
        expect(r.statusCode).toBe(404);
        expect(r.json().error).toBe(MARKET_TEXT.listingNotFound);
      }
      expect((await new Client(t.app).post('/api/seaport/buy-listing', { orderId: id })).statusCode).toBe(401);
      expect(await inventory(poor.client)).toEqual({ inventory: {}, tripcoins: 20 });
      const row = await t.handle.db.selectFrom('market_listings').select('status').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.status).toBe('active');
    });

    it('answers a retry with the same Idempotency-Key without charging again', async () => {
      const seller = await player({ items: { [WRENCH]: 2 } });
      const buyer = await player({ tripcoins: 100 });
      const first = await listed(seller, WRENCH, 30);
      const second = await listed(seller, WRENCH, 30);
      const key = { 'idempotency-key': `buy-${randomUUID()}` };
      const a = await buyer.client.post('/api/seaport/buy-listing', { orderId: first }, key);
      const b = await buyer.client.post('/api/seaport/buy-listing', { orderId: first }, key);
      expect(a.statusCode).toBe(200);
      expect(b.statusCode).toBe(200);
      expect(b.json()).toEqual(a.json());
      expect(b.headers['idempotent-replayed']).toBe('true');
      expect(a.headers['idempotent-replayed']).toBeUndefined();
      expect((await inventory(buyer.client)).tripcoins).toBe(70);
      const reused = await buyer.client.post('/api/seaport/buy-listing', { orderId: second }, key);
      expect(reused.statusCode).toBe(409);
      expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
      const malformed = await buyer.client.post('/api/seaport/buy-listing', { orderId: second }, { 'idempotency-key': 'bad key!' });
      expect(malformed.statusCode).toBe(400);
      expect((await inventory(buyer.client)).tripcoins).toBe(70);
      // A key whose first attempt failed may be used again.
      const poorKey = { 'idempotency-key': `buy-${randomUUID()}` };
      const poor = await player({ tripcoins: 10 });
      expect((await poor.client.post('/api/seaport/buy-listing', { orderId: second }, poorKey)).statusCode).toBe(409);
      await t.app.inject({ method: 'POST', url: '/api/server/award', headers: GAME, payload: { uuid: poor.uuid, tripcoins: 20, awardId: randomUUID() } });
      expect((await poor.client.post('/api/seaport/buy-listing', { orderId: second }, poorKey)).statusCode).toBe(200);
    });
  });

  describe('expiry', () => {
    it('hides expired listings, answers 410, and returns their items to the seller', async () => {
      const item = BASE_SET_ITEMS[2]!.uuid;
      const seller = await player({ items: { [item]: 3 } });
      const buyer = await player({ tripcoins: 100 });
      const touched = await listed(seller, item, 5);
      const swept = await listed(seller, item, 5, 2);
      expect((await inventory(seller.client)).inventory).toEqual({});
      await expire(touched);
      await expire(swept);
      const r = await buyer.client.post('/api/seaport/buy-listing', { orderId: touched });
      expect(r.statusCode).toBe(410);
      expect(r.json().code).toBe(NFT_ALREADY_SOLD);
      expect((await inventory(seller.client)).inventory).toEqual({ [item]: '1' });
      const page = (await t.app.inject({ url: `/api/seaport/listings?itemUuid=${item}` })).json();
      expect(page.listings).toEqual([]);
      expect((await inventory(seller.client)).inventory).toEqual({ [item]: '3' });
      const statuses = await t.handle.db.selectFrom('market_listings').select('status').where('seller_id', '=', seller.uuid).execute();
      expect(statuses.map((s) => s.status)).toEqual(['expired', 'expired']);
      expect((await inventory(buyer.client)).tripcoins).toBe(100);
    });
  });

  describe('stats', () => {
    it('gives the lowest price, the count listed and the recent sales per item', async () => {
      const item = BASE_SET_ITEMS[6]!.uuid;
      const seller = await player({ items: { [item]: 6 } });
      const buyer = await player({ tripcoins: 1000 });
      const sold = [await listed(seller, item, 10), await listed(seller, item, 24, 2)];
      for (const orderId of sold) expect((await buyer.client.post('/api/seaport/buy-listing', { orderId })).statusCode).toBe(200);
      await listed(seller, item, 40, 2);
      await listed(seller, item, 15);
      const r = await t.app.inject({ url: `/api/seaport/stats?itemUuid=${item}` });
      expect(r.statusCode).toBe(200);
      const [stats] = r.json().items;
      expect(stats).toMatchObject({ item_uuid: item, item_name: 'Retro Backpack', lowest_price: 15, lowest_unit_price: 15, listed_count: 2, listed_quantity: 3 });
      expect(stats.recent_sales.map((s: { price: number; quantity: number; unit_price: number }) => [s.price, s.quantity, s.unit_price])).toEqual([[10, 1, 10], [24, 2, 12]]);
      const quiet = (await t.app.inject({ url: `/api/seaport/stats?itemUuid=${ITEM_IDS.technicalDifficulties}` })).json();
      expect(quiet.items).toEqual([{ item_uuid: ITEM_IDS.technicalDifficulties, item_name: 'Technical Difficulties', lowest_price: null, lowest_unit_price: null, listed_count: 0, listed_quantity: 0, recent_sales: [] }]);
      const everything = (await t.app.inject({ url: '/api/seaport/stats' })).json();
      expect(everything.items.some((i: { item_uuid: string }) => i.item_uuid === item)).toBe(true);
      expect((await t.app.inject({ url: '/api/seaport/stats?itemUuid=zzz' })).statusCode).toBe(400);
    });
  });
});
