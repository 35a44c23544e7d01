// Holds and limits on value leaving a player, and the marketplace's sale fee (docs/domain/money.md,
// "Holds, limits and the sale fee"). Receiving, playing, crates and the shop are never held; what
// is: giving items, new listings, the bridge, and buying a listing priced outside its item's usual
// range (the way value is pushed to an accomplice through the market).
//
//  - credential holds: a row per password change or sign-in method linked/removed (TRADE_HOLD_HOURS),
//    which the console can release early;
//  - the new-account hold: users.created_at + NEW_ACCOUNT_HOLD_HOURS;
//  - bought TripCoins: an amount, not a hold on the player (boughtHeld below), held for the host's
//    refund window: they pay for crates, the shop and listings inside the price band, never for a
//    listing outside it, and while any are held the bridge (the way out of the game) waits;
//  - the price band, the daily number of listings outside it, and the value two players may move
//    between them in a UTC day.
// A refusal is a TradeRefusal (a DomainError with a contract text the shell words); the route layer
// records it in trade_limit_hits after the refused transaction rolled back (server/http/tradeRefusals.ts).
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { hundredthsToNumber, TC_SCALE } from '../../../contract/money';
import { PURCHASE_HOSTS, type PurchaseHost } from '../../../contract/purchases';
import { said } from '../../../contract/texts';
import {
  OUTSIDE_BAND_DAILY_LIMIT, PAIR_DAILY_CAP, PRICE_OUTSIDE_BAND, TRADE_HOLD,
  type CredentialHoldReason, type TradeAction, type TradeHold, type TradeStatus,
} from '../../../contract/trade';
import { SALES_HISTORY_LENGTH } from '../../../contract/marketplace';
import type { Config } from '../../config';
import type { Executor, Trx } from '../../db/tx';
import { toBigInt, toDate } from '../../db/values';
import { DomainError, type RefusalKind } from '../errors';
import { CRATE_SALES_SINK } from './crates';
import { coinBalance, playerAccount } from './ledger';

export interface TradeRules {
  tradeHoldHours: number;
  newAccountHoldHours: number;
  purchaseHoldHours: Record<PurchaseHost, number>;
  bandPercent: number;
  bandMinSales: number;
  outsideBandPerDay: number;
  /** Hundredths; 0n: no cap. */
  pairCapCoins: bigint;
  /** Units; 0: no cap. */
  pairCapItems: number;
  /** The sale fee in basis points (1 % = 100). */
  saleFeeBps: number;
}

type TradeConfig = Pick<Config, 'TRADE_HOLD_HOURS' | 'NEW_ACCOUNT_HOLD_HOURS' | 'PURCHASE_HOLD_HOURS_WEB' | 'PURCHASE_HOLD_HOURS_DISCORD'
  | 'PURCHASE_HOLD_HOURS_CRAZYGAMES' | 'MARKET_PRICE_BAND_PERCENT' | 'MARKET_BAND_MIN_SALES' | 'MARKET_OUTSIDE_BAND_PER_DAY'
  | 'PAIR_DAILY_CAP_TC' | 'PAIR_DAILY_CAP_ITEMS' | 'MARKET_SALE_FEE_PERCENT'>;

export function tradeRulesOf(c: TradeConfig): TradeRules {
  return {
    tradeHoldHours: c.TRADE_HOLD_HOURS,
    newAccountHoldHours: c.NEW_ACCOUNT_HOLD_HOURS,
    purchaseHoldHours: { web: c.PURCHASE_HOLD_HOURS_WEB, discord: c.PURCHASE_HOLD_HOURS_DISCORD, crazygames: c.PURCHASE_HOLD_HOURS_CRAZYGAMES },
    bandPercent: c.MARKET_PRICE_BAND_PERCENT,
    bandMinSales: c.MARKET_BAND_MIN_SALES,
    outsideBandPerDay: c.MARKET_OUTSIDE_BAND_PER_DAY,
    pairCapCoins: BigInt(c.PAIR_DAILY_CAP_TC) * TC_SCALE,
    pairCapItems: c.PAIR_DAILY_CAP_ITEMS,
    saleFeeBps: Math.round(c.MARKET_SALE_FEE_PERCENT * 100),
  };
}

/** No hold, band, cap or fee: for the studio's own set-up (the demo seed), never a player's request. */
export const OPEN_TRADE_RULES: TradeRules = {
  tradeHoldHours: 0, newAccountHoldHours: 0, purchaseHoldHours: { web: 0, discord: 0, crazygames: 0 },
  bandPercent: 10_000, bandMinSales: SALES_HISTORY_LENGTH, outsideBandPerDay: 1000, pairCapCoins: 0n, pairCapItems: 0, saleFeeBps: 0,
};

/** What a refusal records for the console's report (after the refused transaction rolled back). */
export interface LimitHit { userId: string; rule: string; action: TradeAction }

export class TradeRefusal extends DomainError {
  constructor(kind: RefusalKind, message: string, code: string, readonly hit: LimitHit) {
    super(kind, message, code);
  }
}

export async function recordLimitHit(db: Executor, hit: LimitHit): Promise<void> {
  await db.insertInto('trade_limit_hits').values({ user_id: hit.userId, rule: hit.rule, action: hit.action }).execute();
}

// --- holds ------------------------------------------------------------------------------------

/** A credential hold from now: a password change, a sign-in method linked or removed. */
export async function startCredentialHold(trx: Trx, userId: string, reason: CredentialHoldReason, rules: Pick<TradeRules, 'tradeHoldHours'>): Promise<void> {
  if (rules.tradeHoldHours <= 0) return;
  await trx.insertInto('trade_holds').values({
    id: randomUUID(), user_id: userId, reason, ends_at: sql<Date>`now() + make_interval(hours => ${rules.tradeHoldHours})`,
  }).execute();
}

const HELD_ACTIONS: TradeAction[] = ['give', 'list', 'bridge', 'buy'];
const iso = (d: Date | string) => (toDate(d) ?? new Date(0)).toISOString();

/**
 * TripCoins bought with real money still inside their host's refund window and not yet spent on
 * crates or the shop: Σ granted purchases in their window − Σ paid to the crate shops since the
 * oldest of them (never below 0). `until`: when the last of those windows ends.
 */
export async function boughtHeld(db: Executor, userId: string, rules: Pick<TradeRules, 'purchaseHoldHours'>): Promise<{ amount: bigint; until: Date } | null> {
  const longest = Math.max(0, ...PURCHASE_HOSTS.map((h) => rules.purchaseHoldHours[h]));
  if (longest === 0) return null;
  const rows = await sql<{ host: PurchaseHost; tripcoins: string | number; created_at: Date | string; now: Date | string }>`
    SELECT host, tripcoins, created_at, now() AS now FROM purchases
    WHERE user_id = ${userId}::uuid AND status = 'granted' AND created_at > now() - make_interval(hours => ${longest})`.execute(db);
  let bought = 0n;
  let oldest: Date | null = null;
  let until: Date | null = null;
  for (const r of rows.rows) {
    const at = toDate(r.created_at) ?? new Date(0);
    const ends = new Date(at.getTime() + rules.purchaseHoldHours[r.host] * 3_600_000);
    if (ends <= (toDate(r.now) ?? new Date())) continue;
    bought += toBigInt(r.tripcoins);
    if (!oldest || at < oldest) oldest = at;
    if (!until || ends > until) until = ends;
  }
  if (!oldest || !until || bought === 0n) return null;
  const spent = await sql<{ spent: string | number | null }>`
    SELECT coalesce(sum(amount), 0) AS spent FROM ledger
    WHERE from_account = ${playerAccount(userId)} AND asset = 'TC' AND created_at >= ${oldest}
      AND (to_account = ${CRATE_SALES_SINK} OR to_account LIKE ${`${CRATE_SALES_SINK}:%`})`.execute(db);
  const held = bought - toBigInt(spent.rows[0]?.spent ?? 0);
  return held > 0n ? { amount: held, until } : null;
}

/** The player's holds in force: credential holds, the new-account hold, bought TripCoins (the bridge). */
export async function holdsOf(db: Executor, userId: string, rules: TradeRules): Promise<{ holds: TradeHold[]; bought: { amount: bigint; until: Date } | null }> {
  const [credentials, young, bought] = await Promise.all([
    // TRADE_HOLD_HOURS=0 turns credential holds off, those already started included.
    rules.tradeHoldHours > 0
      ? db.selectFrom('trade_holds').select(['id', 'reason', 'ends_at']).where('user_id', '=', userId)
        .where('released_at', 'is', null).where('ends_at', '>', sql<Date>`now()`).orderBy('ends_at', 'desc').execute()
      : Promise.resolve([]),
    rules.newAccountHoldHours > 0
      ? sql<{ until: Date | string }>`SELECT created_at + make_interval(hours => ${rules.newAccountHoldHours}) AS until FROM users
          WHERE id = ${userId}::uuid AND created_at + make_interval(hours => ${rules.newAccountHoldHours}) > now()`.execute(db)
      : Promise.resolve({ rows: [] as Array<{ until: Date | string }> }),
    boughtHeld(db, userId, rules),
  ]);
  const holds: TradeHold[] = credentials.map((c) => ({ id: c.id, reason: c.reason, until: iso(c.ends_at), actions: HELD_ACTIONS }));
  for (const y of young.rows) holds.push({ id: null, reason: 'newAccount', until: iso(y.until), actions: HELD_ACTIONS });
  if (bought) holds.push({ id: null, reason: 'purchase', until: bought.until.toISOString(), actions: ['bridge'] });
  holds.sort((a, b) => (a.until < b.until ? 1 : a.until > b.until ? -1 : 0));
  return { holds, bought };
}

const holdRefusal = (userId: string, action: TradeAction, hold: TradeHold) => {
  const text = said('trade.held', action, hold.reason, hold.until);
  return new TradeRefusal('forbidden', text.text, TRADE_HOLD, { userId, rule: `hold:${hold.reason}`, action }).saying(text.ref);
};
const boughtRefusal = (userId: string, action: TradeAction, bought: { amount: bigint; until: Date }) => {
  const text = said('trade.boughtCoinsHeld', bought.amount, bought.until.toISOString());
  return new TradeRefusal('forbidden', text.text, TRADE_HOLD, { userId, rule: 'hold:purchase', action }).saying(text.ref);
};

/** Refuses (403 TRADE_HOLD, saying what, why and until when) when a hold covers the action. */
export async function refuseHeld(db: Executor, userId: string, action: Exclude<TradeAction, 'buy'>, rules: TradeRules): Promise<void> {
  const { holds, bought } = await holdsOf(db, userId, rules);
  const hold = holds.find((h) => h.reason !== 'purchase' && h.actions.includes(action));
  if (hold) throw holdRefusal(userId, action, hold);
  if (action === 'bridge' && bought) throw boughtRefusal(userId, action, bought);
}

// --- the price band ---------------------------------------------------------------------------

export interface Band { sales: number; median: bigint | null; low: bigint | null; high: bigint | null }

/** The band around an item's recent sales, per unit in hundredths: the median of the last sales'
 * unit prices, × (100 + P) / 100 up and ÷ the same down; none below MIN_SALES sales. */
export async function priceBandOf(db: Executor, itemUuid: string, rules: Pick<TradeRules, 'bandPercent' | 'bandMinSales'>): Promise<Band> {
  const rows = await db.selectFrom('market_listings').select(['price', 'quantity'])
    .where('status', '=', 'sold').where('item_uuid', '=', itemUuid.toLowerCase())
    .orderBy('closed_at', 'desc').orderBy('id').limit(SALES_HISTORY_LENGTH).execute();
  const units = rows.map((r) => toBigInt(r.price) / toBigInt(r.quantity)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (units.length < rules.bandMinSales || units.length === 0) return { sales: units.length, median: null, low: null, high: null };
  const mid = Math.floor(units.length / 2);
  const median = units.length % 2 ? units[mid]! : (units[mid - 1]! + units[mid]!) / 2n;
  const p = BigInt(rules.bandPercent);
  return { sales: units.length, median, low: (median * 100n) / (100n + p), high: (median * (100n + p)) / 100n };
}

/** A price for `quantity` units outside the band (false when there is no band). */
export const outsideBand = (band: Band, price: bigint, quantity: bigint) =>
  band.low !== null && band.high !== null && (price < band.low * quantity || price > band.high * quantity);

/**
 * A new listing's price against the band: outside it, the seller must have confirmed
 * (409 PRICE_OUTSIDE_BAND, with the band) and may list at most MARKET_OUTSIDE_BAND_PER_DAY such
 * listings a UTC day (429 OUTSIDE_BAND_DAILY_LIMIT). Answers whether the listing is outside.
 */
export async function checkListingPrice(trx: Trx, sellerId: string, itemUuid: string, price: bigint, quantity: bigint, confirmed: boolean, rules: TradeRules): Promise<boolean> {
  const band = await priceBandOf(trx, itemUuid, rules);
  if (!outsideBand(band, price, quantity)) return false;
  if (!confirmed) {
    const text = said('trade.outsideBand', band.low, band.high);
    throw new DomainError('conflict', text.text, PRICE_OUTSIDE_BAND).saying(text.ref);
  }
  // One seller's confirmed listings counted one at a time: two at once cannot both pass the limit.
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`outside-band:${sellerId}`}, 0))`.execute(trx);
  const today = await sql<{ n: string | number }>`SELECT count(*) AS n FROM market_listings
    WHERE seller_id = ${sellerId}::uuid AND outside_band AND created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`.execute(trx);
  if (Number(toBigInt(today.rows[0]?.n ?? 0)) >= rules.outsideBandPerDay) {
    const text = said('trade.outsideBandDaily', rules.outsideBandPerDay);
    throw new TradeRefusal('rateLimited', text.text, OUTSIDE_BAND_DAILY_LIMIT, { userId: sellerId, rule: 'outsideBandDaily', action: 'list' }).saying(text.ref);
  }
  return true;
}

/**
 * A purchase of a listing: inside the band (or of an item with a band) anyone may buy with any of
 * their coins. Outside it, or without a band, it is refused during a credential or new-account
 * hold, and paid only from coins that were not bought within their refund window.
 */
export async function checkPurchase(trx: Trx, buyerId: string, itemUuid: string, price: bigint, quantity: bigint, rules: TradeRules): Promise<void> {
  const band = await priceBandOf(trx, itemUuid, rules);
  if (band.median !== null && !outsideBand(band, price, quantity)) return;
  const { holds, bought } = await holdsOf(trx, buyerId, rules);
  const hold = holds.find((h) => h.reason !== 'purchase' && h.actions.includes('buy'));
  if (hold) throw holdRefusal(buyerId, 'buy', hold);
  if (bought) {
    const balance = await coinBalance(trx, playerAccount(buyerId));
    if (balance - bought.amount < price) throw boughtRefusal(buyerId, 'buy', bought);
  }
}

// --- value between two players per day ----------------------------------------------------------

/**
 * Adds a move between two players to their UTC day (TripCoins paid for a listing, items given),
 * refusing (409 PAIR_DAILY_CAP) one that would pass either cap. The pair's row is updated under
 * its lock, so concurrent moves between the same two players are counted one after the other.
 * The pair's order is PostgreSQL's own (least, greatest), the order the table's check holds it to.
 */
export async function chargePair(trx: Trx, from: string, to: { id: string; username: string }, move: { coins?: bigint; items?: bigint }, rules: TradeRules, action: TradeAction): Promise<void> {
  const coins = (move.coins ?? 0n).toString();
  const items = (move.items ?? 0n).toString();
  const capCoins = rules.pairCapCoins.toString();
  const capItems = String(rules.pairCapItems);
  const row = await sql<{ coins: string | number }>`
    INSERT INTO trade_pair_days AS t (player_a, player_b, day, coins, items)
    SELECT least(${from}::uuid, ${to.id}::uuid), greatest(${from}::uuid, ${to.id}::uuid), (now() AT TIME ZONE 'UTC')::date, ${coins}::bigint, ${items}::bigint
    WHERE (${capCoins}::bigint = 0 OR ${coins}::bigint <= ${capCoins}::bigint) AND (${capItems}::bigint = 0 OR ${items}::bigint <= ${capItems}::bigint)
    ON CONFLICT (player_a, player_b, day) DO UPDATE SET coins = t.coins + excluded.coins, items = t.items + excluded.items
    WHERE (${capCoins}::bigint = 0 OR t.coins + excluded.coins <= ${capCoins}::bigint) AND (${capItems}::bigint = 0 OR t.items + excluded.items <= ${capItems}::bigint)
    RETURNING t.coins`.execute(trx);
  if (row.rows.length === 0) {
    const text = said('trade.pairCap', to.username);
    throw new TradeRefusal('conflict', text.text, PAIR_DAILY_CAP, { userId: from, rule: 'pairDaily', action }).saying(text.ref);
  }
}

// --- the sale fee -------------------------------------------------------------------------------

/** The sale fee's sink, spread over 16 accounts like the crate sales' (one chosen by the listing). */
export const MARKET_FEE_SINK = 'sink:market-fees';
export const MARKET_FEE_SHARDS = 16;
export const marketFeeSinkFor = (listingId: string) => `${MARKET_FEE_SINK}:${Number.parseInt(listingId.replace(/-/g, '').slice(-4), 16) % MARKET_FEE_SHARDS}`;

/** Everything the sale fee took (hundredths): the sum of its sink's accounts. */
export async function marketFeesTotal(db: Executor): Promise<bigint> {
  const row = await sql<{ total: string | number | null }>`SELECT coalesce(sum(balance), 0) AS total FROM coin_balances WHERE account_id LIKE ${`${MARKET_FEE_SINK}:%`}`.execute(db);
  return toBigInt(row.rows[0]?.total ?? 0);
}

// --- what the shell and the console read ----------------------------------------------------------

export async function tradeStatusOf(db: Executor, userId: string, rules: TradeRules): Promise<TradeStatus> {
  const [{ holds, bought }, balance, today] = await Promise.all([
    holdsOf(db, userId, rules),
    coinBalance(db, playerAccount(userId)),
    sql<{ n: string | number }>`SELECT count(*) AS n FROM market_listings WHERE seller_id = ${userId}::uuid AND outside_band
      AND created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`.execute(db),
  ]);
  const transferable = balance - (bought?.amount ?? 0n);
  return {
    holds,
    boughtHeld: bought ? { amount: hundredthsToNumber(bought.amount), until: bought.until.toISOString() } : null,
    transferable: hundredthsToNumber(transferable > 0n ? transferable : 0n),
    saleFeePercent: rules.saleFeeBps / 100,
    outsideBandToday: Number(toBigInt(today.rows[0]?.n ?? 0)),
    outsideBandPerDay: rules.outsideBandPerDay,
  };
}
