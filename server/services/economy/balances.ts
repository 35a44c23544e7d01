// What the ledger's balances read: one account's coins and items, and conservation checked from
// the database (tests, the chaos run and the bench call it).
import { sql } from 'kysely';
import type { Executor } from '../../db/tx';
import { toBigInt } from '../../db/values';

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
  // Below zero: the mint and the hosts' revenue accounts (value from outside the game), and a
  // player only as the debt of refunded purchases (or refunded parts): never more than those gave.
  const negatives = await sql<{ n: string | number }>`
    SELECT (SELECT count(*) FROM coin_balances b WHERE b.balance < 0 AND b.account_id <> 'mint' AND b.account_id NOT LIKE 'revenue:%'
              AND -b.balance > (SELECT coalesce(sum(CASE WHEN p.status = 'reversed' THEN p.tripcoins ELSE p.taken_back END), 0) FROM purchases p WHERE 'player:' || p.user_id::text = b.account_id))
         + (SELECT count(*) FROM item_holdings WHERE quantity < 0 AND account_id <> 'mint') AS n`.execute(db);
  if (toBigInt(negatives.rows[0]?.n ?? 0) > 0n) problems.push('a balance or holding is negative');
  return problems;
}

/**
 * Whose balance anyone sees (docs/domain/money.md, "Whose balance anyone sees"): a player always
 * sees their own; anyone else sees it only when its owner switched on `showBalanceToClan` (saved
 * with their settings, off by default). The profile and the clan lists both ask this.
 */
export async function balanceShownTo(db: Executor, ownerId: string, viewerId: string | null): Promise<boolean> {
  if (viewerId === ownerId) return true;
  const row = await db.selectFrom('user_settings')
    .select(sql<boolean>`coalesce(settings->'showBalanceToClan' = 'true'::jsonb, false)`.as('shown'))
    .where('user_id', '=', ownerId).executeTakeFirst();
  return row?.shown === true;
}
