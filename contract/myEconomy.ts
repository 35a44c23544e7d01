// The player's own view: what I own (items with counts, my active listings,
// my open coin-flip wagers) and my history (every ledger posting that touched me, newest first,
// paged by keyset: `before` is the last entry's id of the previous page). Player access only.
import { z } from 'zod';
import { defineEndpoint } from './http';
import { PURCHASE_HOSTS } from './purchases';

export const HISTORY_PAGE_MAX = 100;
export const HISTORY_PAGE_DEFAULT = 25;

export const OwnedItem = z.object({ itemUuid: z.string(), name: z.string(), count: z.number().int().positive() });
export const MyListing = z.object({
  orderId: z.string(), itemUuid: z.string(), itemName: z.string(), quantity: z.number().int().positive(),
  price: z.number().positive(), createdAt: z.string(), endTime: z.string(),
});
export const MyWager = z.object({ gameId: z.string(), wager: z.number().positive(), choice: z.union([z.literal(0), z.literal(1)]), createdAt: z.string() });
export const MyInventory = z.object({
  tripcoins: z.number(), // below zero only as the debt of a refunded purchase
  items: z.array(OwnedItem),
  listings: z.array(MyListing),
  wagers: z.array(MyWager),
});
export type MyInventory = z.infer<typeof MyInventory>;

/** Who was on the other side of a posting: a player (by name) or one of the studio's accounts. */
export const Counterparty = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('player'), username: z.string() }),
  z.object({ kind: z.enum(['game', 'shop', 'escrow', 'sink', 'unknown']) }),
  /** A pack bought for real money (or its refund): the host's store that sold it. */
  z.object({ kind: z.literal('store'), host: z.enum(PURCHASE_HOSTS) }),
]);
export type Counterparty = z.infer<typeof Counterparty>;

export const HistoryEntry = z.object({
  /** The ledger row's id (the keyset: pass the last one as `before`). */
  id: z.string(),
  /** ISO 8601. */
  at: z.string(),
  /** The ledger's reason ('marketplace sale', 'transfer', 'crate purchase', …). */
  reason: z.string(),
  /** 'TC' for TripCoins, else the item's uuid. */
  asset: z.string(),
  itemName: z.string().nullable(),
  counterparty: Counterparty,
  /** Signed: positive when it came to me (TripCoins, or a number of items). */
  amount: z.number(),
  /** My balance of that asset right after this posting. */
  balanceAfter: z.number(),
  /** The TripCoin pack a real-money purchase (or its refund) was: the row names it in words. */
  pack: z.object({ productId: z.string(), tripcoins: z.number() }).nullable().optional(),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;
export const HistoryPage = z.object({ entries: z.array(HistoryEntry), nextBefore: z.string().nullable() });
export type HistoryPage = z.infer<typeof HistoryPage>;

export const HistoryQuery = z.strictObject({
  before: z.string().regex(/^\d{1,18}$/, 'before must be an entry id').optional(),
  limit: z.coerce.number().int().min(1).max(HISTORY_PAGE_MAX).optional(),
});

export const myInventory = defineEndpoint({
  method: 'GET', path: '/api/me/inventory', access: 'user', summary: 'My items, active listings and open wagers',
  response: MyInventory,
});
export const myHistory = defineEndpoint({
  method: 'GET', path: '/api/me/history', access: 'user', summary: 'Every posting that touched me, newest first (keyset paged)',
  query: HistoryQuery, response: HistoryPage,
});

export const myEconomyEndpoints = { myInventory, myHistory };

/** The overlay's texts (plain English, one place). */
export const INVENTORY_TEXT = {
  title: 'Inventory',
  itemsTab: 'Items',
  historyTab: 'History',
  balance: 'Balance',
  noItems: 'You have no items yet.',
  listings: 'My listings',
  noListings: 'No active listings.',
  wagers: 'My open wagers',
  noWagers: 'No open wagers.',
  count: (n: number) => `× ${n}`,
  listingLine: (quantity: number, price: string) => `${quantity === 1 ? '' : `${quantity} for `}Ŧ${price}`,
  ends: (date: string) => `ends ${date}`,
  wagerLine: (amount: string, side: string) => `Ŧ${amount} on ${side}`,
  heads: 'Heads',
  tails: 'Tails',
  noHistory: 'Nothing has happened on your account yet.',
  more: 'Load more',
  when: 'When',
  what: 'What',
  counterparty: 'With',
  amount: 'Amount',
  after: 'Balance after',
  loadFailed: 'Could not load your inventory.',
  historyFailed: 'Could not load your history.',
  signIn: 'Log in to see your inventory.',
  open: 'Inventory & History',
  counterparties: { game: 'The game', shop: 'Crate shop', escrow: 'Held in escrow', sink: 'The studio', unknown: '—' },
  /** Who sold a TripCoin pack, by host: the provider the player paid. */
  stores: { web: 'Card payment (Stripe)', discord: 'Discord store', crazygames: 'CrazyGames store (Xsolla)' },
  /** A real-money purchase's row, and its refund's, naming the pack. */
  packBought: (tripcoins: string) => `Bought the ${tripcoins} pack`,
  packRefunded: (tripcoins: string) => `Refund of the ${tripcoins} pack`,
  reasons: {
    'marketplace sale': 'Marketplace sale',
    'listing created': 'Listed for sale',
    'listing cancelled': 'Listing cancelled',
    'listing expired': 'Listing expired',
    transfer: 'Transfer',
    award: 'Game reward',
    'crate purchase': 'Crate bought',
    'crate opened': 'Crate opened',
    'coinflip stake': 'Coin flip wager',
    'coinflip win': 'Coin flip won',
    'coinflip cancelled': 'Coin flip cancelled',
    'airdrop:technical-difficulties': 'Airdrop',
    'bridge:burn': 'Mythical Bridge',
    'bridge:refund': 'Mythical Bridge refund',
    'marketplace fee': 'Marketplace sale fee',
    purchase: 'TripCoins bought',
    'purchase reversed': 'Purchase refunded',
  } as Record<string, string>,
} as const;
