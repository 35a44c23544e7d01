// POST /api/seaport/create-listing: lists an item for 30 days (free). The operation owns the
// attempt's Idempotency-Key; it refreshes the inventory whatever the answer, and after a listing
// the marketplace too, and tells the game (RefreshMarketplace, OnItemData for the item), once.
import { useQueryClient } from '@tanstack/react-query';
import { createListing as createListingEndpoint, LISTING_DURATION_DAYS } from '../../../../contract/marketplace';
import { call } from '../../../api/client';
import { useValueAction, type ValueActionConfig } from '../../../api/valueAction';
import { useGameLink } from '../../../game-link/context';
import { refreshAfterMarketChange, tellGameMarketChanged } from './invalidate';

export interface NewListing { itemUuid: string; priceInTripCoins: string; quantity: number }

export function createListing(body: NewListing, idempotencyKey: string) {
  return call(createListingEndpoint, { body: { ...body, durationDays: LISTING_DURATION_DAYS }, idempotencyKey });
}

export function useCreateListing(config: ValueActionConfig<NewListing, Awaited<ReturnType<typeof createListing>>> = {}) {
  const client = useQueryClient();
  const game = useGameLink();
  return useValueAction({
    name: 'list',
    request: createListing,
    succeeded: (_answer, { itemUuid }) => {
      refreshAfterMarketChange(client, { marketplace: true });
      tellGameMarketChanged(game, { itemUuid, marketplace: true });
    },
    failed: () => refreshAfterMarketChange(client, { marketplace: false }),
  }, config);
}
