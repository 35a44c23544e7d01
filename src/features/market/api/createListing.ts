// POST /api/marketplace/list: lists an item for 30 days (free). Refreshes the inventory, and
// the marketplace when the listing was made.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createListing as createListingEndpoint, LISTING_DURATION_DAYS } from '../../../../contract/marketplace';
import { call } from '../../../api/client';
import type { MutationConfig } from '../../../api/mutation';
import { refreshAfterMarketChange } from './invalidate';

export function createListing(body: { itemUuid: string; priceInTripCoins: string; quantity: number }) {
  return call(createListingEndpoint, { body: { ...body, durationDays: LISTING_DURATION_DAYS } });
}

export function useCreateListing(config: MutationConfig<typeof createListing> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: createListing,
    onSettled: (...args) => { refreshAfterMarketChange(client, { marketplace: args[1] === null }); return config.onSettled?.(...args); },
  });
}
