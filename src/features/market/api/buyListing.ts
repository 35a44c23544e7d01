// POST /api/seaport/buy-listing: the purchase operation. It owns the attempt's Idempotency-Key
// (src/api/attempts.ts: kept for a retry after no answer, renewed after an answer, so a retry
// never charges twice), and after a purchase refreshes the inventory and the marketplace and
// tells the game (RefreshMarketplace, OnItemData for the item), once per purchase. After a
// refusal the listing is read again.
import { useQueryClient } from '@tanstack/react-query';
import { buyListing as buyListingEndpoint } from '../../../../contract/marketplace';
import { call } from '../../../api/client';
import { useValueAction, type ValueActionConfig } from '../../../api/valueAction';
import { useGameLink } from '../../../game-link/context';
import { refetchListing } from './getListing';
import { refreshAfterMarketChange, tellGameMarketChanged } from './invalidate';

/** The listing, and its item (what the game is told about after the purchase). */
export interface ListingOrder { orderId: string; itemUuid?: string }

export function buyListing({ orderId }: ListingOrder, idempotencyKey: string) {
  return call(buyListingEndpoint, { body: { orderId }, idempotencyKey });
}

export function useBuyListing(config: ValueActionConfig<ListingOrder, Awaited<ReturnType<typeof buyListing>>> = {}) {
  const client = useQueryClient();
  const game = useGameLink();
  return useValueAction({
    name: 'buy',
    request: buyListing,
    identity: ({ orderId }) => orderId,
    succeeded: (_answer, { itemUuid }) => {
      refreshAfterMarketChange(client, { marketplace: true });
      tellGameMarketChanged(game, { itemUuid, marketplace: true });
    },
    failed: (_error, { orderId }) => refetchListing(client, orderId),
  }, config);
}
