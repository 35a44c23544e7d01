// POST /api/marketplace/buy, idempotent: the caller keeps one key per purchase (kept for a
// retry after no answer, renewed after an answer), so a retry never charges twice. After a
// purchase the inventory and the marketplace refresh; after a refusal the listing is read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buyListing as buyListingEndpoint } from '../../../../contract/marketplace';
import { call } from '../../../api/client';
import { idempotencyHeaders } from '../../../api/idempotency';
import type { MutationConfig } from '../../../api/mutation';
import { refetchListing } from './getListing';
import { refreshAfterMarketChange } from './invalidate';

export function buyListing({ orderId, idempotencyKey }: { orderId: string; idempotencyKey: string }) {
  return call(buyListingEndpoint, { body: { orderId }, headers: idempotencyHeaders(buyListingEndpoint, idempotencyKey) });
}

export function useBuyListing(config: MutationConfig<typeof buyListing> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: buyListing,
    onSuccess: (...args) => { refreshAfterMarketChange(client, { marketplace: true }); return config.onSuccess?.(...args); },
    onError: (...args) => { void refetchListing(client, args[1].orderId); return config.onError?.(...args); },
  });
}
