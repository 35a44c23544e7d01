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

/** `closedListing`: a listing this change closed (bought, cancelled): its detail is not read again
 * (a closed listing answers 410, and the dialog that showed it is closing; a later look at it
 * reads it afresh, its detail is never fresh). */
export interface MarketChange { marketplace: boolean; itemUuid?: string; closedListing?: string }

export function refreshAfterMarketChange(client: QueryClient, { marketplace, closedListing }: MarketChange): void {
  void invalidateInventory(client);
  if (!marketplace) return;
  const closedKey = closedListing === undefined ? null : JSON.stringify([...MARKET_KEY, 'listing', closedListing]);
  void client.invalidateQueries({ queryKey: MARKET_KEY, predicate: (query) => JSON.stringify(query.queryKey) !== closedKey });
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
