import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { HISTORY_PAGE_DEFAULT, myHistory, myInventory } from '../../../../contract/myEconomy';
import { call } from '../../../api/client';
import { MY_ECONOMY_KEY } from './keys';

export const myInventoryQuery = queryOptions({
  queryKey: [...MY_ECONOMY_KEY, 'inventory'] as const,
  queryFn: ({ signal }) => call(myInventory, { signal }),
  staleTime: 0,
});

/** History pages, newest first; the next page starts before the last entry shown (keyset). */
export const myHistoryQuery = infiniteQueryOptions({
  queryKey: [...MY_ECONOMY_KEY, 'history'] as const,
  queryFn: ({ signal, pageParam }) => call(myHistory, { signal, query: { limit: HISTORY_PAGE_DEFAULT, ...(pageParam ? { before: pageParam } : {}) } }),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextBefore,
  staleTime: 0,
});
