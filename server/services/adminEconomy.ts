// The studio's hand on the economy: grants from and removals to the mint (so the ledger still
// sums to zero), the overview (circulation, minted and sunk per day, sales and volume per day,
// top holders) and the conservation check on demand (services/balances.ts, as the tests use it).
import { sql } from 'kysely';
import { hundredthsToNumber, parseTripcoins } from '../../contract/money';
import type { Executor, Trx } from '../db/tx';
import { toBigInt } from '../db/values';
import { badRequest, conflict } from '../errors';
import { assetName, mustFindPlayer } from './adminPlayers';
import { catalogueItem } from './catalogue';
import { COINS, coinBalance, conservationViolations, InsufficientFunds, MINT, playerAccount, post } from './ledger';

export async function grantOrRemove(trx: Trx, uuid: string, input: { direction: 'grant' | 'remove'; asset: string; amount: string }) {
  const u = await mustFindPlayer(trx, uuid);
  const asset = input.asset === COINS ? COINS : input.asset.toLowerCase();
  if (asset !== COINS && !catalogueItem(asset)) throw badRequest('No such item in the catalogue', 'UNKNOWN_ITEM');
  const parsed = parseTripcoins(input.amount);
  if (parsed === null || parsed <= 0n) throw badRequest('A positive amount with at most two decimals', 'INVALID_AMOUNT');
  let amount = parsed;
  if (asset !== COINS) {
    if (parsed % 100n !== 0n) throw badRequest('Items are whole units', 'INVALID_AMOUNT');
    amount = parsed / 100n;
  }
  const player = playerAccount(u.id);
  const grant = input.direction === 'grant';
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
