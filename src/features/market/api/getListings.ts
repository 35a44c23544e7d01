// GET /api/marketplace/listings: page 1, cheapest first; 100 listings, or 1000 of one item.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { LISTING_PAGE_SIZE_MAX, listings } from '../../../../contract/marketplace';
import { call } from '../../../api/client';
import { MARKET_KEY } from './keys';

export const getListings = (itemUuid: string | undefined, signal?: AbortSignal) => call(listings, {
  query: { page: 1, page_size: itemUuid ? LISTING_PAGE_SIZE_MAX : 100, sort: 'price_asc', itemUuid },
  signal,
});

/** How often an open marketplace reads its listings again, so another player's new listing
 * shows without the player switching tabs (only while the page is seen: react-query pauses a
 * hidden page's interval). */
export const FOLLOW_LISTINGS_MS = 10_000;

export const listingsQuery = (itemUuid?: string) => queryOptions({
  queryKey: [...MARKET_KEY, 'listings', itemUuid ?? 'all'] as const,
  queryFn: ({ signal }) => getListings(itemUuid, signal),
  staleTime: 0,
  refetchInterval: FOLLOW_LISTINGS_MS,
});

export const useListings = (itemUuid?: string) => useQuery(listingsQuery(itemUuid));
