// GET /api/marketplace/listing/{id}: one listing with the caller's balance (no retry: a gone
// listing answers 410 and the modal closes).
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { listingDetail } from '../../../../contract/marketplace';
import { call } from '../../../api/client';
import { MARKET_KEY } from './keys';

export const getListing = (id: string, signal?: AbortSignal) => call(listingDetail, { params: { id }, signal });

export const listingDetailQuery = (id: string) => queryOptions({
  queryKey: [...MARKET_KEY, 'listing', id] as const,
  queryFn: ({ signal }) => getListing(id, signal),
  staleTime: 0,
  retry: false,
});

export const useListing = (id: string) => useQuery(listingDetailQuery(id));

export function refetchListing(client: QueryClient, id: string): Promise<void> {
  return client.invalidateQueries({ queryKey: listingDetailQuery(id).queryKey });
}
