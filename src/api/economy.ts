// The player's items and TripCoins (GET /api/getBaseInventory): one query, one cache entry, for
// every screen that shows them (market, crates, coin flip, bridge), so a change made on one is
// refreshed on all by invalidating INVENTORY_KEY.
import { queryOptions } from '@tanstack/react-query';
import { baseInventory } from '../../contract/economy';
import { call } from './client';

export const INVENTORY_KEY = ['inventory'] as const;

export const inventoryQuery = queryOptions({
  queryKey: INVENTORY_KEY,
  queryFn: ({ signal }) => call(baseInventory, { signal }),
  staleTime: 0,
});
