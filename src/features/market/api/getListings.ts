// GET /api/marketplace/listings: page 1, cheapest first; 100 listings, or 1000 of one item.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { LISTING_PAGE_SIZE_MAX, listings } from '../../../../contract/marketplace';
import { call } from '../../../api/client';
import { MARKET_KEY } from './keys';

export const getListings = (itemUuid: string | undefined, signal?: AbortSignal) => call(listings, {
  query: { page: 1, page_size: itemUuid ? LISTING_PAGE_SIZE_MAX : 100, sort: 'price_asc', itemUuid },
  signal,
});

export const listingsQuery = (itemUuid?: string) => queryOptions({
  queryKey: [...MARKET_KEY, 'listings', itemUuid ?? 'all'] as const,
  queryFn: ({ signal }) => getListings(itemUuid, signal),
  staleTime: 0,
});

export const useListings = (itemUuid?: string) => useQuery(listingsQuery(itemUuid));
