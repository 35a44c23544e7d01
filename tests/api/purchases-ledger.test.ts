// Real-money TripCoin packs in the ledger (server/services/purchases/ledger.ts), on PGlite and
// PostgreSQL: one grant per provider purchase id whatever the concurrency (and across two
// processes on PostgreSQL), a crash between the purchase row and its posting leaves a retry that
// grants once, consume bookkeeping, a refund after the coins were spent leaving a debt that blocks
// the player's transfers until a grant repays it, a refund before the grant blocking it, and
// conservation exact after all of it.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEM_IDS } from '../../contract/items';
import { PURCHASE_TEXT } from '../../contract/purchases';
import { inTransaction } from '../../server/db/tx';
import { coinBalance, conservationViolations, moveCoins, playerAccount } from '../../server/services/economy/ledger';
import {
  grantPurchase, markConsumed, markConsumeFailed, purchasesToConsume, refuseWhileInDebt, reversePurchase, type ConfirmedPurchase,
} from '../../server/services/purchases/ledger';
import { registerPlayerWith, startApp, testDatabases, type TestApp, databaseNamed } from './helpers';

const ITEM = ITEM_IDS.baseSetCrate;
const CRASH = `
CREATE SEQUENCE purchase_crash_seq;
CREATE FUNCTION purchase_crash() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.ref LIKE 'web:crash-%' AND nextval('purchase_crash_seq') = 1 THEN
    RAISE EXCEPTION 'injected fault: the process died between the purchase row and its posting';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER purchase_crash BEFORE INSERT ON ledger FOR EACH ROW EXECUTE FUNCTION purchase_crash();`;

describe.each(testDatabases())('purchases in the ledger on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(database);
    await sql.raw(CRASH).execute(t.handle.db);
  });
  afterAll(async () => {
    expect(await conservationViolations(t.handle.db)).toEqual([]);
    await t.close();
  });

  const grant = (p: ConfirmedPurchase) => inTransaction(t.handle.db, (trx) => grantPurchase(trx, t.app.products, p));
  const reverse = (host: ConfirmedPurchase['host'], id: string) => inTransaction(t.handle.db, (trx) => reversePurchase(trx, host, id, 'refund'));
  const coins = async (uuid: string) => Number(await coinBalance(t.handle.db, playerAccount(uuid))) / 100;
  const purchaseRows = (host: string, id: string) => t.handle.db.selectFrom('purchases').selectAll().where('host', '=', host as 'web').where('provider_purchase_id', '=', id).execute();
  const ledgerRows = async (ref: string) => (await t.handle.db.selectFrom('ledger').select(['reason', 'amount']).where('ref', '=', ref).execute()).length;

  it('grants the same confirmed purchase once when it arrives three times at once', async () => {
    const p = await registerPlayerWith(t.app);
    const purchase: ConfirmedPurchase = { host: 'discord', providerPurchaseId: `ent-${randomUUID()}`, userId: p.uuid, productId: 'tc-1200', needsConsume: true };
    const results = await Promise.all([grant(purchase), grant(purchase), grant(purchase)]);
    expect(results.filter((r) => r.granted)).toHaveLength(1);
    expect(new Set(results.map((r) => r.grant.purchaseId)).size).toBe(1);
    expect(results.every((r) => r.grant.tripcoins === 1200 && r.grant.productId === 'tc-1200')).toBe(true);
    expect(await coins(p.uuid)).toBe(1200);
    expect(await purchaseRows('discord', purchase.providerPurchaseId)).toHaveLength(1);
    expect(await ledgerRows(`discord:${purchase.providerPurchaseId}`)).toBe(1);
    const events = await t.handle.db.selectFrom('live_events').select('event').where('user_id', '=', p.uuid).execute();
    expect(events.filter((e) => (e.event as { type: string }).type === 'purchaseGranted')).toHaveLength(1);
    // Later deliveries (a webhook again, the poll) answer the first grant.
    const again = await grant(purchase);
    expect(again).toMatchObject({ granted: false, grant: results[0]!.grant, balance: 1200 });
  });

  it('takes the amount from the product table and refuses an unknown product', async () => {
    const p = await registerPlayerWith(t.app);
    await expect(grant({ host: 'web', providerPurchaseId: `cs_${randomUUID()}`, userId: p.uuid, productId: 'tc-999999', needsConsume: false }))
      .rejects.toMatchObject({ code: 'PRODUCT_UNKNOWN', message: PURCHASE_TEXT.productUnknown });
    await expect(grant({ host: 'web', providerPurchaseId: '', userId: p.uuid, productId: 'tc-500', needsConsume: false })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect(await coins(p.uuid)).toBe(0);
  });

  it('leaves a retry that grants once after a crash between the purchase row and its posting', async () => {
    const p = await registerPlayerWith(t.app);
    const purchase: ConfirmedPurchase = { host: 'web', providerPurchaseId: `crash-${randomUUID()}`, userId: p.uuid, productId: 'tc-500', needsConsume: false };
    await expect(grant(purchase)).rejects.toThrow(/injected fault/);
    expect(await purchaseRows('web', purchase.providerPurchaseId)).toHaveLength(0);
    expect(await coins(p.uuid)).toBe(0);
    const retried = await Promise.all([grant(purchase), grant(purchase)]);
    expect(retried.filter((r) => r.granted)).toHaveLength(1);
    expect(await coins(p.uuid)).toBe(500);
    expect(await ledgerRows(`web:${purchase.providerPurchaseId}`)).toBe(1);
  });

  it('keeps a failing consume to retry without granting again, three failures then a success', async () => {
    const p = await registerPlayerWith(t.app);
    const purchase: ConfirmedPurchase = { host: 'crazygames', providerPurchaseId: `xs-${randomUUID()}`, userId: p.uuid, productId: 'tc-2600', needsConsume: true };
    expect((await grant(purchase)).granted).toBe(true);
    const pending = async () => (await purchasesToConsume(t.handle.db, 'crazygames', 1000)).find((r) => r.providerPurchaseId === purchase.providerPurchaseId);
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await pending())?.attempts).toBe(attempt - 1);
      await markConsumeFailed(t.handle.db, 'crazygames', purchase.providerPurchaseId, `provider answered 503 (attempt ${attempt})`);
      // The provider delivers it again meanwhile: nothing more is granted.
      expect((await grant(purchase)).granted).toBe(false);
    }
    const [failed] = await purchaseRows('crazygames', purchase.providerPurchaseId);
    expect(failed).toMatchObject({ consume_attempts: 3, consume_error: 'provider answered 503 (attempt 3)', consumed_at: null });
    await markConsumed(t.handle.db, 'crazygames', purchase.providerPurchaseId);
    expect(await pending()).toBeUndefined();
    const [done] = await purchaseRows('crazygames', purchase.providerPurchaseId);
    expect(done).toMatchObject({ consume_attempts: 4, consume_error: null });
    expect(done?.consumed_at).not.toBeNull();
    expect(await coins(p.uuid)).toBe(2600);
    expect(await ledgerRows(`crazygames:${purchase.providerPurchaseId}`)).toBe(1);
  });

  it('leaves a debt when the coins were spent: the player cannot transfer until a grant repays it', async () => {
    const p = await registerPlayerWith(t.app, { items: { [ITEM]: 2 } });
    const friend = await registerPlayerWith(t.app);
    const first: ConfirmedPurchase = { host: 'web', providerPurchaseId: `cs_${randomUUID()}`, userId: p.uuid, productId: 'tc-1200', needsConsume: false };
    await grant(first);
    // Spent: 1,000 of the 1,200 went to another player.
    await inTransaction(t.handle.db, (trx) => moveCoins(trx, { from: playerAccount(p.uuid), to: playerAccount(friend.uuid), amount: 100_000n, reason: 'test spend' }));
    expect(await reverse('web', first.providerPurchaseId)).toEqual({ reversed: true, debt: 1000 });
    expect(await reverse('web', first.providerPurchaseId)).toEqual({ reversed: false, debt: 1000 });
    expect(await coins(p.uuid)).toBe(-1000);
    expect(await ledgerRows(`web:${first.providerPurchaseId}`)).toBe(2);
    const [row] = await purchaseRows('web', first.providerPurchaseId);
    expect(row).toMatchObject({ status: 'reversed', reversal_reason: 'refund' });
    expect(BigInt(row!.reversal_debt)).toBe(100_000n);

    const ledgerBefore = await t.handle.db.selectFrom('ledger').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
    const refused = await p.client.post('/api/inventory/transfer-onchain', { toPlayerUsername: friend.username, itemUuid: ITEM, quantity: 1 });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'PLAYER_IN_DEBT', error: PURCHASE_TEXT.playerInDebt });
    const wager = await p.client.post('/api/coinflip/create', { wager_amount: 10, choice: 0 }, { 'idempotency-key': randomUUID() });
    expect(wager.statusCode, wager.body).toBe(403);
    expect(wager.json()).toMatchObject({ code: 'PLAYER_IN_DEBT' });
    const listing = await p.client.post('/api/seaport/create-listing', { itemUuid: ITEM, priceInTripCoins: 5, quantity: 1, durationDays: 30 }, { 'idempotency-key': randomUUID() });
    expect(listing.statusCode, listing.body).toBe(403);
    expect(listing.json()).toMatchObject({ code: 'PLAYER_IN_DEBT' });
    const ledgerAfter = await t.handle.db.selectFrom('ledger').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expect(Number(ledgerAfter.n)).toBe(Number(ledgerBefore.n));
    const held = await t.handle.db.selectFrom('item_holdings').select('quantity').where('account_id', '=', playerAccount(p.uuid)).where('item_uuid', '=', ITEM).executeTakeFirst();
    expect(Number(held?.quantity)).toBe(2);
    const inventory = await p.client.get('/api/getBaseInventory');
    expect(inventory.statusCode, inventory.body).toBe(200);
    expect(inventory.json()).toMatchObject({ tripcoins: -1000 });

    // The next grant repays the debt first: 2,600 - 1,000 owed.
    const second = await grant({ host: 'discord', providerPurchaseId: `ent-${randomUUID()}`, userId: p.uuid, productId: 'tc-2600', needsConsume: true });
    expect(second).toMatchObject({ granted: true, balance: 1600 });
    await inTransaction(t.handle.db, (trx) => refuseWhileInDebt(trx, p.uuid));
    const sent = await p.client.post('/api/inventory/transfer-onchain', { toPlayerUsername: friend.username, itemUuid: ITEM, quantity: 1 });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await conservationViolations(t.handle.db)).toEqual([]);
  });

  it('never lets a player below zero otherwise, at the database level', async () => {
    const p = await registerPlayerWith(t.app, { tripcoins: 5 });
    await expect(sql`UPDATE coin_balances SET balance = -1 WHERE account_id = ${playerAccount(p.uuid)}`.execute(t.handle.db)).rejects.toThrow();
    await expect(inTransaction(t.handle.db, (trx) => moveCoins(trx, { from: playerAccount(p.uuid), to: 'revenue:web', amount: 600n, reason: 'x' })))
      .rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
  });

  it('never grants a purchase whose refund arrived first', async () => {
    const p = await registerPlayerWith(t.app);
    const id = `cs_${randomUUID()}`;
    expect(await reverse('web', id)).toEqual({ reversed: false, debt: 0 });
    const late = await grant({ host: 'web', providerPurchaseId: id, userId: p.uuid, productId: 'tc-500', needsConsume: false });
    expect(late).toMatchObject({ granted: false, refunded: true, balance: 0 });
    expect(await purchaseRows('web', id)).toHaveLength(0);
    expect(await coins(p.uuid)).toBe(0);
    // The same id on another host is another purchase.
    expect((await grant({ host: 'discord', providerPurchaseId: id, userId: p.uuid, productId: 'tc-500', needsConsume: true })).granted).toBe(true);
  });
});

const postgres = databaseNamed('postgres');
describe.skipIf(!postgres)(`a purchase granted by two processes at once${postgres ? '' : ' (skipped: TEST_DATABASE_URL is not set)'}`, () => {
  it('grants once', async () => {
    const { createScratchDatabase } = await import('./harness/servers');
    const { createDb } = await import('../../server/db/createDb');
    const { migrate } = await import('../../server/db/migrate');
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '', 'purchases');
    const handle = await createDb({ databaseUrl: scratch.url, poolSize: 4 });
    try {
      await migrate(handle.db);
      const userId = randomUUID();
      await handle.db.insertInto('users').values({ id: userId, username: `p${userId.slice(0, 8)}`, username_lower: `p${userId.slice(0, 8)}`, password_hash: null }).execute();
      const purchase: ConfirmedPurchase = { host: 'discord', providerPurchaseId: `ent-${randomUUID()}`, userId, productId: 'tc-1200', needsConsume: true };
      const { loadProducts } = await import('../../server/services/purchases/products');
      const products = loadProducts();
      const other = promisify(execFile)(process.execPath, ['--import', 'tsx', 'tests/api/harness/grantPurchaseProcess.ts', scratch.url, JSON.stringify(purchase), '3']);
      const here = Promise.all([0, 1, 2].map(() => inTransaction(handle.db, (trx) => grantPurchase(trx, products, purchase))));
      const [{ stdout }, mine] = await Promise.all([other, here]);
      const theirs = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as { granted: number; purchaseIds: string[] };
      expect(theirs.granted + mine.filter((r) => r.granted).length).toBe(1);
      expect(new Set([...theirs.purchaseIds, ...mine.map((r) => r.grant.purchaseId)]).size).toBe(1);
      expect(await coinBalance(handle.db, playerAccount(userId))).toBe(120_000n);
      expect(await conservationViolations(handle.db)).toEqual([]);
    } finally {
      await handle.close();
      await scratch.drop();
    }
  }, 120_000);
});
