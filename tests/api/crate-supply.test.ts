// A crate supply changes only on purpose: the first start of an empty
// database mints the configured supply; any later start, whatever CRATE_V*_SUPPLY says, changes
// nothing; the admin command's service (setCrateSupply) raises or cuts it through the ledger and
// refuses a supply below what was already sold.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRATE_VERSIONS } from '../../contract/crates';
import { ITEM_IDS } from '../../contract/items';
import { inTransaction } from '../../server/db/tx';
import { grantAward } from '../../server/services/economy/awards';
import { setCrateSupply, SupplyError } from '../../server/jobs/crateSupply';
import { crateShops } from '../../server/services/economy/crates';
import { conservationViolations, itemHoldings } from '../../server/services/economy/ledger';
import { createSession, SESSION_COOKIE } from '../../server/services/accounts/sessions';
import { createUser } from '../../server/services/accounts/users';
import { buildStartedApp, Client, startApp, testConfig, testDatabases, uniqueName, type TestApp } from './helpers';

describe.each(testDatabases())('crate supply on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => { t = await startApp(database, { CRATE_V1_SUPPLY: 400 }); });
  afterAll(async () => { await t.close(); });

  const status = async () => (await t.app.inject({ url: '/api/crates/status' })).json() as { totalSupply: number; remainingSupply: number };
  const supplyRows = () => t.handle.db.selectFrom('ledger').select(['reason', 'from_account', 'to_account', 'amount', 'tx_id'])
    .where('asset', '=', ITEM_IDS.baseSetCrate).where('reason', 'like', 'crate supply%').orderBy('id').execute();
  /** Each supply change as one posting: [reason, from, to, amount] with the shop's shards as 'shop' and the amounts added up. */
  const supplyPostings = async () => {
    const postings = new Map<string, [string, string, string, number]>();
    for (const r of await supplyRows()) {
      const p = postings.get(r.tx_id) ?? [r.reason, r.from_account.replace(/^shop:crates-v1(:\d+)?$/, 'shop'), r.to_account.replace(/^shop:crates-v1(:\d+)?$/, 'shop'), 0];
      p[3] += Number(r.amount);
      postings.set(r.tx_id, p);
    }
    return [...postings.values()];
  };
  /** The shop's supply as its 16 shards hold it, shard 0 first. */
  const SUPPLY_SHARDS = 16;
  const shards = async () => {
    const held: number[] = [];
    for (let i = 0; i < SUPPLY_SHARDS; i++) {
      held.push(Number((await itemHoldings(t.handle.db, i === 0 ? 'shop:crates-v1' : `shop:crates-v1:${i}`)).get(ITEM_IDS.baseSetCrate) ?? 0n));
    }
    return held;
  };
  const evenly = (held: number[]) => Math.max(...held) - Math.min(...held);

  it('the first start of an empty database mints the configured supply; later starts never change it', async () => {
    expect(await status()).toMatchObject({ totalSupply: 400, remainingSupply: 400 });
    const before = await supplyPostings();
    expect(before).toEqual([['crate supply', 'mint', 'shop', 400]]);
    // Restarts on the same database: without the variable (default 10000), with a raise, with a cut.
    for (const overrides of [{}, { CRATE_V1_SUPPLY: 5000 }, { CRATE_V1_SUPPLY: 10 }]) {
      const again = await buildStartedApp(testConfig(overrides), { database: t.handle, logger: false });
      await again.close();
    }
    expect(await status()).toMatchObject({ totalSupply: 400, remainingSupply: 400 });
    expect(await supplyPostings()).toEqual(before);
    // Minted spread over the shop's shards: 16 × 25.
    expect(await shards()).toEqual(Array.from({ length: SUPPLY_SHARDS }, () => 25));
  });

  it('the admin change raises and cuts the supply through the ledger and refuses one below what was sold', async () => {
    const shop = crateShops(testConfig({ CRATE_V1_SUPPLY: 400 })).get(CRATE_VERSIONS[0]!.id)!;
    const username = uniqueName('supply');
    const uuid = await inTransaction(t.handle.db, (trx) => createUser(trx, { username, passwordHash: null }));
    await inTransaction(t.handle.db, (trx) => grantAward(trx, { uuid, tripcoins: 1000, awardId: randomUUID() }));
    const buyer = new Client(t.app);
    buyer.cookies.set(SESSION_COOKIE, await createSession(t.handle.db, uuid, 1, {}));
    expect((await buyer.post('/api/crates/buy', { quantity: 5 })).statusCode).toBe(200);

    const ledgerBefore = await t.handle.db.selectFrom('ledger').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
    await expect(setCrateSupply(t.handle.db, shop, 4)).rejects.toThrow(new SupplyError('Cannot set the Base Set supply to 4: 5 crates are already sold'));
    await expect(setCrateSupply(t.handle.db, shop, -1)).rejects.toBeInstanceOf(SupplyError);
    const ledgerAfter = await t.handle.db.selectFrom('ledger').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expect(Number(ledgerAfter.n)).toBe(Number(ledgerBefore.n));
    expect(await status()).toMatchObject({ totalSupply: 400, remainingSupply: 395 });
    expect((await shards()).reduce((a, b) => a + b)).toBe(395);

    expect(await setCrateSupply(t.handle.db, shop, 500)).toEqual({ version: 'Base Set', before: 400, after: 500, sold: 5, remaining: 495 });
    // The raise is spread too: the shards differ by at most the one shard the 5 came from.
    expect(evenly(await shards())).toBeLessThanOrEqual(6);
    // A cut takes from the fullest shards first, leaving them as even as it goes.
    expect(await setCrateSupply(t.handle.db, shop, 165)).toEqual({ version: 'Base Set', before: 500, after: 165, sold: 5, remaining: 160 });
    expect(await shards()).toEqual(Array.from({ length: SUPPLY_SHARDS }, () => 10));
    expect(await setCrateSupply(t.handle.db, shop, 5)).toEqual({ version: 'Base Set', before: 165, after: 5, sold: 5, remaining: 0 });
    expect(await status()).toMatchObject({ totalSupply: 5, remainingSupply: 0 });
    expect((await supplyPostings()).slice(1)).toEqual([
      ['crate supply', 'mint', 'shop', 100],
      ['crate supply cut', 'shop', 'mint', 335],
      ['crate supply cut', 'shop', 'mint', 160],
    ]);
    expect((await buyer.post('/api/crates/buy', { quantity: 1 })).json()).toMatchObject({ code: 'SOLD_OUT' });
    expect(await conservationViolations(t.handle.db)).toEqual([]);
  });
});
