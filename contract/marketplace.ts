// The marketplace: listings priced in TripCoins under the
// "seaport" paths the original product used. A listing sells its whole quantity at its price
// (the buyer pays `price_tripcoins` once); items wait in an escrow account meanwhile.
import { z } from 'zod';
import { MessageAnswer } from './auth';
import { readAmount, tcFixed } from './economy';
import { defineEndpoint } from './http';

export const LISTING_DURATION_DAYS = 30;
export const LISTING_PAGE_SIZE_MAX = 1000;
/** Upper bound of one listing's price: keeps every amount exact as a JSON number. */
export const LISTING_PRICE_MAX = 1_000_000_000;
export const SALES_HISTORY_LENGTH = 30;
export const NFT_ALREADY_SOLD = 'NFT_ALREADY_SOLD';

export const MARKET_TEXT = {
  loadFailed: 'Failed to load marketplace listings. Please try again.',
  detailFailed: 'Failed to load listing details',
  createFailed: 'Failed to create listing',
  cancelFailed: 'Failed to cancel listing',
  purchaseFailed: 'Failed to purchase item',
  itemAndPriceRequired: 'Please select an item and set a price.',
  invalidPrice: 'Please enter a valid price greater than 0.',
  priceDecimals: 'Maximum 2 decimal places allowed',
  priceTooHigh: 'Maximum price is 1,000,000,000 TC',
  quantityRule: 'Please enter a quantity of at least 1.',
  durationRule: 'Listings last 30 days',
  alreadySold: 'This item has already been sold or transferred. Refreshing listings...',
  listingNotFound: 'Listing not found',
  ownListing: 'You cannot buy your own listing',
  notYourListing: 'You can only cancel your own listings',
  listed: 'Item listed for sale',
  cancelled: 'Listing cancelled',
  bought: 'Purchase successful!',
  /** Confirm Purchase; the server answers a short balance with it. */
  insufficient: (price: bigint, balance: bigint) => `Insufficient TripCoins. You need Ŧ${tcFixed(price)} but only have Ŧ${tcFixed(balance)}`,
} as const;

/** A listing price: the spec's messages, in the order a player meets them. */
export const ListingPrice = z.union([z.number(), z.string()], {
  error: (issue) => (issue.input === undefined || issue.input === null ? MARKET_TEXT.itemAndPriceRequired : MARKET_TEXT.invalidPrice),
}).superRefine((value, ctx) => {
  const amount = readAmount(value);
  const message = typeof value === 'string' && value.trim() === '' ? MARKET_TEXT.itemAndPriceRequired
    : !amount ? MARKET_TEXT.invalidPrice
    : amount.value > LISTING_PRICE_MAX ? MARKET_TEXT.priceTooHigh
      : amount.hundredths === null ? MARKET_TEXT.priceDecimals
        : null;
  if (message) ctx.addIssue({ code: 'custom', message });
});

export const CreateListingBody = z.object({
  itemUuid: z.string({ error: MARKET_TEXT.itemAndPriceRequired }).min(1, MARKET_TEXT.itemAndPriceRequired).max(100, MARKET_TEXT.itemAndPriceRequired),
  priceInTripCoins: ListingPrice,
  quantity: z.number({ error: MARKET_TEXT.quantityRule }).int(MARKET_TEXT.quantityRule).min(1, MARKET_TEXT.quantityRule).max(Number.MAX_SAFE_INTEGER, MARKET_TEXT.quantityRule),
  durationDays: z.literal(LISTING_DURATION_DAYS, { error: MARKET_TEXT.durationRule }),
  /** The seller saw that the price is outside the item's usual range (GET /api/seaport/price-band)
   * and lists it anyway; without it such a listing is answered 409 PRICE_OUTSIDE_BAND. */
  confirm_outside_band: z.boolean().optional(),
});

export const MarketListing = z.object({
  order_id: z.string(),
  seller_uuid: z.string(),
  seller_username: z.string(),
  item_uuid: z.string(),
  item_name: z.string(),
  /** The price of the whole listing. */
  price_tripcoins: z.number().positive(),
  /** ISO 8601; 30 days after listing. */
  end_time: z.string(),
  /** The item's number in the catalogue (its dex id), as text. */
  token_id: z.string(),
  isOwnListing: z.boolean(),
  quantity: z.number().int().positive(),
});
export type MarketListing = z.infer<typeof MarketListing>;

export const LISTING_SORTS = ['price_asc', 'price_desc', 'newest'] as const;

export const ListingsQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  /** The shell uses 100, and 1000 when filtered by item. */
  page_size: z.coerce.number().int().min(1).max(LISTING_PAGE_SIZE_MAX).default(100),
  sort: z.enum(LISTING_SORTS).default('price_asc'),
  itemUuid: z.guid().optional(),
});

export const ListingsPage = z.object({
  listings: z.array(MarketListing),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
  total_pages: z.number().int(),
});

export const ListingDetail = z.object({
  listing_id: z.string(),
  item_uuid: z.string(),
  item_name: z.string(),
  item_type: z.string(),
  collection: z.string().nullable(),
  quantity: z.number().int().positive(),
  price: z.number().positive(),
  seller_username: z.string(),
  /** The caller's TripCoins (0 when anonymous). */
  user_balance: z.number(), // below zero only as the debt of a refunded purchase
  seller_uuid: z.string(),
  isOwnListing: z.boolean(),
  end_time: z.string(),
});

const OrderBody = z.object({ orderId: z.string({ error: MARKET_TEXT.listingNotFound }).min(1, MARKET_TEXT.listingNotFound).max(100, MARKET_TEXT.listingNotFound) });

export const SaleRecord = z.object({
  price: z.number().positive(),
  quantity: z.number().int().positive(),
  unit_price: z.number().nonnegative(),
  sold_at: z.string(),
});

export const ItemMarketStats = z.object({
  item_uuid: z.string(),
  item_name: z.string(),
  /** Cheapest active listing (whole-listing price and price per unit), null when none. */
  lowest_price: z.number().nullable(),
  lowest_unit_price: z.number().nullable(),
  /** Active listings and the units they offer. */
  listed_count: z.number().int().nonnegative(),
  listed_quantity: z.number().int().nonnegative(),
  /** The last 30 sales, oldest first (ready to chart). */
  recent_sales: z.array(SaleRecord),
});

export const createListing = defineEndpoint({
  method: 'POST', path: '/api/seaport/create-listing', access: 'user', feature: 'marketplace', summary: 'List items for sale (escrowed for 30 days; free to list, a sale may pay the sale fee)',
  body: CreateListingBody, response: z.object({ message: z.string(), listing: MarketListing }), movesValue: true,
});
export const listings = defineEndpoint({
  method: 'GET', path: '/api/seaport/listings', access: 'public', readsPlayer: true, summary: 'Active listings, cheapest first',
  query: ListingsQuery, response: ListingsPage,
});
export const listingDetail = defineEndpoint({
  method: 'GET', path: '/api/marketplace/listing/:id', access: 'public', readsPlayer: true, summary: "One active listing and the caller's balance",
  params: z.object({ id: z.string().min(1).max(100) }), response: ListingDetail,
});
export const cancelListing = defineEndpoint({
  method: 'POST', path: '/api/seaport/cancel-listing', access: 'user', summary: 'Cancel your listing; the items come back',
  body: OrderBody, response: MessageAnswer, movesValue: true,
});
export const buyListing = defineEndpoint({
  method: 'POST', path: '/api/seaport/buy-listing', access: 'user', feature: 'marketplace', summary: 'Buy a listing (410 NFT_ALREADY_SOLD when it is gone)',
  body: OrderBody,
  response: z.object({ message: z.string(), order_id: z.string(), item_uuid: z.string(), quantity: z.number().int().positive(), price: z.number().positive(), tripcoins: z.number() }),
  movesValue: true,
});
export const marketStats = defineEndpoint({
  method: 'GET', path: '/api/seaport/stats', access: 'public', summary: 'Per item: lowest price, how many are listed, recent sales',
  query: z.object({ itemUuid: z.guid().optional() }),
  response: z.object({ items: z.array(ItemMarketStats) }),
});

/** The caller's own active listings (the shell's "My listings"), newest first; at most 100 a page. */
export const MY_LISTINGS_PAGE_SIZE_MAX = 100;
export const MyListingsQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(MY_LISTINGS_PAGE_SIZE_MAX).default(MY_LISTINGS_PAGE_SIZE_MAX),
});
export const myListings = defineEndpoint({
  method: 'GET', path: '/api/seaport/my-listings', access: 'user', summary: 'Your own active listings, newest first',
  query: MyListingsQuery, response: ListingsPage,
});

export const marketplaceEndpoints = { createListing, listings, listingDetail, cancelListing, buyListing, marketStats, myListings };
