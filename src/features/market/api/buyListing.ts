// POST /api/seaport/buy-listing: the purchase operation. It owns the attempt's Idempotency-Key
// (src/api/attempts.ts: kept for a retry after no answer, renewed after an answer, so a retry
// never charges twice); what follows the answer is the listing actions' (listingAction.ts).
import { buyListing as buyListingEndpoint } from '../../../../contract/marketplace';
import { call } from '../../../api/client';
import type { ValueActionConfig } from '../../../api/valueAction';
import { useListingAction, type ListingOrder } from './listingAction';

export type { ListingOrder } from './listingAction';

export function buyListing({ orderId }: ListingOrder, idempotencyKey: string) {
  return call(buyListingEndpoint, { body: { orderId }, idempotencyKey });
}

export function useBuyListing(config: ValueActionConfig<ListingOrder, Awaited<ReturnType<typeof buyListing>>> = {}) {
  return useListingAction('buy', buyListing, config);
}
