// The player's items and TripCoins (GET /api/getBaseInventory): one query, one cache entry, for
// every screen that shows them (market, crates, coin flip, bridge), so a change made on one is
// refreshed on all: every operation that moves coins or items calls invalidateInventory, which
// also refreshes the Inventory overlay's own reads (its items, listings, wagers and history live
// under MY_ECONOMY_KEY): a listing made from the overlay leaves its items and My listings at once.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { baseInventory } from '../../contract/economy';
import { call } from './client';

export const INVENTORY_KEY = ['inventory'] as const;
/** The root of the Inventory overlay's queries (src/features/inventory/api). */
export const MY_ECONOMY_KEY = ['my-economy'] as const;

export const getInventory = (signal?: AbortSignal) => call(baseInventory, { signal });

export const inventoryQuery = queryOptions({
  queryKey: INVENTORY_KEY,
  queryFn: ({ signal }) => getInventory(signal),
  staleTime: 0,
});

export const useInventory = () => useQuery(inventoryQuery);

export async function invalidateInventory(client: QueryClient): Promise<void> {
  await Promise.all([client.invalidateQueries({ queryKey: INVENTORY_KEY }), client.invalidateQueries({ queryKey: MY_ECONOMY_KEY })]);
}
