// GET /api/coinflip/{id}: one wager, followed by its creator until someone accepts it (every
// 3 s while open).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { coinflipGame } from '../../../../contract/coinflip';
import { call } from '../../../api/client';
import { COINFLIP_KEY } from './keys';

export const FOLLOW_WAGER_MS = 3_000;

export const getCoinflipGame = (id: string, signal?: AbortSignal) => call(coinflipGame, { params: { id }, signal });

export const coinflipGameQuery = (id: string) => queryOptions({
  queryKey: [...COINFLIP_KEY, 'game', id] as const,
  queryFn: ({ signal }) => getCoinflipGame(id, signal),
  staleTime: 0,
  refetchInterval: (query) => (query.state.data?.status === 'open' || !query.state.data ? FOLLOW_WAGER_MS : false),
});

export const useCoinflipGame = (id: string) => useQuery(coinflipGameQuery(id));
