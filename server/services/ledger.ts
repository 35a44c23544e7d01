// The one place coins and items change hands. One business operation is one posting: a list of
// legs (from, to, asset, amount), applied inside the caller's transaction so a failure anywhere
// leaves nothing half-applied, and written to the append-only ledger under one tx_id.
//
// Lock order (no deadlock, whatever the concurrency): before it moves anything a posting
//  1. creates the balance rows its receivers lack (INSERT ... ON CONFLICT DO NOTHING, sorted),
//  2. locks every balance it touches with SELECT ... ORDER BY ... FOR UPDATE, coins first, then
//     items, each sorted by (account, item),
// then checks every leg in order against the locked balances (never below zero, except the
// mint; CHECK constraints back this up) and writes the net change of each balance. Two postings
// therefore always wait for each other in the same order and can never each hold what the other
// needs. Callers lock their own domain row (a listing, a game) before posting, never after.
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

export interface Leg {
  /** 'TC' (COINS) or an item uuid. */
  asset: string;
  from: string;
  to: string;
  /** Hundredths of a TripCoin for 'TC'; units for an item uuid. */
  amount: bigint;
  /** Defaults to the posting's. */
  reason?: string;
  ref?: string | null;
}

export interface Posting {
  reason: string;
  ref?: string | null;
  /** Groups the rows of one business operation; one is made when omitted. */
  txId?: string;
  legs: Leg[];
}

export interface Movement {
  from: string;
  to: string;
  /** Hundredths of a TripCoin for 'TC'; units for an item uuid. */
  amount: bigint;
  reason: string;
  ref?: string | null;
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

function check(leg: Leg): void {
  if (leg.amount <= 0n) throw new Error(`Movement amount must be positive, got ${leg.amount}`);
  if (leg.from === leg.to) throw new Error('Movement to the same account');
}

const keyOf = (account: string, asset: string) => `${account}\u0000${asset}`;
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Applies one operation's legs atomically under one tx_id (see the lock order above). Throws
 * InsufficientFunds for the first leg whose source cannot pay, having changed nothing.
 */
export async function post(trx: Trx, posting: Posting): Promise<string> {
  if (posting.legs.length === 0) throw new Error('A posting needs at least one leg');
  posting.legs.forEach(check);
  // Item uuids as PostgreSQL prints them, so the locked rows and the legs use one spelling.
  const legs = posting.legs.map((l) => (l.asset === COINS ? l : { ...l, asset: l.asset.toLowerCase() }));
  const coinLegs = legs.filter((l) => l.asset === COINS);
  const itemLegs = legs.filter((l) => l.asset !== COINS);

  // 1. Missing rows, in one sorted order: receivers (and the mint, which may pay from nothing).
  const coinReceivers = [...new Set(coinLegs.flatMap((l) => (l.from === MINT ? [l.to, MINT] : [l.to])))].sort(byText);
  const itemReceivers = new Map<string, { account: string; asset: string }>();
  for (const l of itemLegs) {
    itemReceivers.set(keyOf(l.to, l.asset), { account: l.to, asset: l.asset });
    if (l.from === MINT) itemReceivers.set(keyOf(MINT, l.asset), { account: MINT, asset: l.asset });
  }
  const itemCreate = [...itemReceivers.entries()].sort(([a], [b]) => byText(a, b)).map(([, v]) => v);
  if (coinReceivers.length) {
    await trx.insertInto('coin_balances').values(coinReceivers.map((account) => ({ account_id: account, balance: 0 })))
      .onConflict((oc) => oc.doNothing()).execute();
  }
  if (itemCreate.length) {
    await trx.insertInto('item_holdings').values(itemCreate.map((k) => ({ account_id: k.account, item_uuid: k.asset, quantity: 0 })))
      .onConflict((oc) => oc.doNothing()).execute();
  }

  // 2. Every balance touched, locked in the global order.
  const balances = new Map<string, bigint>();
  const coinAccounts = [...new Set(coinLegs.flatMap((l) => [l.from, l.to]))];
  if (coinAccounts.length) {
    const rows = await sql<{ account_id: string; balance: string | number }>`
      SELECT account_id, balance FROM coin_balances WHERE account_id IN (${sql.join(coinAccounts)})
      ORDER BY account_id COLLATE "C" FOR UPDATE`.execute(trx);
    for (const r of rows.rows) balances.set(keyOf(r.account_id, COINS), toBigInt(r.balance));
  }
  const itemKeys = new Map<string, { account: string; asset: string }>();
  for (const l of itemLegs) for (const account of [l.from, l.to]) itemKeys.set(keyOf(account, l.asset), { account, asset: l.asset });
  if (itemKeys.size) {
    const pairs = [...itemKeys.values()].map((k) => sql`(${k.account}, ${k.asset}::uuid)`);
    const rows = await sql<{ account_id: string; item_uuid: string; quantity: string | number }>`
      SELECT account_id, item_uuid::text AS item_uuid, quantity FROM item_holdings WHERE (account_id, item_uuid) IN (${sql.join(pairs)})
      ORDER BY account_id COLLATE "C", item_uuid FOR UPDATE`.execute(trx);
    for (const r of rows.rows) balances.set(keyOf(r.account_id, r.item_uuid), toBigInt(r.quantity));
  }

  // 3. The legs in order against the locked balances: the first that cannot pay refuses it all.
  const delta = new Map<string, bigint>();
  for (const l of legs) {
    const from = keyOf(l.from, l.asset);
    const to = keyOf(l.to, l.asset);
    const have = balances.get(from);
    if (l.from !== MINT && (have === undefined || have < l.amount)) throw new InsufficientFunds(l.asset, l.from);
    balances.set(from, (have ?? 0n) - l.amount);
    balances.set(to, (balances.get(to) ?? 0n) + l.amount);
    delta.set(from, (delta.get(from) ?? 0n) - l.amount);
    delta.set(to, (delta.get(to) ?? 0n) + l.amount);
  }

  // 4. Net changes, then the ledger rows.
  const coinChanges = coinAccounts.map((account) => ({ account, d: delta.get(keyOf(account, COINS)) ?? 0n })).filter((c) => c.d !== 0n);
  if (coinChanges.length) {
    const values = coinChanges.map((c) => sql`(${c.account}, ${c.d.toString()}::bigint)`);
    await sql`UPDATE coin_balances AS b SET balance = b.balance + d.delta FROM (VALUES ${sql.join(values)}) AS d(account_id, delta)
      WHERE b.account_id = d.account_id`.execute(trx);
  }
  const itemChanges = [...itemKeys.values()].map((k) => ({ ...k, d: delta.get(keyOf(k.account, k.asset)) ?? 0n })).filter((c) => c.d !== 0n);
  if (itemChanges.length) {
    const values = itemChanges.map((c) => sql`(${c.account}, ${c.asset}::uuid, ${c.d.toString()}::bigint)`);
    await sql`UPDATE item_holdings AS h SET quantity = h.quantity + d.delta FROM (VALUES ${sql.join(values)}) AS d(account_id, item_uuid, delta)
      WHERE h.account_id = d.account_id AND h.item_uuid = d.item_uuid`.execute(trx);
  }
  const txId = posting.txId ?? randomUUID();
  await trx.insertInto('ledger').values(legs.map((l) => ({
    tx_id: txId, asset: l.asset, from_account: l.from, to_account: l.to, amount: l.amount.toString(),
    reason: l.reason ?? posting.reason, ref: (l.ref === undefined ? posting.ref : l.ref) ?? null,
  }))).execute();
  return txId;
}

/** One coin movement as its own posting (an operation of one leg). */
export async function moveCoins(trx: Trx, m: Movement): Promise<string> {
  return post(trx, { reason: m.reason, ref: m.ref ?? null, ...(m.txId ? { txId: m.txId } : {}), legs: [{ asset: COINS, from: m.from, to: m.to, amount: m.amount }] });
}

/** One item movement as its own posting (an operation of one leg). */
export async function moveItems(trx: Trx, itemUuid: string, m: Movement): Promise<string> {
  return post(trx, { reason: m.reason, ref: m.ref ?? null, ...(m.txId ? { txId: m.txId } : {}), legs: [{ asset: itemUuid, from: m.from, to: m.to, amount: m.amount }] });
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
