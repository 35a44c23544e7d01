// POST /api/seaport/cancel-listing: the seller takes a listing back (the items return). The
// operation owns the attempt's Idempotency-Key; after a cancel it refreshes the inventory and
// the marketplace and tells the game (RefreshMarketplace, OnItemData), once. After a refusal the
// listing is read again.
import { useQueryClient } from '@tanstack/react-query';
import { cancelListing as cancelListingEndpoint } from '../../../../contract/marketplace';
import { call } from '../../../api/client';
import { useValueAction, type ValueActionConfig } from '../../../api/valueAction';
import { useGameLink } from '../../../game-link/context';
import type { ListingOrder } from './buyListing';
import { refetchListing } from './getListing';
import { refreshAfterMarketChange, tellGameMarketChanged } from './invalidate';

export function cancelListing({ orderId }: ListingOrder, idempotencyKey: string) {
  return call(cancelListingEndpoint, { body: { orderId }, idempotencyKey });
}

export function useCancelListing(config: ValueActionConfig<ListingOrder, Awaited<ReturnType<typeof cancelListing>>> = {}) {
  const client = useQueryClient();
  const game = useGameLink();
  return useValueAction({
    name: 'cancel-listing',
    request: cancelListing,
    identity: ({ orderId }) => orderId,
    succeeded: (_answer, { itemUuid }) => {
      refreshAfterMarketChange(client, { marketplace: true });
      tellGameMarketChanged(game, { itemUuid, marketplace: true });
    },
    failed: (_error, { orderId }) => refetchListing(client, orderId),
  }, config);
}
