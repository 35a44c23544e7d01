// The marketplace. A listing's items wait in their own escrow account ('escrow:listing:<id>');
// whoever changes a listing's status first (one conditional UPDATE ... WHERE status = 'active')
// owns the outcome, so two buyers can never both win and a cancelled listing can't be bought.
// Expired listings give their items back: lazily when touched, and by a sweep on list/create.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { LISTING_DURATION_DAYS, MARKET_TEXT, NFT_ALREADY_SOLD, type MarketListing } from '../../../contract/marketplace';
import { hundredthsToNumber, parseTripcoins } from '../../../contract/money';
import type { Executor, Trx } from '../../db/tx';
import { toBigInt, toDate } from '../../db/values';
import { conflict, forbidden, gone, invalid, notFound, type DomainError } from '../errors';
import { said } from '../../../contract/texts';
import { catalogueItem } from './catalogue';
import { onlyHave } from './inventory';
import { publishLiveEvent } from '../live/liveEvents';
import { marketChanged } from './listingsCache';
import { COINS, coinBalance, InsufficientFunds, moveItems, openAccount, openPlayerAccount, playerAccount, post } from './ledger';
import { refuseWhileInDebt } from '../purchases/ledger';
import { saleFeeOf } from '../../../contract/trade';
import { chargePair, checkListingPrice, checkPurchase, marketFeeSinkFor, refuseHeld, type TradeRules } from './tradeHolds';

export const escrowOf = (listingId: string) => `escrow:listing:${listingId}`;
/** The ledger's reason of the sale fee's leg (the buyer's History shows it beside the sale). */
export const MARKET_FEE_REASON = 'marketplace fee';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids come from players: anything that is not a uuid is simply not a listing (never a SQL cast error). */
const asListingId = (id: string) => (GUID.test(id) ? id.toLowerCase() : null);

const alreadySold = () => gone(MARKET_TEXT.alreadySold, NFT_ALREADY_SOLD);
const SWEEP_BATCH = 100;

interface ClosedListing { id: string; seller_id: string; item_uuid: string; quantity: string | number | bigint }

/** Every closed listing's items back to its seller: one posting, so one lock order and one tx_id. */
export async function returnToSellers(trx: Trx, closed: ClosedListing[], reason: string): Promise<void> {
  if (closed.length === 0) return;
  marketChanged(trx);
  for (const seller of new Set(closed.map((l) => l.seller_id))) await openPlayerAccount(trx, seller);
  await post(trx, {
    reason,
    legs: closed.map((l) => ({ asset: l.item_uuid, from: escrowOf(l.id), to: playerAccount(l.seller_id), amount: toBigInt(l.quantity), ref: l.id })),
  });
}

/** Whether any listing's time is up (read through the pool: the sweep's transaction is opened
 * by the route layer only when one is). */
export async function anyListingExpired(db: Executor): Promise<boolean> {
  const due = await db.selectFrom('market_listings').select('id')
    .where('status', '=', 'active').where('end_time', '<=', sql<Date>`now()`).limit(1).executeTakeFirst();
  return due !== undefined;
}

/** Expires a batch of listings past their end time, returning their items (housekeeping before
 * a request, in its own transaction). */
export async function sweepExpired(trx: Trx): Promise<number> {
  const expired = await sql<ClosedListing>`
    UPDATE market_listings SET status = 'expired', closed_at = now()
    WHERE id IN (SELECT id FROM market_listings WHERE status = 'active' AND end_time <= now()
                 ORDER BY end_time LIMIT ${SWEEP_BATCH} FOR UPDATE SKIP LOCKED)
    RETURNING id, seller_id, item_uuid, quantity`.execute(trx);
  await returnToSellers(trx, expired.rows, 'listing expired');
  return expired.rows.length;
}

/** The listing `rawId` names if its time is up (a listing is touched by a buy, a cancel or a
 * look), else null: read through the pool, so only a due one costs a transaction. */
export async function listingDueToExpire(db: Executor, rawId: string): Promise<string | null> {
  const id = asListingId(rawId);
  if (!id) return null;
  const due = await db.selectFrom('market_listings').select('id')
    .where('id', '=', id).where('status', '=', 'active').where('end_time', '<=', sql<Date>`now()`).executeTakeFirst();
  return due ? id : null;
}

/** Expires the listing `id` if its time is still up (housekeeping before the request, in its own
 * transaction, committed whatever the request's outcome). */
export async function expireListing(trx: Trx, id: string): Promise<void> {
  const expired = await trx.updateTable('market_listings').set({ status: 'expired', closed_at: sql`now()` })
    .where('id', '=', id).where('status', '=', 'active').where('end_time', '<=', sql<Date>`now()`)
    .returning(['id', 'seller_id', 'item_uuid', 'quantity']).execute();
  await returnToSellers(trx, expired, 'listing expired');
}

interface ListingRow {
  id: string; seller_id: string; username: string; item_uuid: string;
  quantity: string | number | bigint; price: string | number | bigint; end_time: Date | string;
}

function toListing(row: ListingRow, callerId: string | null): MarketListing {
  const item = catalogueItem(row.item_uuid);
  return {
    order_id: row.id,
    seller_uuid: row.seller_id,
    seller_username: row.username,
    item_uuid: row.item_uuid,
    item_name: item?.name ?? 'Unknown item',
    price_tripcoins: hundredthsToNumber(toBigInt(row.price)),
    end_time: (toDate(row.end_time) ?? new Date(0)).toISOString(),
    token_id: String(item?.dex_id ?? 0),
    isOwnListing: row.seller_id === callerId,
    quantity: Number(toBigInt(row.quantity)),
  };
}

export async function createListing(
  trx: Trx,
  seller: { id: string; username: string },
  body: { itemUuid: string; priceInTripCoins: number | string; quantity: number; confirm_outside_band?: boolean | undefined },
  rules: TradeRules,
): Promise<MarketListing> {
  const item = catalogueItem(body.itemUuid);
  if (!item) throw notFound('Item not found');
  const price = parseTripcoins(body.priceInTripCoins);
  if (price === null || price <= 0n) throw invalid(MARKET_TEXT.invalidPrice, 'INVALID_INPUT');
  await refuseWhileInDebt(trx, seller.id);
  await refuseHeld(trx, seller.id, 'list', rules);
  const outside = await checkListingPrice(trx, seller.id, item.uuid, price, BigInt(body.quantity), body.confirm_outside_band === true, rules);
  const id = randomUUID();
  marketChanged(trx);
  const row = await trx.insertInto('market_listings').values({
    id, seller_id: seller.id, item_uuid: item.uuid, quantity: body.quantity, price: price.toString(), outside_band: outside,
    end_time: sql<Date>`now() + make_interval(days => ${LISTING_DURATION_DAYS})`,
  }).returning(['id', 'seller_id', 'item_uuid', 'quantity', 'price', 'end_time']).executeTakeFirstOrThrow();
  await openAccount(trx, escrowOf(id), 'escrow');
  await onlyHave(trx, seller.id, item.uuid, () => moveItems(trx, item.uuid, {
    from: playerAccount(seller.id), to: escrowOf(id), amount: BigInt(body.quantity), reason: 'listing created', ref: id,
  }));
  return toListing({ ...row, username: seller.username }, seller.id);
}

const SORTS = {
  price_asc: [['l.price', 'asc'], ['l.created_at', 'asc']],
  price_desc: [['l.price', 'desc'], ['l.created_at', 'asc']],
  newest: [['l.created_at', 'desc'], ['l.price', 'asc']],
} as const;

export interface ListingsQuery { page: number; page_size: number; sort: keyof typeof SORTS; itemUuid?: string | undefined }

export async function activeListings(
  db: Executor,
  callerId: string | null,
  q: ListingsQuery,
): Promise<{ listings: MarketListing[]; page: number; page_size: number; total: number; total_pages: number }> {
  let base = db.selectFrom('market_listings as l').innerJoin('users as u', 'u.id', 'l.seller_id')
    .where('l.status', '=', 'active').where('l.end_time', '>', sql<Date>`now()`);
  if (q.itemUuid) base = base.where('l.item_uuid', '=', q.itemUuid.toLowerCase());
  let rows = base.select(['l.id', 'l.seller_id', 'u.username', 'l.item_uuid', 'l.quantity', 'l.price', 'l.end_time']);
  for (const [column, direction] of SORTS[q.sort]) rows = rows.orderBy(column, direction);
  const [countRow, page] = await Promise.all([
    base.select(sql<string | number>`count(*)`.as('n')).executeTakeFirst(),
    rows.orderBy('l.id').limit(q.page_size).offset((q.page - 1) * q.page_size).execute(),
  ]);
  const total = Number(toBigInt(countRow?.n));
  return {
    listings: page.map((r) => toListing(r, callerId)),
    page: q.page, page_size: q.page_size, total, total_pages: Math.ceil(total / q.page_size),
  };
}

export async function listingDetail(db: Executor, callerId: string | null, rawId: string) {
  const id = asListingId(rawId);
  if (!id) throw notFound(MARKET_TEXT.listingNotFound);
  const row = await db.selectFrom('market_listings as l').innerJoin('users as u', 'u.id', 'l.seller_id')
    .select(['l.id', 'l.seller_id', 'u.username', 'l.item_uuid', 'l.quantity', 'l.price', 'l.end_time', 'l.status'])
    .where('l.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(MARKET_TEXT.listingNotFound);
  if (row.status !== 'active') throw alreadySold();
  const item = catalogueItem(row.item_uuid);
  const listing = toListing(row, callerId);
  return {
    listing_id: listing.order_id,
    item_uuid: listing.item_uuid,
    item_name: listing.item_name,
    item_type: item?.kind ?? 'collectible',
    collection: item?.collection ?? null,
    quantity: listing.quantity,
    price: listing.price_tripcoins,
    seller_username: listing.seller_username,
    user_balance: callerId ? hundredthsToNumber(await coinBalance(db, playerAccount(callerId))) : 0,
    seller_uuid: listing.seller_uuid,
    isOwnListing: listing.isOwnListing,
    end_time: listing.end_time,
  };
}

/** Why a conditional UPDATE on a listing matched nothing. */
async function refusal(trx: Trx, id: string, callerId: string, action: 'buy' | 'cancel'): Promise<DomainError> {
  const row = await trx.selectFrom('market_listings').select(['seller_id', 'status']).where('id', '=', id).executeTakeFirst();
  if (!row) return notFound(MARKET_TEXT.listingNotFound);
  if (action === 'cancel' && row.seller_id !== callerId) return forbidden(MARKET_TEXT.notYourListing, 'NOT_YOUR_LISTING');
  if (action === 'buy' && row.status === 'active' && row.seller_id === callerId) return forbidden(MARKET_TEXT.ownListing, 'OWN_LISTING');
  // Sold, cancelled, expired, or active but past its end time (expired a moment ago).
  return alreadySold();
}

function listingIdOf(rawId: string): string {
  const id = asListingId(rawId);
  if (!id) throw notFound(MARKET_TEXT.listingNotFound);
  return id;
}

export async function cancelListing(trx: Trx, userId: string, rawId: string): Promise<void> {
  const id = listingIdOf(rawId);
  const closed = await trx.updateTable('market_listings').set({ status: 'cancelled', closed_at: sql`now()` })
    .where('id', '=', id).where('status', '=', 'active').where('seller_id', '=', userId)
    .returning(['id', 'seller_id', 'item_uuid', 'quantity']).execute();
  if (closed.length === 0) throw await refusal(trx, id, userId, 'cancel');
  await returnToSellers(trx, closed, 'listing cancelled');
}

export async function buyListing(trx: Trx, buyerId: string, rawId: string, rules: TradeRules) {
  const id = listingIdOf(rawId);
  await refuseWhileInDebt(trx, buyerId);
  const sold = await trx.updateTable('market_listings').set({ status: 'sold', buyer_id: buyerId, closed_at: sql`now()` })
    .where('id', '=', id).where('status', '=', 'active').where('end_time', '>', sql<Date>`now()`).where('seller_id', '<>', buyerId)
    .returning(['seller_id', 'item_uuid', 'quantity', 'price']).executeTakeFirst();
  if (!sold) throw await refusal(trx, id, buyerId, 'buy');
  marketChanged(trx);
  const price = toBigInt(sold.price);
  const quantity = toBigInt(sold.quantity);
  const buyer = playerAccount(buyerId);
  const seller = playerAccount(sold.seller_id);
  // Outside the item's usual range, only coins that may leave pay (tradeHolds.ts); and the value
  // the two players move between them today stays under its cap.
  await checkPurchase(trx, buyerId, sold.item_uuid, price, quantity, rules);
  const sellerName = await trx.selectFrom('users').select('username').where('id', '=', sold.seller_id).executeTakeFirst();
  await chargePair(trx, buyerId, { id: sold.seller_id, username: sellerName?.username ?? '' }, { coins: price }, rules, 'buy');
  // The sale fee (a sink): taken from what the seller receives, paid by the buyer's same payment.
  const fee = saleFeeOf(price, rules.saleFeeBps);
  const feeSink = marketFeeSinkFor(id);
  if (fee > 0n) {
    await openAccount(trx, feeSink, 'sink');
    await trx.updateTable('market_listings').set({ sale_fee: fee.toString() }).where('id', '=', id).execute();
  }
  // Payment, fee and delivery in one posting (which opens either account if missing): both players'
  // balances locked in the ledger's order, so two players buying each other's listings at once
  // never deadlock.
  try {
    await post(trx, {
      reason: 'marketplace sale', ref: id, openPlayers: [buyerId, sold.seller_id],
      legs: [
        { asset: COINS, from: buyer, to: seller, amount: price - fee },
        ...(fee > 0n ? [{ asset: COINS, from: buyer, to: feeSink, amount: fee, reason: MARKET_FEE_REASON }] : []),
        { asset: sold.item_uuid, from: escrowOf(id), to: buyer, amount: quantity },
      ],
    });
  } catch (error) {
    if (error instanceof InsufficientFunds && error.account === buyer) {
      const short = said('market.insufficient', price, await coinBalance(trx, buyer));
      throw conflict(short.text, 'INSUFFICIENT_FUNDS').saying(short.ref);
    }
    throw error;
  }
  // The seller's open page: "Your {item} sold for Ŧ{price}" (sent when this transaction commits).
  await publishLiveEvent(trx, sold.seller_id, {
    type: 'listingSold', listingId: id, itemUuid: sold.item_uuid, itemName: catalogueItem(sold.item_uuid)?.name ?? sold.item_uuid,
    quantity: Number(quantity), price: hundredthsToNumber(price),
  });
  return {
    message: MARKET_TEXT.bought,
    order_id: id,
    item_uuid: sold.item_uuid,
    quantity: Number(quantity),
    price: hundredthsToNumber(price),
    tripcoins: hundredthsToNumber(await coinBalance(trx, buyer)),
  };
}

/** The caller's own active listings, newest first (the shell's "My listings"): one page of an
 * index on (seller_id, created_at) of active listings, so it stays cheap however big the market. */
export async function sellerListings(
  db: Executor,
  sellerId: string,
  q: { page: number; page_size: number },
): Promise<{ listings: MarketListing[]; page: number; page_size: number; total: number; total_pages: number }> {
  const base = db.selectFrom('market_listings as l').innerJoin('users as u', 'u.id', 'l.seller_id')
    .where('l.seller_id', '=', sellerId).where('l.status', '=', 'active').where('l.end_time', '>', sql<Date>`now()`);
  const [countRow, page] = await Promise.all([
    base.select(sql<string | number>`count(*)`.as('n')).executeTakeFirst(),
    base.select(['l.id', 'l.seller_id', 'u.username', 'l.item_uuid', 'l.quantity', 'l.price', 'l.end_time'])
      .orderBy('l.created_at', 'desc').orderBy('l.id').limit(q.page_size).offset((q.page - 1) * q.page_size).execute(),
  ]);
  const total = Number(toBigInt(countRow?.n));
  return {
    listings: page.map((r) => toListing(r, sellerId)),
    page: q.page, page_size: q.page_size, total, total_pages: Math.ceil(total / q.page_size),
  };
}
