// GET /api/coinflip/open: the wagers waiting for a second player (asked again every 5 s).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { openCoinflips } from '../../../../contract/coinflip';
import { call } from '../../../api/client';
import { COINFLIP_KEY } from './keys';

export const getOpenWagers = (signal?: AbortSignal) => call(openCoinflips, { signal });

export const openWagersQuery = queryOptions({
  queryKey: [...COINFLIP_KEY, 'open'] as const,
  queryFn: ({ signal }) => getOpenWagers(signal),
  staleTime: 0,
  refetchInterval: 5_000,
});

export const useOpenWagers = () => useQuery(openWagersQuery);
