// The one place coins and items change hands. Every movement:
//  - takes from the source with one conditional UPDATE (never below zero, whatever the
//    concurrency; CHECK constraints back this up),
//  - adds to the destination,
//  - writes an append-only ledger row,
// all inside the caller's transaction, so a failure anywhere leaves nothing half-applied.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { AccountKind } from '../db/schema';
import type { Executor, Trx } from '../db/tx';
import { toBigInt } from '../db/values';
import { HttpError } from '../errors';

export const MINT = 'mint';
export const COINS = 'TC';

export const playerAccount = (userId: string) => `player:${userId}`;

export class InsufficientFunds extends HttpError {
  constructor(readonly asset: string, readonly account: string, message = asset === COINS ? 'Insufficient TripCoins' : 'Not enough items') {
    super(409, message, 'INSUFFICIENT_FUNDS');
  }
}

export interface Movement {
  from: string;
  to: string;
  /** Hundredths of a TripCoin for 'TC'; units for an item uuid. */
  amount: bigint;
  reason: string;
  ref?: string | null;
  /** Groups the rows of one business operation; one is made when omitted. */
  txId?: string;
}

export async function openAccount(trx: Executor, id: string, kind: AccountKind, userId: string | null = null): Promise<void> {
  await trx.insertInto('value_accounts').values({ id, kind, user_id: userId }).onConflict((oc) => oc.doNothing()).execute();
  await trx.insertInto('coin_balances').values({ account_id: id, balance: 0 }).onConflict((oc) => oc.doNothing()).execute();
}

export async function openPlayerAccount(trx: Executor, userId: string): Promise<string> {
  const id = playerAccount(userId);
  await openAccount(trx, id, 'player', userId);
  return id;
}

function check(m: Movement): void {
  if (m.amount <= 0n) throw new Error(`Movement amount must be positive, got ${m.amount}`);
  if (m.from === m.to) throw new Error('Movement to the same account');
}

export async function moveCoins(trx: Trx, m: Movement): Promise<string> {
  check(m);
  const taken = await trx.updateTable('coin_balances')
    .set({ balance: sql`balance - ${m.amount.toString()}::bigint` })
    .where('account_id', '=', m.from)
    .where((eb) => eb.or([eb('balance', '>=', m.amount.toString()), eb('account_id', '=', MINT)]))
    .returning('balance')
    .executeTakeFirst();
  if (!taken) throw new InsufficientFunds(COINS, m.from);
  await trx.insertInto('coin_balances').values({ account_id: m.to, balance: m.amount.toString() })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ balance: sql`coin_balances.balance + excluded.balance` }))
    .execute();
  return writeLedger(trx, COINS, m);
}

export async function moveItems(trx: Trx, itemUuid: string, m: Movement): Promise<string> {
  check(m);
  if (m.from === MINT) {
    await trx.insertInto('item_holdings').values({ account_id: MINT, item_uuid: itemUuid, quantity: 0 })
      .onConflict((oc) => oc.doNothing()).execute();
  }
  const taken = await trx.updateTable('item_holdings')
    .set({ quantity: sql`quantity - ${m.amount.toString()}::bigint` })
    .where('account_id', '=', m.from)
    .where('item_uuid', '=', itemUuid)
    .where((eb) => eb.or([eb('quantity', '>=', m.amount.toString()), eb('account_id', '=', MINT)]))
    .returning('quantity')
    .executeTakeFirst();
  if (!taken) throw new InsufficientFunds(itemUuid, m.from);
  await trx.insertInto('item_holdings').values({ account_id: m.to, item_uuid: itemUuid, quantity: m.amount.toString() })
    .onConflict((oc) => oc.columns(['account_id', 'item_uuid']).doUpdateSet({ quantity: sql`item_holdings.quantity + excluded.quantity` }))
    .execute();
  return writeLedger(trx, itemUuid, m);
}

async function writeLedger(trx: Trx, asset: string, m: Movement): Promise<string> {
  const txId = m.txId ?? randomUUID();
  await trx.insertInto('ledger').values({
    tx_id: txId, asset, from_account: m.from, to_account: m.to, amount: m.amount.toString(), reason: m.reason, ref: m.ref ?? null,
  }).execute();
  return txId;
}

export async function coinBalance(db: Executor, account: string): Promise<bigint> {
  const row = await db.selectFrom('coin_balances').select('balance').where('account_id', '=', account).executeTakeFirst();
  return toBigInt(row?.balance);
}

export async function itemHoldings(db: Executor, account: string): Promise<Map<string, bigint>> {
  const rows = await db.selectFrom('item_holdings').select(['item_uuid', 'quantity'])
    .where('account_id', '=', account).where('quantity', '>', 0).execute();
  return new Map(rows.map((r) => [r.item_uuid, toBigInt(r.quantity)]));
}

/**
 * Conservation, computed from the database: for TripCoins and for every item, the balances sum
 * to zero (the mint holds the negative of everything issued) and every account's balance equals
 * what the ledger says flowed in minus what flowed out. Returns the list of violations.
 */
export async function conservationViolations(db: Executor): Promise<string[]> {
  const problems: string[] = [];
  const coinTotal = await sql<{ total: string | number | null }>`SELECT sum(balance) AS total FROM coin_balances`.execute(db);
  if (toBigInt(coinTotal.rows[0]?.total ?? 0) !== 0n) problems.push(`coin balances sum to ${coinTotal.rows[0]?.total}, not 0`);
  const itemTotals = await sql<{ item_uuid: string; total: string | number }>`SELECT item_uuid, sum(quantity) AS total FROM item_holdings GROUP BY item_uuid HAVING sum(quantity) <> 0`.execute(db);
  for (const r of itemTotals.rows) problems.push(`item ${r.item_uuid} holdings sum to ${r.total}, not 0`);
  // Per (account, asset), balances against ledger flows, FULL OUTER JOIN both ways: a ledger row
  // for an account or asset with no balance/holding row at all is drift too (a one-sided join
  // from the balances never sees it).
  const coinDrift = await sql<{ account_id: string; balance: string | number; flow: string | number }>`
    WITH flows AS (
      SELECT account, sum(delta) AS flow FROM (
        SELECT to_account AS account, amount AS delta FROM ledger WHERE asset = 'TC'
        UNION ALL SELECT from_account, -amount FROM ledger WHERE asset = 'TC'
      ) f GROUP BY account
    )
    SELECT coalesce(b.account_id, f.account) AS account_id, coalesce(b.balance, 0) AS balance, coalesce(f.flow, 0) AS flow
    FROM coin_balances b FULL OUTER JOIN flows f ON f.account = b.account_id
    WHERE coalesce(b.balance, 0) <> coalesce(f.flow, 0)`.execute(db);
  for (const r of coinDrift.rows) problems.push(`account ${r.account_id} holds ${r.balance} TC hundredths but the ledger says ${r.flow}`);
  const itemDrift = await sql<{ account_id: string; item_uuid: string; quantity: string | number; flow: string | number }>`
    WITH flows AS (
      SELECT account, asset, sum(delta) AS flow FROM (
        SELECT to_account AS account, asset, amount AS delta FROM ledger WHERE asset <> 'TC'
        UNION ALL SELECT from_account, asset, -amount FROM ledger WHERE asset <> 'TC'
      ) f GROUP BY account, asset
    )
    SELECT coalesce(h.account_id, f.account) AS account_id, coalesce(h.item_uuid::text, f.asset) AS item_uuid,
           coalesce(h.quantity, 0) AS quantity, coalesce(f.flow, 0) AS flow
    FROM item_holdings h FULL OUTER JOIN flows f ON f.account = h.account_id AND f.asset = h.item_uuid::text
    WHERE coalesce(h.quantity, 0) <> coalesce(f.flow, 0)`.execute(db);
  for (const r of itemDrift.rows) problems.push(`account ${r.account_id} holds ${r.quantity} of ${r.item_uuid} but the ledger says ${r.flow}`);
  const negatives = await sql<{ n: string | number }>`
    SELECT (SELECT count(*) FROM coin_balances WHERE balance < 0 AND account_id <> 'mint') + (SELECT count(*) FROM item_holdings WHERE quantity < 0 AND account_id <> 'mint') AS n`.execute(db);
  if (toBigInt(negatives.rows[0]?.n ?? 0) > 0n) problems.push('a balance or holding is negative');
  return problems;
}
