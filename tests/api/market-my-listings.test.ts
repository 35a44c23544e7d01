// GET /api/seaport/my-listings (the shell's "My listings"): the caller's own active listings,
// newest first, paginated; nobody else's, nothing sold, cancelled or expired; players only.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_SET_ITEMS } from '../../contract/items';
import { ListingsPage } from '../../contract/marketplace';
import { conservationViolations } from '../../server/services/economy/ledger';
import { registerPlayerWith, startApp, testDatabases, type TestApp } from './helpers';

const [BOOTS, LASER] = [BASE_SET_ITEMS[3]!.uuid, BASE_SET_ITEMS[7]!.uuid];

type Player = Awaited<ReturnType<typeof registerPlayerWith>>;

describe.each(testDatabases())('my listings on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => { t = await startApp(database); });
  afterAll(async () => {
    expect(await conservationViolations(t.handle.db)).toEqual([]);
    await t.close();
  });

  const player = (kit: { tripcoins?: number; items?: Record<string, number> } = {}): Promise<Player> => registerPlayerWith(t.app, kit);
  async function listed(p: Player, itemUuid: string, price: number): Promise<string> {
    const r = await p.client.post('/api/seaport/create-listing', { itemUuid, priceInTripCoins: price, quantity: 1, durationDays: 30 });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().listing.order_id as string;
  }
  const mine = async (p: Player, query = '') => {
    const r = await p.client.get(`/api/seaport/my-listings${query}`);
    expect(r.statusCode, r.body).toBe(200);
    return ListingsPage.parse(r.json());
  };

  it('answers only the caller\'s active listings, newest first, a page at a time', async () => {
    const seller = await player({ items: { [BOOTS]: 5, [LASER]: 2 } });
    const other = await player({ items: { [BOOTS]: 1 }, tripcoins: 100 });
    const buyer = await player({ tripcoins: 100 });
    const ids: string[] = [];
    for (const [item, price] of [[BOOTS, 3], [LASER, 9], [BOOTS, 1], [BOOTS, 7], [LASER, 2]] as const) {
      ids.push(await listed(seller, item, price));
      await sql`UPDATE market_listings SET created_at = now() - make_interval(mins => ${100 - ids.length}) WHERE id = ${ids.at(-1)!}`.execute(t.handle.db);
    }
    await listed(other, BOOTS, 1);
    // One sold, one cancelled, one expired: none of them is "mine" any more.
    expect((await buyer.client.post('/api/seaport/buy-listing', { orderId: ids[0] })).statusCode).toBe(200);
    expect((await seller.client.post('/api/seaport/cancel-listing', { orderId: ids[1] })).statusCode).toBe(200);
    await sql`UPDATE market_listings SET end_time = now() - interval '1 second' WHERE id = ${ids[2]!}`.execute(t.handle.db);

    const all = await mine(seller);
    expect(all.listings.map((l) => l.order_id)).toEqual([ids[4], ids[3]]);
    expect(all.listings.every((l) => l.isOwnListing && l.seller_uuid === seller.uuid)).toBe(true);
    expect(all.listings[0]).toMatchObject({ item_uuid: LASER, item_name: 'Laser Spray', price_tripcoins: 2, quantity: 1 });
    expect(all).toMatchObject({ page: 1, page_size: 100, total: 2, total_pages: 1 });

    const second = await mine(seller, '?page=2&page_size=1');
    expect(second.listings.map((l) => l.order_id)).toEqual([ids[3]]);
    expect(second).toMatchObject({ page: 2, page_size: 1, total: 2, total_pages: 2 });
    expect((await mine(buyer)).listings).toEqual([]);
  });

  it('refuses the logged out and a bad page, and caps a page at 100', async () => {
    expect((await t.app.inject({ url: '/api/seaport/my-listings' })).statusCode).toBe(401);
    const p = await player();
    for (const q of ['page=0', 'page_size=0', 'page_size=101', 'page=x']) {
      const r = await p.client.get(`/api/seaport/my-listings?${q}`);
      expect(r.statusCode, q).toBe(400);
      expect(r.json().error).toBeTruthy();
    }
  });
});
