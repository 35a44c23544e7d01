// GET /api/mythicalBridgeStatus/{transactionHash}: a finalized transfer's status, asked again every
// 2 s until the chain has mined it (or it failed), about a minute in all.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { bridgeStatus } from '../../../../contract/bridge';
import { call } from '../../../api/client';

export const STATUS_POLL_MS = 2_000;
export const STATUS_POLLS = 30;

export const getTransferStatus = (transactionHash: string, signal?: AbortSignal) => call(bridgeStatus, { params: { transactionHash }, signal });

export const transferStatusQuery = (transactionHash: string) => queryOptions({
  queryKey: ['bridgeStatus', transactionHash] as const,
  queryFn: ({ signal }) => getTransferStatus(transactionHash, signal),
  refetchInterval: (query) => {
    const status = query.state.data?.status;
    return status === 'confirmed' || status === 'failed' || query.state.dataUpdateCount >= STATUS_POLLS ? false : STATUS_POLL_MS;
  },
  retry: false,
  staleTime: 0,
});

export const useTransferStatus = (transactionHash: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...transferStatusQuery(transactionHash), enabled });
