// GET /api/marketplace/stats: per item, the lowest price, how many are listed and recent sales.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { marketStats } from '../../../../contract/marketplace';
import { call } from '../../../api/client';
import { MARKET_KEY } from './keys';

export const getMarketStats = (signal?: AbortSignal) => call(marketStats, { signal });

export const statsQuery = queryOptions({
  queryKey: [...MARKET_KEY, 'stats'] as const,
  queryFn: ({ signal }) => getMarketStats(signal),
  staleTime: 0,
});

export const useMarketStats = () => useQuery(statsQuery);
