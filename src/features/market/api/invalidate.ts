// What a market action refreshes: always the player's inventory (shared); the marketplace
// (listings, stats, listing details) when listings changed.
import type { QueryClient } from '@tanstack/react-query';
import { invalidateInventory } from '../../../api/economy';
import { MARKET_KEY } from './keys';

export function refreshAfterMarketChange(client: QueryClient, { marketplace }: { marketplace: boolean }): void {
  void invalidateInventory(client);
  if (marketplace) void client.invalidateQueries({ queryKey: MARKET_KEY });
}
