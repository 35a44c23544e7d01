// What every crate purchase or opening refreshes: the player's coins and items (shared
// inventory) and both shops (supply and crate balance).
import type { QueryClient } from '@tanstack/react-query';
import { invalidateInventory } from '../../../api/economy';
import { CRATES_KEY } from './keys';

export function refreshAfterCrates(client: QueryClient): Promise<unknown> {
  return Promise.all([invalidateInventory(client), client.invalidateQueries({ queryKey: CRATES_KEY })]);
}
