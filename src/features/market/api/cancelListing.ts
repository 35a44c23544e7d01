// POST /api/marketplace/cancel: the seller takes a listing back (the items return). After a
// cancel the inventory and the marketplace refresh; after a refusal the listing is read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelListing as cancelListingEndpoint } from '../../../../contract/marketplace';
import { call } from '../../../api/client';
import type { MutationConfig } from '../../../api/mutation';
import { refetchListing } from './getListing';
import { refreshAfterMarketChange } from './invalidate';

export function cancelListing({ orderId }: { orderId: string }) {
  return call(cancelListingEndpoint, { body: { orderId } });
}

export function useCancelListing(config: MutationConfig<typeof cancelListing> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: cancelListing,
    onSuccess: (...args) => { refreshAfterMarketChange(client, { marketplace: true }); return config.onSuccess?.(...args); },
    onError: (...args) => { void refetchListing(client, args[1].orderId); return config.onError?.(...args); },
  });
}
