// GET /api/seaport/my-listings: the player's own active listings, newest first (first page of
// 100), for the Marketplace's "My listings" tab. Under MARKET_KEY: a listing, a cancel or a sale
// refreshes it with the rest of the market.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { MY_LISTINGS_PAGE_SIZE_MAX, myListings } from '../../../../contract/marketplace';
import { call } from '../../../api/client';
import { MARKET_KEY } from './keys';

export const getMyListings = (signal?: AbortSignal) => call(myListings, { query: { page: 1, page_size: MY_LISTINGS_PAGE_SIZE_MAX }, signal });

export const myListingsQuery = queryOptions({
  queryKey: [...MARKET_KEY, 'mine'] as const,
  queryFn: ({ signal }) => getMyListings(signal),
  staleTime: 0,
});

export const useMyListings = (enabled: boolean) => useQuery({ ...myListingsQuery, enabled });
