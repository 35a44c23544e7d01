// What a market action changes, in one place: the player's inventory (shared) always; the
// marketplace (listings, stats, listing details) when listings changed; and what the game hears:
// RefreshMarketplace when listings changed, OnItemData for the item whose data
// changed.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { SHELL_TO_GAME } from '../../../../contract/gameConstants';
import { invalidateInventory } from '../../../api/economy';
import { useGameLink } from '../../../game-link/context';
import type { GameLink } from '../../../game-link/link';
import { MARKET_KEY } from './keys';

export interface MarketChange { marketplace: boolean; itemUuid?: string }

export function refreshAfterMarketChange(client: QueryClient, { marketplace }: MarketChange): void {
  void invalidateInventory(client);
  if (marketplace) void client.invalidateQueries({ queryKey: MARKET_KEY });
}

export function tellGameMarketChanged(game: Pick<GameLink, 'send'>, { itemUuid, marketplace }: MarketChange): void {
  if (marketplace) game.send(SHELL_TO_GAME.refreshMarketplace);
  if (itemUuid) game.send(SHELL_TO_GAME.itemData, { itemUuid });
}

/** For a change the shell found out about (a listing gone): refreshes, and tells the game. */
export function useMarketChanged(): (change: MarketChange) => void {
  const client = useQueryClient();
  const game = useGameLink();
  return (change) => {
    tellGameMarketChanged(game, change);
    refreshAfterMarketChange(client, change);
  };
}
