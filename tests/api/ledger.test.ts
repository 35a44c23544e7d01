import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ITEM_IDS } from '../../contract/items';
import { inTransaction } from '../../server/db/tx';
import { grantAward } from '../../server/services/economy/awards';
import { crateSalesTotal, CRATE_SALES_SINK } from '../../server/services/economy/crates';
import { balanceAfter, COINS, coinBalance, conservationViolations, InsufficientFunds, itemHoldings, MINT, moveCoins, moveItems, openPlayerAccount, playerAccount, post, postReturning } from '../../server/services/economy/ledger';
import { createSession, SESSION_COOKIE } from '../../server/services/accounts/sessions';
import { Client, startApp, type TestApp, allTestDatabases } from './helpers';

async function newPlayer(t: TestApp): Promise<string> {
  const id = randomUUID();
  await t.handle.db.insertInto('users').values({ id, username: `u${id.slice(0, 8)}`, username_lower: `u${id.slice(0, 8)}`, password_hash: null }).execute();
  return inTransaction(t.handle.db, (trx) => openPlayerAccount(trx, id));
}

describe.each(allTestDatabases())('the money model on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => { t = await startApp(database); });
  afterAll(async () => { await t.close(); });

  it('moves coins and items with a ledger row each, conserving totals', async () => {
    const a = await newPlayer(t);
    const b = await newPlayer(t);
    await inTransaction(t.handle.db, async (trx) => {
      await moveCoins(trx, { from: MINT, to: a, amount: 10_000n, reason: 'award' });
      await moveItems(trx, ITEM_IDS.baseSetCrate, { from: MINT, to: a, amount: 3n, reason: 'award' });
    });
    await inTransaction(t.handle.db, async (trx) => {
      await moveCoins(trx, { from: a, to: b, amount: 2_550n, reason: 'test' });
      await moveItems(trx, ITEM_IDS.baseSetCrate, { from: a, to: b, amount: 1n, reason: 'test' });
    });
    expect(await coinBalance(t.handle.db, a)).toBe(7_450n);
    expect(await coinBalance(t.handle.db, b)).toBe(2_550n);
    expect((await itemHoldings(t.handle.db, a)).get(ITEM_IDS.baseSetCrate)).toBe(2n);
    expect((await itemHoldings(t.handle.db, b)).get(ITEM_IDS.baseSetCrate)).toBe(1n);
    expect(await conservationViolations(t.handle.db)).toEqual([]);
  });

  it('refuses to overdraw and leaves nothing half-applied', async () => {
    const a = await newPlayer(t);
    const b = await newPlayer(t);
    await inTransaction(t.handle.db, (trx) => moveCoins(trx, { from: MINT, to: a, amount: 500n, reason: 'award' }));
    const ledgerBefore = await t.handle.db.selectFrom('ledger').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    await expect(inTransaction(t.handle.db, async (trx) => {
      await moveCoins(trx, { from: a, to: b, amount: 300n, reason: 'first' });
      await moveCoins(trx, { from: a, to: b, amount: 300n, reason: 'second' });
    })).rejects.toBeInstanceOf(InsufficientFunds);
    expect(await coinBalance(t.handle.db, a)).toBe(500n);
    expect(await coinBalance(t.handle.db, b)).toBe(0n);
    const ledgerAfter = await t.handle.db.selectFrom('ledger').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expect(Number(ledgerAfter.n)).toBe(Number(ledgerBefore.n));
    await expect(inTransaction(t.handle.db, (trx) => moveItems(trx, ITEM_IDS.mythicalTicket, { from: a, to: b, amount: 1n, reason: 'x' }))).rejects.toBeInstanceOf(InsufficientFunds);
    expect(await conservationViolations(t.handle.db)).toEqual([]);
  });

  it('keeps the ledger append-only and balances non-negative at the database level', async () => {
    await expect(sql`UPDATE ledger SET amount = amount + 1`.execute(t.handle.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM ledger`.execute(t.handle.db)).rejects.toThrow(/append-only/);
    const a = await newPlayer(t);
    await expect(sql`UPDATE coin_balances SET balance = -1 WHERE account_id = ${a}`.execute(t.handle.db)).rejects.toThrow();
  });

  it('never overdraws under concurrent spending', async () => {
    const a = await newPlayer(t);
    const sinks = await Promise.all(Array.from({ length: 4 }, () => newPlayer(t)));
    await inTransaction(t.handle.db, (trx) => moveCoins(trx, { from: MINT, to: a, amount: 1_000n, reason: 'award' }));
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) =>
      inTransaction(t.handle.db, (trx) => moveCoins(trx, { from: a, to: sinks[i % 4]!, amount: 100n, reason: 'race' }))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(await coinBalance(t.handle.db, a)).toBe(0n);
    expect(await conservationViolations(t.handle.db)).toEqual([]);
  });

  it('detects drift between balances and the ledger', async () => {
    const a = await newPlayer(t);
    await sql`UPDATE coin_balances SET balance = balance + 5 WHERE account_id = ${a}`.execute(t.handle.db);
    const problems = await conservationViolations(t.handle.db);
    expect(problems.some((p) => p.includes(a))).toBe(true);
    await sql`UPDATE coin_balances SET balance = balance - 5 WHERE account_id = ${a}`.execute(t.handle.db);
    expect(await conservationViolations(t.handle.db)).toEqual([]);
  });

  it('writes every row of one operation under one tx_id, and refuses a whole posting when one leg cannot pay', async () => {
    const a = await newPlayer(t);
    const b = await newPlayer(t);
    const txId = await inTransaction(t.handle.db, (trx) => post(trx, {
      reason: 'test', legs: [
        { asset: COINS, from: MINT, to: a, amount: 700n },
        { asset: ITEM_IDS.baseSetCrate.toUpperCase(), from: MINT, to: a, amount: 2n },
        { asset: COINS, from: a, to: b, amount: 200n },
      ],
    }));
    const rows = await t.handle.db.selectFrom('ledger').select(['tx_id', 'asset']).where('tx_id', '=', txId).execute();
    expect(rows).toHaveLength(3);
    expect(await coinBalance(t.handle.db, a)).toBe(500n);
    await expect(inTransaction(t.handle.db, (trx) => post(trx, {
      reason: 'test', legs: [{ asset: COINS, from: a, to: b, amount: 100n }, { asset: ITEM_IDS.baseSetCrate, from: a, to: b, amount: 3n }],
    }))).rejects.toMatchObject({ asset: ITEM_IDS.baseSetCrate, account: a });
    expect(await coinBalance(t.handle.db, a)).toBe(500n);
    expect((await itemHoldings(t.handle.db, a)).get(ITEM_IDS.baseSetCrate)).toBe(2n);
    expect(await conservationViolations(t.handle.db)).toEqual([]);
  });

  it('never commits a transaction whose caller caught a refused posting and carried on', async () => {
    // The one-statement posting writes its ledger rows and the balances before the one that
    // cannot pay: committing after catching its refusal would keep half a posting. inTransaction
    // rolls such a transaction back and says why, whatever the caller did with the error.
    const a = await newPlayer(t);
    const b = await newPlayer(t);
    await inTransaction(t.handle.db, (trx) => post(trx, { reason: 'fund', legs: [{ asset: COINS, from: MINT, to: a, amount: 500n }] }));
    const ref = `swallowed-${randomUUID()}`;
    const swallowed = inTransaction(t.handle.db, async (trx) => {
      try {
        await post(trx, { reason: 'test', ref, legs: [{ asset: COINS, from: a, to: b, amount: 100n }, { asset: ITEM_IDS.baseSetCrate, from: a, to: b, amount: 3n }] });
      } catch (error) {
        if (!(error instanceof InsufficientFunds)) throw error;
      }
      return 'carried on';
    });
    await expect(swallowed).rejects.toThrow(/refused posting 'test'.*rolled back/);
    expect(await coinBalance(t.handle.db, a)).toBe(500n);
    expect(await coinBalance(t.handle.db, b)).toBe(0n);
    expect(await t.handle.db.selectFrom('ledger').select('tx_id').where('ref', '=', ref).execute()).toHaveLength(0);
    expect(await conservationViolations(t.handle.db)).toEqual([]);
  });

  it('gives a crate purchase, a crate opening and an award one tx_id each', async () => {
    const account = await newPlayer(t);
    const uuid = account.slice('player:'.length);
    const award = await inTransaction(t.handle.db, (trx) => grantAward(trx, { uuid, awardId: `tx-${uuid}`, tripcoins: 1000, items: { [ITEM_IDS.mythicalTicket]: 1, [ITEM_IDS.baseSetCrate]: 1 } }));
    expect(award.replayed).toBe(false);
    const client = new Client(t.app);
    client.cookies.set(SESSION_COOKIE, await createSession(t.handle.db, uuid, 1, {}));
    expect((await client.post('/api/crates/buy', { quantity: 2 })).statusCode).toBe(200);
    expect((await client.post('/api/crates/open', { crateVersionId: 0 })).statusCode).toBe(200);
    const rows = await t.handle.db.selectFrom('ledger').select(['tx_id', 'reason'])
      .where((eb) => eb.or([eb('from_account', '=', account), eb('to_account', '=', account)])).orderBy('id').execute();
    const groups = new Map<string, string[]>();
    for (const r of rows) groups.set(r.tx_id, [...(groups.get(r.tx_id) ?? []), r.reason]);
    expect([...groups.values()]).toEqual([['award', 'award', 'award'], ['crate purchase', 'crate purchase'], ['crate opened', 'crate opened']]);
  });

  it('refuses for the first leg in the posting\'s order that cannot pay, whatever order the balances are locked in', async () => {
    // 'player:…' locks before 'shop:…' and coins before items, but the legs name the shop first:
    // a shop that is sold out to a buyer who cannot pay either answers for the shop, as before.
    const buyer = await newPlayer(t);
    const shopId = `shop:test-${randomUUID().slice(0, 8)}`;
    await t.handle.db.insertInto('value_accounts').values({ id: shopId, kind: 'shop', user_id: null }).execute();
    const crate = ITEM_IDS.baseSetCrate;
    const legs = [{ asset: crate, from: shopId, to: buyer, amount: 1n }, { asset: COINS, from: buyer, to: MINT, amount: 100n }];
    const refusal = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e);
    const both = await refusal(inTransaction(t.handle.db, (trx) => post(trx, { reason: 'test', legs })));
    expect(both).toBeInstanceOf(InsufficientFunds);
    expect((both as InsufficientFunds).account).toBe(shopId);
    await inTransaction(t.handle.db, (trx) => moveItems(trx, crate, { from: MINT, to: shopId, amount: 1n, reason: 'test' }));
    const coinsOnly = await refusal(inTransaction(t.handle.db, (trx) => post(trx, { reason: 'test', legs })));
    expect((coinsOnly as InsufficientFunds).account).toBe(buyer);
    expect((await itemHoldings(t.handle.db, shopId)).get(crate)).toBe(1n);
    expect(await conservationViolations(t.handle.db)).toEqual([]);
  });

  it('answers the balances a posting left, and opens a missing player account in the same statement', async () => {
    const id = randomUUID();
    await t.handle.db.insertInto('users').values({ id, username: `u${id.slice(0, 8)}`, username_lower: `u${id.slice(0, 8)}`, password_hash: null }).execute();
    const player = playerAccount(id);
    const posted = await inTransaction(t.handle.db, (trx) => postReturning(trx, {
      reason: 'test', openPlayers: [id],
      legs: [{ asset: COINS, from: MINT, to: player, amount: 700n }, { asset: ITEM_IDS.baseSetCrate, from: MINT, to: player, amount: 2n }],
    }));
    expect(balanceAfter(posted, player, COINS)).toBe(700n);
    expect(balanceAfter(posted, player, ITEM_IDS.baseSetCrate)).toBe(2n);
    expect(await coinBalance(t.handle.db, player)).toBe(700n);
    expect(await conservationViolations(t.handle.db)).toEqual([]);
  });

  it('spreads crate sales over the sink\'s shards and counts them all', async () => {
    const account = await newPlayer(t);
    await inTransaction(t.handle.db, (trx) => moveCoins(trx, { from: MINT, to: account, amount: 100_000_00n, reason: 'award' }));
    const client = new Client(t.app);
    client.cookies.set(SESSION_COOKIE, await createSession(t.handle.db, account.slice('player:'.length), 1, {}));
    const before = await crateSalesTotal(t.handle.db);
    for (let i = 0; i < 6; i++) expect((await client.post('/api/crates/buy', { quantity: 1 })).statusCode).toBe(200);
    const shards = await t.handle.db.selectFrom('ledger').select('to_account').distinct()
      .where('reason', '=', 'crate purchase').where('asset', '=', COINS).execute();
    expect(shards.every((r) => r.to_account === CRATE_SALES_SINK || r.to_account.startsWith(`${CRATE_SALES_SINK}:`))).toBe(true);
    expect(await crateSalesTotal(t.handle.db) - before).toBe(6n * 100_00n);
    expect(await conservationViolations(t.handle.db)).toEqual([]);
  });
});
