// The studio's hand on the economy: grants from and removals to the mint (so the ledger still
// sums to zero), the overview (circulation, minted and sunk per day, sales and volume per day,
// top holders) and the conservation check on demand (services/economy/balances.ts, as the tests use it).
import { sql } from 'kysely';
import { ADMIN_TEXT } from '../../../contract/admin';
import { hundredthsToNumber, parseTripcoins } from '../../../contract/money';
import type { Executor, Trx } from '../../db/tx';
import { toBigInt } from '../../db/values';
import { conflict, invalid } from '../errors';
import { assetName, mustFindPlayer } from './adminPlayers';
import { catalogueItem } from '../economy/catalogue';
import { COINS, coinBalance, conservationViolations, InsufficientFunds, MINT, playerAccount, post } from '../economy/ledger';

/** What one admin may grant (server/config.ts): per grant and per UTC day, coins in whole
 * TripCoins, items in units of all items together. */
export interface GrantCaps { perGrantTc: number; dailyTc: number; perGrantItems: number; dailyItems: number }

/** Counts a grant against its admin's day, refusing one over either cap. The day's row is
 * updated by one upsert that returns the new total: concurrent grants of one admin wait on the
 * row in turn, so the cap holds across processes; a refused grant rolls its addition back with
 * the route's transaction. */
async function chargeGrant(trx: Trx, actorId: string, kind: 'coins' | 'items', amount: bigint, caps: GrantCaps): Promise<void> {
  const coins = kind === 'coins';
  const unit = coins ? 'TC' : 'items';
  const perGrant = coins ? BigInt(caps.perGrantTc) * 100n : BigInt(caps.perGrantItems);
  const daily = coins ? BigInt(caps.dailyTc) * 100n : BigInt(caps.dailyItems);
  const shown = (v: bigint) => (coins ? hundredthsToNumber(v).toFixed(2) : v.toString());
  if (amount > perGrant) throw invalid(ADMIN_TEXT.grantTooLarge(shown(perGrant), unit), 'GRANT_TOO_LARGE');
  const row = await trx.insertInto('admin_grant_days')
    .values({ actor_id: actorId, day: sql<string>`(now() AT TIME ZONE 'UTC')::date`, kind, total: amount.toString() })
    .onConflict((oc) => oc.columns(['actor_id', 'day', 'kind']).doUpdateSet({ total: sql`admin_grant_days.total + excluded.total` }))
    .returning('total').executeTakeFirstOrThrow();
  const total = toBigInt(row.total);
  if (total > daily) {
    const left = daily - (total - amount);
    throw conflict(ADMIN_TEXT.grantDailyCap(shown(daily), unit, shown(left > 0n ? left : 0n)), 'GRANT_DAILY_CAP');
  }
}

export async function grantOrRemove(trx: Trx, actorId: string, uuid: string, input: { direction: 'grant' | 'remove'; asset: string; amount: string }, caps: GrantCaps) {
  const u = await mustFindPlayer(trx, uuid);
  const asset = input.asset === COINS ? COINS : input.asset.toLowerCase();
  if (asset !== COINS && !catalogueItem(asset)) throw invalid('No such item in the catalogue', 'UNKNOWN_ITEM');
  const parsed = parseTripcoins(input.amount);
  if (parsed === null || parsed <= 0n) throw invalid('A positive amount with at most two decimals', 'INVALID_AMOUNT');
  let amount = parsed;
  if (asset !== COINS) {
    if (parsed % 100n !== 0n) throw invalid('Items are whole units', 'INVALID_AMOUNT');
    amount = parsed / 100n;
  }
  const player = playerAccount(u.id);
  const grant = input.direction === 'grant';
  if (grant) await chargeGrant(trx, actorId, asset === COINS ? 'coins' : 'items', amount, caps);
  try {
    const txId = await post(trx, {
      reason: grant ? 'admin grant' : 'admin removal', openPlayers: [u.id],
      legs: [{ asset, from: grant ? MINT : player, to: grant ? player : MINT, amount }],
    });
    const shownAmount = asset === COINS ? hundredthsToNumber(amount).toFixed(2) : amount.toString();
    return { txId, username: u.username, asset, assetName: assetName(asset), amount: shownAmount };
  } catch (error) {
    if (error instanceof InsufficientFunds) {
      const have = asset === COINS ? hundredthsToNumber(await coinBalance(trx, player))
        : Number(toBigInt((await trx.selectFrom('item_holdings').select('quantity').where('account_id', '=', player).where('item_uuid', '=', asset).executeTakeFirst())?.quantity));
      throw conflict(`${u.username} holds only ${have} ${assetName(asset)}`, 'INSUFFICIENT_FUNDS');
    }
    throw error;
  }
}

export async function economyOverview(db: Executor, days: number) {
  const n = (v: string | number | null | undefined) => hundredthsToNumber(toBigInt(v ?? 0));
  const circulation = await sql<{ total: string | number | null }>`
    SELECT sum(balance) AS total FROM coin_balances WHERE account_id LIKE 'player:%' OR account_id LIKE 'escrow:%'`.execute(db);
  const daily = await sql<{ day: string; minted: string | number | null; sunk: string | number | null; sales: string | number | null; volume: string | number | null }>`
    SELECT to_char(date_trunc('day', created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day,
           sum(amount) FILTER (WHERE from_account = 'mint') AS minted,
           sum(amount) FILTER (WHERE to_account = 'mint' OR to_account LIKE 'sink:%') AS sunk,
           count(*) FILTER (WHERE reason = 'marketplace sale') AS sales,
           sum(amount) FILTER (WHERE reason = 'marketplace sale') AS volume
    FROM ledger WHERE asset = 'TC' AND created_at >= now() - make_interval(days => ${days})
    GROUP BY 1 ORDER BY 1 DESC`.execute(db);
  const top = await sql<{ id: string; username: string; balance: string | number }>`
    SELECT u.id, u.username, b.balance FROM coin_balances b JOIN value_accounts a ON a.id = b.account_id AND a.kind = 'player'
    JOIN users u ON u.id = a.user_id WHERE b.balance > 0 ORDER BY b.balance DESC, u.username LIMIT 10`.execute(db);
  return {
    circulation: n(circulation.rows[0]?.total),
    days: daily.rows.map((r) => ({ day: r.day, minted: n(r.minted), sunk: n(r.sunk), sales: Number(toBigInt(r.sales ?? 0)), volume: n(r.volume) })),
    topHolders: top.rows.map((r) => ({ uuid: r.id, username: r.username, coins: n(r.balance) })),
  };
}

export async function runConservationCheck(db: Executor) {
  const started = performance.now();
  const violations = await conservationViolations(db);
  return { ok: violations.length === 0, violations, checkedAt: new Date().toISOString(), ms: Math.round(performance.now() - started) };
}
