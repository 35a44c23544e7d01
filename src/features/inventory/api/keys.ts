// Every query of the Inventory overlay (my items, listings, wagers, history) lives under this
// root: one invalidation refreshes them all after a change (a sale, a transfer, a live event).
import type { QueryClient } from '@tanstack/react-query';
import { MY_ECONOMY_KEY } from '../../../api/economy';

export { MY_ECONOMY_KEY };

export function refreshMyEconomy(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: MY_ECONOMY_KEY });
}
