// Conservation and concurrency, on PostgreSQL only: PGlite is one connection, so nothing there
// ever runs concurrently and these races cannot happen. CI sets TEST_DATABASE_URL.
//
// 1. The conservation helper (server/services/economy/ledger.ts conservationViolations) is shown to
//    catch each kind of tampering, inside transactions that are rolled back.
// 2. The mixed workload (harness/workload.ts, registry in harness/operations.ts) runs many
//    clients over real HTTP on loopback and through the ledger service; afterwards coins and
//    items are conserved, nothing is negative, every committed movement is in the ledger, and
//    each contested username belongs to exactly one account.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction, type Trx } from '../../server/db/tx';
import { conservationViolations, MINT, moveCoins, moveItems, openAccount, playerAccount } from '../../server/services/economy/ledger';
import { registerActor, type Actor } from './harness/actors';
import { WORKLOAD_OPERATIONS } from './harness/operations';
import { attemptedKey, CONTESTED_NAMES, registeredKey } from './harness/operations/accounts';
import { COMMITTED_MOVES, LEDGER_REASON, WORKLOAD_ITEM } from './harness/operations/ledger';
import { httpTransport, solveBotCheckVia, type Transport } from './harness/transport';
import { runWorkload, seededRandom, type WorkloadWorld } from './harness/workload';
import { startApp, type TestApp, databaseNamed } from './helpers';
import { marketFeesTotal } from '../../server/services/economy/tradeHolds';
import { saleFeeOf } from '../../contract/trade';

const POSTGRES = databaseNamed('postgres');
const SEED = Number(process.env.WORKLOAD_SEED ?? Date.now() % 1_000_000);
const FEE_PERCENT = 2.5;

describe.skipIf(!POSTGRES)(`invariants on PostgreSQL${POSTGRES ? '' : ' (skipped: TEST_DATABASE_URL is not set; CI sets it)'}`, () => {
  let t: TestApp;
  let send: Transport;
  let players: Actor[];

  beforeAll(async () => {
    if (!POSTGRES) return;
    // A sale fee on, so every concurrent sale also pays the fee sink (checked after the workload).
    t = await startApp(POSTGRES, { MARKET_SALE_FEE_PERCENT: FEE_PERCENT });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    send = httpTransport(address);
    players = [];
    for (let i = 0; i < 6; i++) players.push(await registerActor(send));
  });
  afterAll(async () => { await t?.close(); });

  /** Runs `tamper` and returns the violations it causes; the transaction is always rolled back. */
  async function violationsAfter(tamper: (trx: Trx) => Promise<void>): Promise<string[]> {
    let found: string[] = [];
    await t.handle.db.transaction().execute(async (trx) => {
      await tamper(trx);
      found = await conservationViolations(trx);
      throw new Rollback();
    }).catch((error: unknown) => { if (!(error instanceof Rollback)) throw error; });
    return found;
  }

  describe('the conservation helper', () => {
    it('finds nothing wrong with movements made through the ledger service', async () => {
      const [a, b] = [playerAccount(players[0]?.uuid ?? ''), playerAccount(players[1]?.uuid ?? '')];
      expect(await violationsAfter(async (trx) => {
        await moveCoins(trx, { from: MINT, to: a, amount: 1_000n, reason: 'test' });
        await moveCoins(trx, { from: a, to: b, amount: 250n, reason: 'test' });
        await moveItems(trx, WORKLOAD_ITEM, { from: MINT, to: a, amount: 3n, reason: 'test' });
        await moveItems(trx, WORKLOAD_ITEM, { from: a, to: b, amount: 1n, reason: 'test' });
      })).toEqual([]);
    });

    it('catches coins that appear without a ledger row', async () => {
      const a = playerAccount(players[0]?.uuid ?? '');
      const found = await violationsAfter(async (trx) => {
        await sql`UPDATE coin_balances SET balance = balance + 5 WHERE account_id = ${a}`.execute(trx);
      });
      expect(found.join('\n')).toMatch(/coin balances sum to 5/);
      expect(found.join('\n')).toMatch(new RegExp(`account ${a} holds`));
    });

    it('catches a balanced pair of balance changes that the ledger does not explain', async () => {
      const [a, b] = [playerAccount(players[0]?.uuid ?? ''), playerAccount(players[1]?.uuid ?? '')];
      const found = await violationsAfter(async (trx) => {
        await moveCoins(trx, { from: MINT, to: a, amount: 100n, reason: 'test' });
        await sql`UPDATE coin_balances SET balance = balance - 40 WHERE account_id = ${a}`.execute(trx);
        await sql`UPDATE coin_balances SET balance = balance + 40 WHERE account_id = ${b}`.execute(trx);
      });
      expect(found).toHaveLength(2);
    });

    it('catches items moved without a ledger row, and a ledger row whose items never moved', async () => {
      const a = playerAccount(players[2]?.uuid ?? '');
      expect((await violationsAfter(async (trx) => {
        await moveItems(trx, WORKLOAD_ITEM, { from: MINT, to: a, amount: 2n, reason: 'test' });
        await sql`UPDATE item_holdings SET quantity = quantity + 1 WHERE account_id = ${a} AND item_uuid = ${WORKLOAD_ITEM}`.execute(trx);
      })).join('\n')).toMatch(/holds 3 of/);
      expect((await violationsAfter(async (trx) => {
        await moveItems(trx, WORKLOAD_ITEM, { from: MINT, to: a, amount: 2n, reason: 'test' });
        await trx.insertInto('ledger').values({ tx_id: crypto.randomUUID(), asset: WORKLOAD_ITEM, from_account: MINT, to_account: a, amount: '1', reason: 'phantom' }).execute();
      })).join('\n')).toMatch(/ledger says/);
    });

    it('catches ledger rows for an account or an asset that holds nothing at all', async () => {
      const ghost = `escrow:harness-ghost-${Date.now()}`;
      const found = await violationsAfter(async (trx) => {
        await openAccount(trx, ghost, 'escrow');
        await trx.deleteFrom('coin_balances').where('account_id', '=', ghost).execute();
        await trx.insertInto('ledger').values([
          { tx_id: crypto.randomUUID(), asset: 'TC', from_account: ghost, to_account: MINT, amount: '7', reason: 'phantom' },
          { tx_id: crypto.randomUUID(), asset: 'TC', from_account: MINT, to_account: ghost, amount: '7', reason: 'phantom' },
          { tx_id: crypto.randomUUID(), asset: WORKLOAD_ITEM, from_account: MINT, to_account: ghost, amount: '4', reason: 'phantom' },
        ]).execute();
      });
      expect(found.join('\n')).toMatch(new RegExp(`${ghost}.*4 of ${WORKLOAD_ITEM}|${ghost} holds 0 of`));
    });

    it('is backed by CHECK constraints: a player balance cannot go negative even by hand', async () => {
      const a = playerAccount(players[3]?.uuid ?? '');
      await expect(inTransaction(t.handle.db, async (trx) => {
        await sql`UPDATE coin_balances SET balance = -1 WHERE account_id = ${a}`.execute(trx);
      })).rejects.toThrow(/check constraint/);
    });
  });

  it(`keeps coins and items conserved under a concurrent mixed workload (seed ${SEED})`, async () => {
    const world: WorkloadWorld = {
      send, db: t.handle.db, players, botToken: () => solveBotCheckVia(send), tally: new Map(), random: seededRandom(SEED),
    };
    // Bounded by count, with time to spare: on a busy 2-core machine 5 s gave 71-91 operations and
    // the non-vacuity check below failed for want of CPU, not for a fault.
    const report = await runWorkload(world, WORKLOAD_OPERATIONS, { clients: 12, durationMs: 40_000, maxOperations: 400 });
    const summary = Object.entries(report.counts).map(([name, c]) => `${name}: ${c.ok} ok, ${c.refused} refused, ${c.failed} failed`);
    console.info(`workload (seed ${SEED}): ${report.operations} operations in ${report.elapsedMs} ms\n  ${summary.join('\n  ')}`);
    expect(report.failures, summary.join('\n')).toEqual([]);
    // Non-vacuous: the races actually happened.
    expect(report.operations).toBeGreaterThan(100);
    expect(world.tally.get(COMMITTED_MOVES) ?? 0).toBeGreaterThan(20);

    expect(await conservationViolations(t.handle.db)).toEqual([]);
    const negatives = await sql<{ n: string }>`
      SELECT (SELECT count(*) FROM coin_balances WHERE balance < 0 AND account_id <> ${MINT})
           + (SELECT count(*) FROM item_holdings WHERE quantity < 0 AND account_id <> ${MINT}) AS n`.execute(t.handle.db);
    expect(Number(negatives.rows[0]?.n)).toBe(0);
    // The fee sink holds exactly the fees the sold listings record, each the rate of its price.
    const sold = await sql<{ price: string; sale_fee: string }>`SELECT price, sale_fee FROM market_listings WHERE status = 'sold'`.execute(t.handle.db);
    const feeBps = Math.round(FEE_PERCENT * 100);
    expect(sold.rows.filter((r) => BigInt(r.sale_fee) !== saleFeeOf(BigInt(r.price), feeBps))).toEqual([]);
    expect(await marketFeesTotal(t.handle.db)).toBe(sold.rows.reduce((sum, r) => sum + BigInt(r.sale_fee), 0n));
    const feeLegs = await sql<{ total: string }>`SELECT coalesce(sum(amount), 0) AS total FROM ledger WHERE reason = 'marketplace fee'`.execute(t.handle.db);
    expect(BigInt(feeLegs.rows[0]?.total ?? 0)).toBe(await marketFeesTotal(t.handle.db));
    const ledgerRows = await t.handle.db.selectFrom('ledger').select((eb) => eb.fn.countAll<string>().as('n')).where('reason', '=', LEDGER_REASON).executeTakeFirst();
    expect(Number(ledgerRows?.n)).toBe(world.tally.get(COMMITTED_MOVES));

    for (const name of CONTESTED_NAMES) {
      // Non-vacuous: the name was raced for, not merely registered once.
      expect(world.tally.get(attemptedKey(name)) ?? 0, `attempts at ${name}`).toBeGreaterThanOrEqual(2);
      const accounts = await t.handle.db.selectFrom('users').select('id').where('username_lower', '=', name.toLowerCase()).execute();
      expect(accounts, name).toHaveLength(1);
      expect(world.tally.get(registeredKey(name)), `successful registrations of ${name}`).toBe(1);
    }
  });

  it('gives exactly one account to one name registered by many clients at once', async () => {
    const name = `race_${Date.now().toString(36)}`;
    const tokens = await Promise.all(Array.from({ length: 10 }, () => solveBotCheckVia(send)));
    const replies = await Promise.all(tokens.map((token, i) => send({
      label: 'register', method: 'POST', url: '/api/register', headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: i % 2 ? name : name.toUpperCase(), password: 'same-name-race', turnstile_token: token }),
    })));
    expect(replies.map((r) => r.status).sort()).toEqual([200, ...Array.from({ length: 9 }, () => 409)]);
    const rows = await t.handle.db.selectFrom('users').select('id').where('username_lower', '=', name.toLowerCase()).execute();
    expect(rows).toHaveLength(1);
  });
});

class Rollback extends Error {}
