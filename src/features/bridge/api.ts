// The bridge's requests (spec part 2 §7): the marketplace profile of a wallet, the finalize
// (with an Idempotency-Key, so a retry never burns twice), and what the modal reads around
// them (who is playing, their linked wallets). Failures become the machine's BridgeFailure.
import { queryOptions } from '@tanstack/react-query';
import { bridgeFinalize, bridgeStatus, bridgeVerify, type MarketplaceProfile } from '../../../contract/bridge';
import { IDEMPOTENCY_HEADER } from '../../../contract/http';
import type { BridgeFailure, FinalizeRequest, FinalizeResult } from '../../../machines/bridge';
import { ApiError, call } from '../../api/client';

/** How often, and how many times, a sent transfer's status is asked for (about a minute in all). */
export const STATUS_POLL_MS = 2_000;
export const STATUS_POLLS = 30;

/** A finalized transfer's status, asked again until the chain has mined it (or it failed). */
export const transferStatusQuery = (transactionHash: string) => queryOptions({
  queryKey: ['bridgeStatus', transactionHash] as const,
  queryFn: ({ signal }) => call(bridgeStatus, { params: { transactionHash }, signal }),
  refetchInterval: (query) => {
    const status = query.state.data?.status;
    return status === 'confirmed' || status === 'failed' || query.state.dataUpdateCount >= STATUS_POLLS ? false : STATUS_POLL_MS;
  },
  retry: false,
  staleTime: 0,
});

/**
 * A refusal carries the server's text. An internal error (500, no details) or an answer that is
 * not ours leaves the outcome unknown: the modal then shows its fallback and retries with the
 * same Idempotency-Key. No answer at all is a network failure.
 */
export function toFailure(error: unknown): BridgeFailure {
  if (error instanceof ApiError) {
    if (error.status === 500 || error.status === 504 || !error.body) return { kind: 'server', status: error.status, outcomeUnknown: true };
    return { kind: 'server', status: error.status, text: error.body.error };
  }
  return { kind: 'network' };
}

export async function verifyWallet(wallet: string): Promise<MarketplaceProfile> {
  try {
    return (await call(bridgeVerify, { params: { wallet } })).openseaProfile;
  } catch (error) {
    throw toFailure(error);
  }
}

export async function finalizeBridge({ destinationWallet, idempotencyKey }: FinalizeRequest): Promise<FinalizeResult> {
  try {
    return await call(bridgeFinalize, { body: { destinationWallet }, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
  } catch (error) {
    throw toFailure(error);
  }
}
