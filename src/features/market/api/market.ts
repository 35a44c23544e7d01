// The market feature's server state (spec part 2 §7): inventory, catalogue, player search,
// listings, listing detail, per-item stats, and the calls that move items and coins. Queries
// live under two roots so one invalidation refreshes everything an action changed.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { itemCatalogue, PLAYER_SEARCH_LIMIT, searchPlayers, transferItems } from '../../../../contract/economy';
import { SHELL_TO_GAME } from '../../../../contract/game';
import { IDEMPOTENCY_HEADER } from '../../../../contract/http';
import { buyListing, cancelListing, createListing, LISTING_DURATION_DAYS, LISTING_PAGE_SIZE_MAX, listingDetail, listings, marketStats } from '../../../../contract/marketplace';
import { call } from '../../../api/client';
import { INVENTORY_KEY } from '../../../api/economy';
import { sendToGame } from '../../../game/game';

export const MARKET_KEY = ['market'] as const;

export const catalogueQuery = queryOptions({
  queryKey: ['itemCatalogue'] as const,
  queryFn: ({ signal }) => call(itemCatalogue, { query: { cleaned: 'true' }, signal }),
  staleTime: 30 * 60_000,
});

/** Page 1, cheapest first: 100 listings, or 1000 of one item (spec §7). */
export const listingsQuery = (itemUuid?: string) => queryOptions({
  queryKey: [...MARKET_KEY, 'listings', itemUuid ?? 'all'] as const,
  queryFn: ({ signal }) => call(listings, {
    query: { page: 1, page_size: itemUuid ? LISTING_PAGE_SIZE_MAX : 100, sort: 'price_asc', itemUuid },
    signal,
  }),
  staleTime: 0,
});

export const statsQuery = queryOptions({
  queryKey: [...MARKET_KEY, 'stats'] as const,
  queryFn: ({ signal }) => call(marketStats, { signal }),
  staleTime: 0,
});

export const listingDetailQuery = (id: string) => queryOptions({
  queryKey: [...MARKET_KEY, 'listing', id] as const,
  queryFn: ({ signal }) => call(listingDetail, { params: { id }, signal }),
  staleTime: 0,
  retry: false,
});

export function searchPlayersRequest(text: string) {
  return call(searchPlayers, { params: { query: text }, query: { limit: PLAYER_SEARCH_LIMIT } });
}

export function transferRequest(body: { toPlayerUsername: string; itemUuid: string; quantity: number }) {
  return call(transferItems, { body });
}

export function createListingRequest(body: { itemUuid: string; priceInTripCoins: string; quantity: number }) {
  return call(createListing, { body: { ...body, durationDays: LISTING_DURATION_DAYS } });
}

export function cancelListingRequest(orderId: string) {
  return call(cancelListing, { body: { orderId } });
}

/** Buying is idempotent: a retry with the same key never charges twice. */
export function buyListingRequest(orderId: string, idempotencyKey: string) {
  return call(buyListing, { body: { orderId }, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

export function newIdempotencyKey(): string {
  // getRandomValues works outside secure contexts too (randomUUID does not).
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `buy-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Names by item uuid, from the catalogue. */
export function useItemNames(): Map<string, string> {
  const { data } = useQuery(catalogueQuery);
  const names = new Map<string, string>();
  for (const item of data?.items ?? []) names.set(item.uuid, item.name);
  return names;
}

/** After an action: the game hears what changed (spec §7) and every affected query refetches. */
export function afterMarketChange(queryClient: QueryClient, change: { itemUuid?: string; marketplace: boolean }): void {
  if (change.marketplace) sendToGame(SHELL_TO_GAME.refreshMarketplace);
  if (change.itemUuid) sendToGame(SHELL_TO_GAME.itemData, { itemUuid: change.itemUuid });
  void queryClient.invalidateQueries({ queryKey: INVENTORY_KEY });
  if (change.marketplace) void queryClient.invalidateQueries({ queryKey: MARKET_KEY });
}
