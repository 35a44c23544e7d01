// The player's own view: GET /api/me/inventory (items with counts, active
// listings, open wagers) and GET /api/me/history (every posting that touched me, newest first,
// keyset paged, with the counterparty and the balance after), player access only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEM_IDS } from '../../contract/items';
import { inTransaction } from '../../server/db/tx';
import { MINT, moveCoins, moveItems, playerAccount } from '../../server/services/economy/ledger';
import { grantPurchase, reversePurchase } from '../../server/services/purchases/ledger';
import { registerPlayer, startApp, testDatabases, type TestApp } from './helpers';

const CRATE = ITEM_IDS.baseSetCrate;
const TD = ITEM_IDS.technicalDifficulties;
const key = () => ({ 'idempotency-key': crypto.randomUUID() });

describe.each(testDatabases())('my inventory and history on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => { t = await startApp(database); }, 60_000);
  afterAll(async () => { await t?.close(); });

  const fund = (uuid: string, coins: bigint, items: Record<string, bigint> = {}) => inTransaction(t.handle.db, async (trx) => {
    if (coins) await moveCoins(trx, { from: MINT, to: playerAccount(uuid), amount: coins, reason: 'award' });
    for (const [item, n] of Object.entries(items)) await moveItems(trx, item, { from: MINT, to: playerAccount(uuid), amount: n, reason: 'award' });
  });

  it('answers 401 to anonymous callers and 400 to bad query strings', async () => {
    expect((await t.app.inject({ url: '/api/me/inventory' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/me/history' })).statusCode).toBe(401);
    const me = await registerPlayer(t.app);
    for (const q of ['limit=0', 'limit=101', 'limit=abc', 'before=-1', 'before=1e3', 'before=99999999999999999999', 'other=1']) {
      const r = await me.client.get(`/api/me/history?${q}`);
      expect(r.statusCode, q).toBe(400);
      expect(r.json().error).toBeTruthy();
    }
  });

  it('names a real-money purchase and its refund by their pack and the store that sold it', async () => {
    // The History row once read "purchase" with "—" as the other party.
    const me = await registerPlayer(t.app);
    const id = `ent-${crypto.randomUUID()}`;
    await inTransaction(t.handle.db, (trx) => grantPurchase(trx, t.app.products, { host: 'discord', providerPurchaseId: id, userId: me.uuid, productId: 'tc-1200', needsConsume: true }));
    await inTransaction(t.handle.db, (trx) => reversePurchase(trx, 'discord', id, 'refund'));
    const { entries } = (await me.client.get('/api/me/history')).json();
    expect(entries.map((e: { reason: string; counterparty: unknown; pack: unknown; amount: number }) => ({ reason: e.reason, counterparty: e.counterparty, pack: e.pack, amount: e.amount }))).toEqual([
      { reason: 'purchase reversed', counterparty: { kind: 'store', host: 'discord' }, pack: { productId: 'tc-1200', tripcoins: 1200 }, amount: -1200 },
      { reason: 'purchase', counterparty: { kind: 'store', host: 'discord' }, pack: { productId: 'tc-1200', tripcoins: 1200 }, amount: 1200 },
    ]);
  });

  it('shows what I own, my listings and my open wagers, and nobody else\'s', async () => {
    const [me, other] = [await registerPlayer(t.app), await registerPlayer(t.app)];
    await fund(me.uuid, 500_00n, { [CRATE]: 3n, [TD]: 2n });
    await fund(other.uuid, 100_00n, { [CRATE]: 1n });
    expect((await me.client.post('/api/seaport/create-listing', { itemUuid: TD, priceInTripCoins: 12.5, quantity: 1, durationDays: 30 }, key())).statusCode).toBe(200);
    expect((await me.client.post('/api/coinflip/create', { wager_amount: 10, choice: 1 }, key())).statusCode).toBe(200);
    expect((await other.client.post('/api/seaport/create-listing', { itemUuid: CRATE, priceInTripCoins: 5, quantity: 1, durationDays: 30 }, key())).statusCode).toBe(200);
    const mine = (await me.client.get('/api/me/inventory')).json();
    expect(mine.tripcoins).toBe(490);
    expect(mine.items).toEqual([
      { itemUuid: CRATE, name: 'Base Set Crate', count: 3 },
      { itemUuid: TD, name: 'Technical Difficulties', count: 1 },
    ]);
    expect(mine.listings).toHaveLength(1);
    expect(mine.listings[0]).toMatchObject({ itemUuid: TD, itemName: 'Technical Difficulties', quantity: 1, price: 12.5 });
    expect(mine.wagers).toHaveLength(1);
    expect(mine.wagers[0]).toMatchObject({ wager: 10, choice: 1 });
  });

  it('lists every posting that touched me with the counterparty and the balance after, paged without gaps or repeats', async () => {
    const [seller, buyer] = [await registerPlayer(t.app), await registerPlayer(t.app)];
    await fund(seller.uuid, 0n, { [TD]: 1n });
    await fund(buyer.uuid, 100_00n);
    const listed = (await seller.client.post('/api/seaport/create-listing', { itemUuid: TD, priceInTripCoins: 12.5, quantity: 1, durationDays: 30 }, key())).json();
    expect((await buyer.client.post('/api/seaport/buy-listing', { orderId: listed.listing.order_id }, key())).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await fund(buyer.uuid, 1_00n);

    const all: Array<{ id: string; reason: string; asset: string; amount: number; balanceAfter: number; counterparty: unknown; itemName: string | null }> = [];
    let before: string | null = null;
    let pages = 0;
    do {
      const reply = await buyer.client.get(`/api/me/history?limit=3${before ? `&before=${before}` : ''}`);
      expect(reply.statusCode, reply.body).toBe(200);
      const page = reply.json();
      expect(page.entries.length).toBeLessThanOrEqual(3);
      all.push(...page.entries);
      before = page.nextBefore;
      pages++;
    } while (before && pages < 10);
    expect(pages).toBe(3);
    expect(new Set(all.map((e) => e.id)).size).toBe(7);
    // Newest first: four 1-coin awards, then the purchase (the item in and the coins out), then the funding.
    expect(all.map((e) => e.reason)).toEqual(['award', 'award', 'award', 'award', 'marketplace sale', 'marketplace sale', 'award']);
    const coins = all.filter((e) => e.asset === 'TC').map((e) => [e.amount, e.balanceAfter]);
    expect(coins).toEqual([[1, 91.5], [1, 90.5], [1, 89.5], [1, 88.5], [-12.5, 87.5], [100, 100]]);
    const paid = all.find((e) => e.asset === 'TC' && e.reason === 'marketplace sale');
    expect(paid?.counterparty).toEqual({ kind: 'player', username: seller.username });
    const item = all.find((e) => e.asset === TD);
    expect(item).toMatchObject({ amount: 1, balanceAfter: 1, itemName: 'Technical Difficulties', counterparty: { kind: 'escrow' } });
    expect(all.at(-1)?.counterparty).toEqual({ kind: 'game' });

    // The seller's side: the item into escrow, then the price from the buyer.
    const sellerHistory = (await seller.client.get('/api/me/history')).json();
    expect(sellerHistory.entries.map((e: { reason: string; amount: number; balanceAfter: number }) => [e.reason, e.amount, e.balanceAfter]))
      .toEqual([['marketplace sale', 12.5, 12.5], ['listing created', -1, 0], ['award', 1, 1]]);
    // A player sees only their own postings.
    expect(sellerHistory.entries.some((e: { amount: number }) => e.amount === 100)).toBe(false);
  });

  it('names the crate shop, not the studio, as the other side of a crate bought with TripCoins', async () => {
    const buyer = await registerPlayer(t.app);
    await fund(buyer.uuid, 1000_00n);
    const bought = await buyer.client.post('/api/crates/buy', { quantity: 1 });
    expect(bought.statusCode, bought.body).toBe(200);
    const entries = (await buyer.client.get('/api/me/history')).json().entries as Array<{ reason: string; asset: string; counterparty: unknown }>;
    const paid = entries.filter((e) => e.reason === 'crate purchase');
    expect(paid.length).toBeGreaterThan(0);
    for (const e of paid) expect(e.counterparty, e.asset).toEqual({ kind: 'shop' });
  });
});
