// What every coin flip change refreshes: the player's balance (shared inventory) and this
// feature's wager lists.
import type { QueryClient } from '@tanstack/react-query';
import { invalidateInventory } from '../../../api/economy';
import { COINFLIP_KEY } from './keys';

export function refreshAfterWager(client: QueryClient): Promise<unknown> {
  return Promise.all([invalidateInventory(client), client.invalidateQueries({ queryKey: COINFLIP_KEY })]);
}
