// Holds, limits and the sale fee: value leaves a player only when no hold covers it, bought
// TripCoins stay in the game for their refund window, listings outside an item's usual price ask
// first and are limited per day, two players move a capped value per day, the fee is posted to
// its sink, and the console shows and releases holds (with the password step-up and an audit row).
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_SET_ITEMS } from '../../contract/items';
import { setAdmin } from '../../server/jobs/adminRole';
import { inTransaction } from '../../server/db/tx';
import { coinBalance, conservationViolations, itemHoldings } from '../../server/services/economy/ledger';
import { grantPurchase } from '../../server/services/purchases/ledger';
import { marketFeesTotal } from '../../server/services/economy/tradeHolds';
import { Client, reauthenticate, registerPlayer, registerPlayerWith, startApp, testDatabases, type TestApp } from './helpers';

const [WRENCH, KATANA, SHIELD] = [BASE_SET_ITEMS[8]!.uuid, BASE_SET_ITEMS[5]!.uuid, BASE_SET_ITEMS[3]!.uuid];
type Player = Awaited<ReturnType<typeof registerPlayerWith>>;
const HOUR = 3_600_000;

describe.each(testDatabases())('trade holds and limits on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(database, { TRADE_HOLD_HOURS: 72, PAIR_DAILY_CAP_ITEMS: 6, PAIR_DAILY_CAP_TC: 2_000, MARKET_SALE_FEE_PERCENT: 5 });
  });
  afterAll(async () => {
    expect(await conservationViolations(t.handle.db)).toEqual([]);
    await t.close();
  });

  const player = (kit: { tripcoins?: number; items?: Record<string, number> } = {}): Promise<Player> => registerPlayerWith(t.app, kit);
  const inventory = async (c: Client) => (await c.get('/api/getBaseInventory')).json() as { inventory: Record<string, string>; tripcoins: number };
  const give = (from: Player, to: Player, itemUuid: string, quantity = 1) =>
    from.client.post('/api/inventory/transfer-onchain', { toPlayerUsername: to.username, itemUuid, quantity }, { 'idempotency-key': randomUUID() });
  const list = (p: Player, itemUuid: string, price: number, extra: Record<string, unknown> = {}) =>
    p.client.post('/api/seaport/create-listing', { itemUuid, priceInTripCoins: price, quantity: 1, durationDays: 30, ...extra }, { 'idempotency-key': randomUUID() });
  const buy = (p: Player, orderId: string) => p.client.post('/api/seaport/buy-listing', { orderId }, { 'idempotency-key': randomUUID() });
  const status = async (p: Player) => (await p.client.get('/api/me/trade-status')).json();
  const changePassword = async (p: Player) => {
    const r = await p.client.post('/api/userChangePassword', { currentPassword: p.password, newPassword: `${p.password}-2` });
    expect(r.statusCode, r.body).toBe(200);
    p.password = `${p.password}-2`;
  };
  const hits = async (userId: string) => (await sql<{ rule: string; action: string }>`SELECT rule, action FROM trade_limit_hits WHERE user_id = ${userId}::uuid ORDER BY id`.execute(t.handle.db)).rows;
  /** `n` sales of one unit of `item` at `price`, between fresh players (the item's recent sales). */
  async function sales(item: string, price: number, n: number) {
    for (let i = 0; i < n; i += 1) {
      const [seller, buyer] = await Promise.all([player({ items: { [item]: 1 } }), player({ tripcoins: price })]);
      const listed = await list(seller, item, price);
      expect(listed.statusCode, listed.body).toBe(200);
      expect((await buy(buyer, listed.json().listing.order_id)).statusCode).toBe(200);
    }
  }

  it('after a password change refuses giving and listing with the hold\'s end, moves nothing, and never holds receiving or the shop', async () => {
    const p = await player({ tripcoins: 500, items: { [WRENCH]: 3 } });
    const friend = await player({ items: { [KATANA]: 1 } });
    expect((await give(p, friend, WRENCH)).statusCode).toBe(200); // no hold yet (new-account hold off here)
    await changePassword(p);
    const before = Date.now();
    const gift = await give(p, friend, WRENCH);
    expect([gift.statusCode, gift.json().code]).toEqual([403, 'TRADE_HOLD']);
    expect(gift.json()).toMatchObject({ text: 'TRADE_HELD', params: { action: 'give', reason: 'passwordChanged' } });
    const until = Date.parse(gift.json().params.until as string);
    expect(until).toBeGreaterThan(before + 71.9 * HOUR);
    expect(until).toBeLessThan(before + 72.1 * HOUR);
    expect(gift.json().error).toContain('because your password was changed');
    const listing = await list(p, WRENCH, 10);
    expect([listing.statusCode, listing.json().code, listing.json().params.action]).toEqual([403, 'TRADE_HOLD', 'list']);
    expect((await inventory(p.client)).inventory[WRENCH]).toBe('2');
    expect(await itemHoldings(t.handle.db, `player:${friend.uuid}`)).toEqual(new Map([[KATANA, 1n], [WRENCH, 1n]]));
    // Receiving, and spending on the shop, go on.
    expect((await give(friend, p, KATANA)).statusCode).toBe(200);
    const crate = await p.client.post('/api/crates/buy', { quantity: 1 }, { 'idempotency-key': randomUUID() });
    expect(crate.statusCode, crate.body).toBe(200);
    const s = await status(p);
    expect(s.holds).toEqual([expect.objectContaining({ reason: 'passwordChanged', actions: ['give', 'list', 'bridge', 'buy'] })]);
    expect(await hits(p.uuid)).toEqual([{ rule: 'hold:passwordChanged', action: 'give' }, { rule: 'hold:passwordChanged', action: 'list' }]);
  });

  it('keeps coins bought with real money from leaving: outside the price band only other coins pay, crates spend them first, the window ends it', async () => {
    const buyer = await player({ tripcoins: 300 });
    const alt = await player({ items: { [SHIELD]: 2 } });
    await inTransaction(t.handle.db, (trx) => grantPurchase(trx, t.app.products, {
      host: 'discord', providerPurchaseId: `ent-${randomUUID()}`, userId: buyer.uuid, productId: 'tc-1200', needsConsume: false,
    }));
    let s = await status(buyer);
    expect(s.boughtHeld).toMatchObject({ amount: 1200 });
    expect(Date.parse(s.boughtHeld.until)).toBeGreaterThan(Date.now() + 335 * HOUR);
    expect(s.transferable).toBe(300);
    expect(s.holds).toEqual([expect.objectContaining({ reason: 'purchase', actions: ['bridge'] })]);
    // The shield has no sales: no band, so only coins that were not bought may pay for it.
    const pricey = (await list(alt, SHIELD, 1000)).json().listing.order_id as string;
    const refused = await buy(buyer, pricey);
    expect([refused.statusCode, refused.json().code, refused.json().text]).toEqual([403, 'TRADE_HOLD', 'TRADE_BOUGHT_COINS_HELD']);
    expect(refused.json().params.amount).toBe('1200.00');
    expect(await coinBalance(t.handle.db, `player:${buyer.uuid}`)).toBe(150_000n);
    expect(await coinBalance(t.handle.db, `player:${alt.uuid}`)).toBe(0n);
    // Crates spend the bought coins first: two crates (2 x Ŧ100) leave Ŧ1,000 of a Ŧ1,300 balance
    // held, so Ŧ300 may still leave.
    expect((await buyer.client.post('/api/crates/buy', { quantity: 2 }, { 'idempotency-key': randomUUID() })).statusCode).toBe(200);
    s = await status(buyer);
    expect([s.boughtHeld.amount, s.transferable]).toEqual([1000, 300]);
    // Earned coins pay for a listing outside the band, to the coin.
    const cheap = (await list(alt, SHIELD, 300)).json().listing.order_id as string;
    expect((await buy(buyer, cheap)).statusCode).toBe(200);
    expect((await status(buyer)).transferable).toBe(0);
    // Once the host's refund window has passed the coins are the player's like any other.
    await sql`UPDATE purchases SET created_at = now() - interval '337 hours' WHERE user_id = ${buyer.uuid}::uuid`.execute(t.handle.db);
    s = await status(buyer);
    expect([s.boughtHeld, s.transferable, s.holds]).toEqual([null, 1000, []]);
    expect((await buy(buyer, pricey)).statusCode).toBe(200);
  });

  it('lets bought coins buy inside the price band, asks before listing outside it, and limits such listings per day', async () => {
    await sales(KATANA, 100, 3);
    const band = (await new Client(t.app).get(`/api/seaport/price-band?itemUuid=${KATANA}`)).json();
    expect(band).toEqual({ itemUuid: KATANA, sales: 3, median: 100, low: 66.66, high: 150, saleFeePercent: 5 });
    // Bought coins only, a listing at the usual price: allowed.
    const buyer = await player();
    await inTransaction(t.handle.db, (trx) => grantPurchase(trx, t.app.products, {
      host: 'web', providerPurchaseId: `cs_${randomUUID()}`, userId: buyer.uuid, productId: 'tc-500', needsConsume: false,
    }));
    const seller = await player({ items: { [KATANA]: 6 } });
    const fair = (await list(seller, KATANA, 120)).json().listing.order_id as string;
    expect((await buy(buyer, fair)).statusCode).toBe(200);
    // Outside the band: a question first, then at most 3 confirmed a day.
    const high = await list(seller, KATANA, 400);
    expect([high.statusCode, high.json().code, high.json().params]).toEqual([409, 'PRICE_OUTSIDE_BAND', { low: '66.66', high: '150.00' }]);
    expect((await list(seller, KATANA, 50)).statusCode).toBe(409);
    for (const price of [400, 50, 1000]) expect((await list(seller, KATANA, price, { confirm_outside_band: true })).statusCode).toBe(200);
    const fourth = await list(seller, KATANA, 400, { confirm_outside_band: true });
    expect([fourth.statusCode, fourth.json().code, fourth.json().params]).toEqual([429, 'OUTSIDE_BAND_DAILY_LIMIT', { count: 3 }]);
    expect((await list(seller, KATANA, 140)).statusCode).toBe(200); // inside the band: no limit
    expect((await inventory(seller.client)).inventory[KATANA]).toBe('1');
    expect((await status(seller))).toMatchObject({ outsideBandToday: 3, outsideBandPerDay: 3 });
    // The buyer's bought coins do not pay for the 400 one (outside the band).
    const outside = (await sql<{ id: string }>`SELECT id FROM market_listings WHERE seller_id = ${seller.uuid}::uuid AND price = 40000 AND status = 'active'`.execute(t.handle.db)).rows[0]!.id;
    expect((await buy(buyer, outside)).json().code).toBe('TRADE_HOLD');
    expect(await hits(seller.uuid)).toEqual([{ rule: 'outsideBandDaily', action: 'list' }]);
  });

  it('caps the items and TripCoins two players move between them in a day, either way', async () => {
    const [a, b, c] = await Promise.all([player({ items: { [WRENCH]: 10 }, tripcoins: 3000 }), player({ items: { [WRENCH]: 10 } }), player()]);
    expect((await give(a, b, WRENCH, 4)).statusCode).toBe(200);
    expect((await give(b, a, WRENCH, 2)).statusCode).toBe(200);
    const over = await give(a, b, WRENCH, 1);
    expect([over.statusCode, over.json().code, over.json().params]).toEqual([409, 'PAIR_DAILY_CAP', { username: b.username }]);
    expect((await give(a, c, WRENCH, 6)).statusCode).toBe(200); // another pair has its own day
    expect((await inventory(a.client)).inventory[WRENCH]).toBe('2');
    // TripCoins: 2,000 a day between a and b (sales); the next listing would pass it.
    await sql`UPDATE trade_pair_days SET items = 0 WHERE player_a = least(${a.uuid}::uuid, ${b.uuid}::uuid) AND player_b = greatest(${a.uuid}::uuid, ${b.uuid}::uuid)`.execute(t.handle.db);
    const first = (await list(b, WRENCH, 1500)).json().listing.order_id as string;
    const second = (await list(b, WRENCH, 600)).json().listing.order_id as string;
    expect((await buy(a, first)).statusCode).toBe(200);
    const refused = await buy(a, second);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'PAIR_DAILY_CAP']);
    expect((await new Client(t.app).get(`/api/marketplace/listing/${second}`)).statusCode).toBe(200); // still for sale
    expect(await coinBalance(t.handle.db, `player:${a.uuid}`)).toBe(150_000n);
  });

  it('posts the sale fee to its sink in the sale\'s posting, shows it before listing and buying, and in the buyer\'s history', async () => {
    const [seller, buyer] = await Promise.all([player({ items: { [WRENCH]: 1 } }), player({ tripcoins: 1000 })]);
    const feesBefore = await marketFeesTotal(t.handle.db);
    expect((await status(seller)).saleFeePercent).toBe(5);
    const order = (await list(seller, WRENCH, 123.45)).json().listing.order_id as string;
    expect((await buy(buyer, order)).json()).toMatchObject({ price: 123.45, tripcoins: 876.55 });
    expect(await coinBalance(t.handle.db, `player:${seller.uuid}`)).toBe(12345n - 617n);
    expect(await marketFeesTotal(t.handle.db)).toBe(feesBefore + 617n);
    const posting = await sql<{ n: string | number }>`SELECT count(DISTINCT tx_id) AS n FROM ledger WHERE ref = ${order} AND reason IN ('marketplace sale', 'marketplace fee')`.execute(t.handle.db);
    expect(Number(posting.rows[0]!.n)).toBe(1);
    const history = (await buyer.client.get('/api/me/history?limit=5')).json().entries as Array<{ reason: string; amount: number; counterparty: { kind: string } }>;
    expect(history.filter((e) => e.reason === 'marketplace fee')).toEqual([expect.objectContaining({ amount: -6.17, counterparty: { kind: 'sink' } })]);
    const fees = await sql<{ total: string | number }>`SELECT coalesce(sum(sale_fee), 0) AS total FROM market_listings`.execute(t.handle.db);
    expect(BigInt(fees.rows[0]!.total)).toBe(await marketFeesTotal(t.handle.db));
  });

  it('shows a player\'s holds in the console and releases one early only after the password step-up, with an audit entry', async () => {
    const p = await player({ items: { [WRENCH]: 2 } });
    const friend = await player();
    await changePassword(p);
    expect((await give(p, friend, WRENCH)).statusCode).toBe(403);
    const admin = await registerPlayer(t.app);
    await setAdmin(t.handle.db, admin.username, true);
    t.app.sessions.clear();
    const view = (await admin.client.get(`/api/admin/players/${p.uuid}/holds`)).json();
    expect(view.holds).toEqual([expect.objectContaining({ reason: 'passwordChanged', id: expect.any(String) })]);
    expect(view.hits).toEqual([expect.objectContaining({ rule: 'hold:passwordChanged', action: 'give' })]);
    expect(view.limits).toMatchObject({ tradeHoldHours: 72, pairCapItems: 6, saleFeePercent: 5 });
    const holdId = view.holds[0].id as string;
    const release = () => admin.client.post(`/api/admin/players/${p.uuid}/holds/${holdId}/release`, { reason: 'owner verified by support' }, { 'idempotency-key': randomUUID() });
    const early = await release();
    expect([early.statusCode, early.json().code]).toEqual([403, 'REAUTH_REQUIRED']);
    expect((await status(p)).holds).toHaveLength(1);
    await reauthenticate(admin);
    const done = await release();
    expect(done.statusCode, done.body).toBe(200);
    const audit = (await admin.client.get(`/api/admin/audit?target=${p.uuid}`)).json().rows;
    expect(audit[0]).toMatchObject({ action: 'hold.release', reason: 'owner verified by support', details: expect.objectContaining({ holdReason: 'passwordChanged' }) });
    expect((await release()).statusCode).toBe(404);
    expect((await give(p, friend, WRENCH)).statusCode).toBe(200);
    const report = (await admin.client.get('/api/admin/limit-hits?days=1')).json();
    expect(report.players).toEqual(expect.arrayContaining([expect.objectContaining({ uuid: p.uuid, rules: { 'hold:passwordChanged': 1 } })]));
    expect((await p.client.get(`/api/admin/players/${p.uuid}/holds`)).statusCode).toBe(403);
  });
});

describe.each(testDatabases().slice(0, 1))('the new-account hold on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => { t = await startApp(database, { NEW_ACCOUNT_HOLD_HOURS: 24 }); });
  afterAll(async () => { await t.close(); });

  it('keeps a new account from listing or giving in its first hours, and lets it once they are over', async () => {
    const p = await registerPlayerWith(t.app, { items: { [WRENCH]: 2 } });
    const other = await registerPlayerWith(t.app);
    const body = { itemUuid: WRENCH, priceInTripCoins: 5, quantity: 1, durationDays: 30 };
    const refused = await p.client.post('/api/seaport/create-listing', body, { 'idempotency-key': randomUUID() });
    expect([refused.statusCode, refused.json().code, refused.json().params.reason]).toEqual([403, 'TRADE_HOLD', 'newAccount']);
    expect(Date.parse(refused.json().params.until)).toBeGreaterThan(Date.now() + 23.9 * HOUR);
    const gift = await p.client.post('/api/inventory/transfer-onchain', { toPlayerUsername: other.username, itemUuid: WRENCH, quantity: 1 }, { 'idempotency-key': randomUUID() });
    expect(gift.json().code).toBe('TRADE_HOLD');
    expect(await itemHoldings(t.handle.db, `player:${p.uuid}`)).toEqual(new Map([[WRENCH, 2n]]));
    await sql`UPDATE users SET created_at = now() - interval '25 hours' WHERE id = ${p.uuid}::uuid`.execute(t.handle.db);
    expect((await p.client.post('/api/seaport/create-listing', body, { 'idempotency-key': randomUUID() })).statusCode).toBe(200);
  });
});
