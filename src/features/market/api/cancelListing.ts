// POST /api/seaport/cancel-listing: the seller takes a listing back (the items return). The
// operation owns the attempt's Idempotency-Key; what follows the answer is the listing actions'
// (listingAction.ts).
import { cancelListing as cancelListingEndpoint } from '../../../../contract/marketplace';
import { call } from '../../../api/client';
import type { ValueActionConfig } from '../../../api/valueAction';
import { useListingAction, type ListingOrder } from './listingAction';

export function cancelListing({ orderId }: ListingOrder, idempotencyKey: string) {
  return call(cancelListingEndpoint, { body: { orderId }, idempotencyKey });
}

export function useCancelListing(config: ValueActionConfig<ListingOrder, Awaited<ReturnType<typeof cancelListing>>> = {}) {
  return useListingAction('cancel-listing', cancelListing, config);
}
