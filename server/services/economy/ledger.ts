// The one place coins and items change hands. One business operation is one posting: a list of
// legs (from, to, asset, amount), applied inside the caller's transaction so a failure anywhere
// leaves nothing half-applied, and written to the append-only ledger under one tx_id.
//
// Lock order (no deadlock, whatever the concurrency): a posting takes the row lock of every
// balance it touches in one global order, coins first, then items, each sorted by (account,
// item). Two postings therefore always wait for each other in the same order and can never each
// hold what the other needs. Two ways to do it (post() picks):
//  - the short path, for postings where no balance both pays and receives (nearly all): the
//    ledger rows first, then each balance's net change as one statement in that order: a
//    conditional debit (UPDATE ... WHERE balance >= amount; no row updated = cannot pay, the
//    whole posting is refused) or an upsert credit. Each lock is taken by the statement that
//    needs it, as late as the order allows, and held to the commit;
//  - the ordered path, for the rest: the receivers' missing rows created, every balance locked
//    with SELECT ... ORDER BY ... FOR UPDATE, every leg checked in order, then the net changes.
// Balances never go below zero except the mint's and the hosts' revenue accounts' (CHECK
// constraints back this up), and a player's by the reversal of a refunded purchase (`overdraw`). Callers lock
// their own domain row (a listing, a game) before posting, never after.
import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import { mustRollBack, type Trx } from '../../db/tx';
import { toBigInt } from '../../db/values';
import { COINS, InsufficientFunds, MINT, mayGoBelowZero, openPlayerAccount, playerAccount, type Leg, type Movement, type Posting } from './ledgerAccounts';
import { notePosting } from '../system/observe';

// Accounts, legs and postings' types (ledgerAccounts.ts), and the reads of balances
// (balances.ts), are the ledger's too: one import for the rest of the server.
export * from './ledgerAccounts';
export { coinBalance, conservationViolations, itemHoldings } from './balances';

function check(leg: Leg): void {
  if (leg.amount <= 0n) throw new Error(`Movement amount must be positive, got ${leg.amount}`);
  if (leg.from === leg.to) throw new Error('Movement to the same account');
}

const keyOf = (account: string, asset: string) => `${account}\u0000${asset}`;
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Applies one operation's legs atomically under one tx_id (see the lock order above). Throws
 * InsufficientFunds for the first leg whose source cannot pay, having changed nothing.
 *
 * The short path (every posting whose legs do not pass value through an account, i.e. no
 * (account, asset) both pays and receives): the ledger rows first (they lock no balance), then
 * one statement per balance in the global lock order, a conditional debit
 * (`UPDATE ... WHERE balance >= amount`) or an upsert credit. No balance is read first and no
 * lock is taken before it is needed, so a hot row (a shop's supply, a sink) is held from its one
 * statement to the commit only. The ordered path (lock everything, check the legs in order,
 * write) serves the rest.
 *
 * A refused posting may have written part of itself (the ledger rows, the balances before the
 * one that could not pay): the caller's transaction must roll back (let the error, or the
 * domain error it becomes, leave the transaction). inTransaction enforces it: a transaction whose
 * posting was refused never commits, even if the caller caught the refusal (mustRollBack).
 */
export async function post(trx: Trx, posting: Posting): Promise<string> {
  return (await postReturning(trx, posting)).txId;
}

/** What a posting left: its tx_id and every balance it touched afterwards (see balanceAfter). */
export interface Posted { txId: string; balances: Map<string, bigint> }

/** An account's balance of an asset ('TC' or an item uuid) after the posting (0 if it was not touched). */
export const balanceAfter = (posted: Posted, account: string, asset: string) =>
  posted.balances.get(keyOf(account, asset === COINS ? COINS : asset.toLowerCase())) ?? 0n;

/** post(), answering the balances it left too (no read after it needed). */
export async function postReturning(trx: Trx, posting: Posting): Promise<Posted> {
  if (posting.legs.length === 0) throw new Error('A posting needs at least one leg');
  notePosting(posting.reason);
  posting.legs.forEach(check);
  // Item uuids as PostgreSQL prints them, so the locked rows and the legs use one spelling.
  const legs = posting.legs.map((l) => (l.asset === COINS ? l : { ...l, asset: l.asset.toLowerCase() }));
  const free = (account: string, asset: string) => mayGoBelowZero(account) || (asset === COINS && (posting.overdraw?.includes(account) ?? false));
  const payers = new Set(legs.map((l) => keyOf(l.from, l.asset)));
  if (legs.some((l) => payers.has(keyOf(l.to, l.asset)))) {
    for (const userId of posting.openPlayers ?? []) await openPlayerAccount(trx, userId);
    return postOrdered(trx, posting, legs, free);
  }

  const changes = new Map<string, { account: string; asset: string; d: bigint }>();
  for (const l of legs) {
    for (const [account, d] of [[l.from, -l.amount], [l.to, l.amount]] as const) {
      const k = keyOf(account, l.asset);
      const c = changes.get(k) ?? { account, asset: l.asset, d: 0n };
      c.d += d;
      changes.set(k, c);
    }
  }
  const ordered = [...changes.values()].sort((a, b) =>
    (a.asset === COINS) !== (b.asset === COINS) ? (a.asset === COINS ? -1 : 1) : byText(a.account, b.account) || byText(a.asset, b.asset));
  // One statement: the ledger rows, then one sub-statement per balance, each fed by the one
  // before it so that they take their row locks in the global order and stop at the first
  // balance that cannot pay (its value, and every later one, comes back NULL).
  const txId = posting.txId ?? randomUUID();
  const parts: RawBuilder<unknown>[] = [sql`l AS (INSERT INTO ledger (tx_id, asset, from_account, to_account, amount, reason, ref) VALUES ${sql.join(legs.map((l) =>
    sql`(${txId}::uuid, ${l.asset}, ${l.from}, ${l.to}, ${l.amount.toString()}::bigint, ${l.reason ?? posting.reason}, ${(l.ref === undefined ? posting.ref : l.ref) ?? null}::text)`))})`];
  // Accounts opened here are seen by the foreign keys, which are checked at the end of the statement.
  if (posting.openPlayers?.length) {
    parts.unshift(sql`a AS (INSERT INTO value_accounts (id, kind, user_id) VALUES ${sql.join(posting.openPlayers.map((u) => sql`(${playerAccount(u)}, 'player', ${u}::uuid)`))} ON CONFLICT DO NOTHING)`);
  }
  ordered.forEach((c, i) => {
    const name = sql.raw(`c${i}`);
    const after = i === 0 ? sql`` : sql` FROM ${sql.raw(`c${i - 1}`)}`;
    const gate = i === 0 ? sql`` : sql` AND EXISTS (SELECT 1 FROM ${sql.raw(`c${i - 1}`)})`;
    const d = c.d.toString();
    const debit = c.d < 0n && !free(c.account, c.asset);
    // A player's debt (the reversal of a refunded purchase): an update of the row it has, never an
    // upsert, whose proposed new row would be checked (and refused) as a negative balance.
    const overdrawn = c.d < 0n && c.asset === COINS && !mayGoBelowZero(c.account);
    const body = c.asset === COINS
      ? overdrawn && !debit
        ? sql`UPDATE coin_balances SET balance = balance + ${d}::bigint WHERE account_id = ${c.account}${gate} RETURNING balance AS v`
        : debit
        ? sql`UPDATE coin_balances SET balance = balance + ${d}::bigint WHERE account_id = ${c.account} AND balance >= ${(-c.d).toString()}::bigint${gate} RETURNING balance AS v`
        : sql`INSERT INTO coin_balances AS b (account_id, balance) SELECT ${c.account}::text, ${d}::bigint${after}
            ON CONFLICT (account_id) DO UPDATE SET balance = b.balance + excluded.balance RETURNING b.balance AS v`
      : debit
        ? sql`UPDATE item_holdings SET quantity = quantity + ${d}::bigint WHERE account_id = ${c.account} AND item_uuid = ${c.asset}::uuid AND quantity >= ${(-c.d).toString()}::bigint${gate} RETURNING quantity AS v`
        : sql`INSERT INTO item_holdings AS h (account_id, item_uuid, quantity) SELECT ${c.account}::text, ${c.asset}::uuid, ${d}::bigint${after}
            ON CONFLICT (account_id, item_uuid) DO UPDATE SET quantity = h.quantity + excluded.quantity RETURNING h.quantity AS v`;
    parts.push(sql`${name} AS (${body})`);
  });
  const outputs = ordered.map((_, i) => sql`(SELECT v FROM ${sql.raw(`c${i}`)}) AS ${sql.raw(`c${i}`)}`);
  const result = await sql<Record<string, string | number | null>>`WITH ${sql.join(parts)} SELECT ${sql.join(outputs)}`.execute(trx);
  const row = result.rows[0] ?? {};
  const balances = new Map<string, bigint>();
  for (const [i, c] of ordered.entries()) {
    const v = row[`c${i}`];
    if (v === null || v === undefined) {
      // The ledger rows and the balances before this one are written: this transaction must not commit.
      mustRollBack(trx, `refused posting '${posting.reason}'`);
      throw await firstUnpaid(trx, legs, ordered.slice(0, i), c, free);
    }
    balances.set(keyOf(c.account, c.asset), toBigInt(v));
  }
  return { txId, balances };
}

/**
 * The error a refused short-path posting answers: the first leg, in the posting's order, whose
 * source could not pay from what it held before the posting (what this transaction already
 * changed is taken back out of the figures read), as the ordered path would have said.
 */
async function firstUnpaid(trx: Trx, legs: Leg[], applied: Array<{ account: string; asset: string; d: bigint }>, refused: { account: string; asset: string }, free: (account: string, asset: string) => boolean): Promise<InsufficientFunds> {
  const held = new Map<string, bigint>();
  const coinPayers = [...new Set(legs.filter((l) => l.asset === COINS).map((l) => l.from))];
  if (coinPayers.length) {
    const rows = await sql<{ account_id: string; balance: string | number }>`SELECT account_id, balance FROM coin_balances WHERE account_id IN (${sql.join(coinPayers)})`.execute(trx);
    for (const r of rows.rows) held.set(keyOf(r.account_id, COINS), toBigInt(r.balance));
  }
  const itemPayers = legs.filter((l) => l.asset !== COINS).map((l) => sql`(${l.from}, ${l.asset}::uuid)`);
  if (itemPayers.length) {
    const rows = await sql<{ account_id: string; item_uuid: string; quantity: string | number }>`
      SELECT account_id, item_uuid::text AS item_uuid, quantity FROM item_holdings WHERE (account_id, item_uuid) IN (${sql.join(itemPayers)})`.execute(trx);
    for (const r of rows.rows) held.set(keyOf(r.account_id, r.item_uuid), toBigInt(r.quantity));
  }
  for (const c of applied) {
    const k = keyOf(c.account, c.asset);
    if (held.has(k)) held.set(k, (held.get(k) ?? 0n) - c.d);
  }
  for (const l of legs) {
    const k = keyOf(l.from, l.asset);
    const have = held.get(k);
    if (!free(l.from, l.asset) && (have === undefined || have < l.amount)) return new InsufficientFunds(l.asset, l.from);
    held.set(k, (have ?? 0n) - l.amount);
  }
  return new InsufficientFunds(refused.asset, refused.account);
}

async function writeLedger(trx: Trx, posting: Posting, legs: Leg[]): Promise<string> {
  const txId = posting.txId ?? randomUUID();
  await trx.insertInto('ledger').values(legs.map((l) => ({
    tx_id: txId, asset: l.asset, from_account: l.from, to_account: l.to, amount: l.amount.toString(),
    reason: l.reason ?? posting.reason, ref: (l.ref === undefined ? posting.ref : l.ref) ?? null,
  }))).execute();
  return txId;
}

/** The ordered path: every balance locked in the global order, the legs checked in order, then written. */
async function postOrdered(trx: Trx, posting: Posting, legs: Leg[], free: (account: string, asset: string) => boolean): Promise<Posted> {
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
    if (!free(l.from, l.asset) && (have === undefined || have < l.amount)) throw new InsufficientFunds(l.asset, l.from);
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
  return { txId: await writeLedger(trx, posting, legs), balances };
}

/** One coin movement as its own posting (an operation of one leg). */
export async function moveCoins(trx: Trx, m: Movement): Promise<string> {
  return post(trx, { reason: m.reason, ref: m.ref ?? null, ...(m.txId ? { txId: m.txId } : {}), legs: [{ asset: COINS, from: m.from, to: m.to, amount: m.amount }] });
}

/** One item movement as its own posting (an operation of one leg). */
export async function moveItems(trx: Trx, itemUuid: string, m: Movement): Promise<string> {
  return post(trx, { reason: m.reason, ref: m.ref ?? null, ...(m.txId ? { txId: m.txId } : {}), legs: [{ asset: itemUuid, from: m.from, to: m.to, amount: m.amount }] });
}
