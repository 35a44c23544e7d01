// Migration 017: a database made before the crate supply was spread keeps each shop's whole
// supply in 'shop:crates-v<n>'. The migration spreads it over the shop's 16 accounts through the
// ledger (every holding still accounted for), and the shop then sells from all of them.
import { copyFileSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEM_IDS } from '../../contract/items';
import { createDb } from '../../server/db/createDb';
import { migrate } from '../../server/db/migrate';
import { seedCatalogue } from '../../server/db/seed';
import { inTransaction } from '../../server/db/tx';
import { grantAward } from '../../server/services/economy/awards';
import { crateShops, SUPPLY_SHARDS } from '../../server/services/economy/crates';
import { conservationViolations, itemHoldings, MINT, openAccount, post } from '../../server/services/economy/ledger';
import { createSession, SESSION_COOKIE } from '../../server/services/accounts/sessions';
import { createUser } from '../../server/services/accounts/users';
import { createScratchDatabase } from './harness/servers';
import { Client, startApp, testConfig, testDatabases, uniqueName, type TestApp, type TestDatabase } from './helpers';

const MIGRATIONS = fileURLToPath(new URL('../../server/db/migrations', import.meta.url));
const SPREAD = '017_crate_supply_shards.sql';

/** The migrations before the spread, in a directory of their own. */
function migrationsBefore(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tripshell-migrations-'));
  for (const name of readdirSync(MIGRATIONS).filter((n) => n < SPREAD)) copyFileSync(join(MIGRATIONS, name), join(dir, name));
  return dir;
}

describe.each(testDatabases())('the crate supply spread (migration 017) on $name', (database) => {
  let t: TestApp;
  const crate = ITEM_IDS.baseSetIICrate;
  const shop = crateShops(testConfig({ CRATE_V2_SUPPLY: 1000 })).get(1)!;

  beforeAll(async () => {
    // A database as the code before the spread left it: 1000 crates minted into the one shop
    // account, 97 of them sold.
    // An empty database, not the migrated template the other tests start from.
    const fresh: TestDatabase = database.name === 'pglite'
      ? { name: 'pglite', open: async () => ({ ...(await createDb({ dataDir: 'memory://' })), drop: async () => undefined }) }
      : { name: 'postgres', open: async () => {
        const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '', 'spread');
        return { ...(await createDb({ databaseUrl: scratch.url, poolSize: 4 })), drop: scratch.drop };
      } };
    const handle = await fresh.open();
    await migrate(handle.db, migrationsBefore());
    await seedCatalogue(handle.db);
    await inTransaction(handle.db, async (trx) => {
      await openAccount(trx, 'shop:crates-v2', 'shop');
      await openAccount(trx, 'sink:crates-opened', 'sink');
      await trx.insertInto('crate_shops').values({ version_id: 1, crate_item: crate, total_supply: 1000 }).execute();
      await post(trx, { reason: 'crate supply', ref: 'crates-v2', legs: [{ asset: crate, from: MINT, to: 'shop:crates-v2', amount: 1000n }] });
      await post(trx, { reason: 'crate opened', ref: crate, legs: [{ asset: crate, from: 'shop:crates-v2', to: 'sink:crates-opened', amount: 97n }] });
    });
    t = await startApp({ name: database.name, open: async () => handle }, { CRATE_V2_SUPPLY: 1000 });
  }, 120_000);
  afterAll(async () => { await t?.close(); });

  it('spreads an existing shop\'s supply over its shards through the ledger, and the shop sells from them', async () => {
    const held: bigint[] = [];
    for (const shard of shop.shards) held.push((await itemHoldings(t.handle.db, shard)).get(crate) ?? 0n);
    expect(held).toHaveLength(SUPPLY_SHARDS);
    expect(held.reduce((a, b) => a + b)).toBe(903n);
    // 903 = 16 × 56 + 7: every shard holds 56 or 57.
    for (const q of held) expect([56n, 57n]).toContain(q);
    const moves = await t.handle.db.selectFrom('ledger').select(['tx_id', 'from_account', 'amount']).where('reason', '=', 'crate supply spread').execute();
    expect(moves).toHaveLength(SUPPLY_SHARDS - 1);
    expect(new Set(moves.map((m) => m.tx_id)).size).toBe(1);
    expect(moves.every((m) => m.from_account === 'shop:crates-v2')).toBe(true);
    expect(await conservationViolations(t.handle.db)).toEqual([]);
    expect((await t.app.inject({ url: '/api/crates/status/v2' })).json()).toMatchObject({ totalSupply: 1000, remainingSupply: 903 });

    const uuid = await inTransaction(t.handle.db, (trx) => createUser(trx, { username: uniqueName('spread'), passwordHash: null }));
    await inTransaction(t.handle.db, (trx) => grantAward(trx, { uuid, tripcoins: 1000, awardId: randomUUID() }));
    const buyer = new Client(t.app);
    buyer.cookies.set(SESSION_COOKIE, await createSession(t.handle.db, uuid, 1, {}));
    const bought = await buyer.post('/api/crates/buy/v2', { quantity: 2 });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json()).toMatchObject({ quantity: 2, crateBalance: 2, remainingSupply: 901 });
    expect((await t.app.inject({ url: '/api/crates/status/v2' })).json()).toMatchObject({ totalSupply: 1000, remainingSupply: 901 });
    expect(await conservationViolations(t.handle.db)).toEqual([]);
  });
});
