// The player's items and TripCoins (GET /api/getBaseInventory): one query, one cache entry, for
// every screen that shows them (market, crates, coin flip, bridge), so a change made on one is
// refreshed on all: every operation that moves coins or items calls invalidateInventory.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { baseInventory } from '../../contract/economy';
import { call } from './client';

export const INVENTORY_KEY = ['inventory'] as const;

export const getInventory = (signal?: AbortSignal) => call(baseInventory, { signal });

export const inventoryQuery = queryOptions({
  queryKey: INVENTORY_KEY,
  queryFn: ({ signal }) => getInventory(signal),
  staleTime: 0,
});

export const useInventory = () => useQuery(inventoryQuery);

export function invalidateInventory(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: INVENTORY_KEY });
}
