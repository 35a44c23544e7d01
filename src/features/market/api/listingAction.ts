// What buying and cancelling a listing share: the listing order they act on, one attempt per
// order, and their after-effects. After the answer the inventory and the marketplace are
// refreshed and the game is told (RefreshMarketplace, OnItemData for the item), once; after a
// refusal the listing is read again.
import { useQueryClient } from '@tanstack/react-query';
import { useValueAction, type ValueActionConfig } from '../../../api/valueAction';
import { useGameLink } from '../../../game-link/context';
import { refetchListing } from './getListing';
import { refreshAfterMarketChange, tellGameMarketChanged } from './invalidate';

/** The listing, and its item (what the game is told about after the action). */
export interface ListingOrder { orderId: string; itemUuid?: string }

export function useListingAction<T>(
  name: string,
  request: (order: ListingOrder, idempotencyKey: string) => Promise<T>,
  config: ValueActionConfig<ListingOrder, T>,
) {
  const client = useQueryClient();
  const game = useGameLink();
  return useValueAction({
    name,
    request,
    identity: ({ orderId }) => orderId,
    succeeded: (_answer, { orderId, itemUuid }) => {
      refreshAfterMarketChange(client, { marketplace: true, closedListing: orderId });
      tellGameMarketChanged(game, { itemUuid, marketplace: true });
    },
    failed: (_error, { orderId }) => refetchListing(client, orderId),
  }, config);
}
