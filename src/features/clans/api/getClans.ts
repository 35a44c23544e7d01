// GET /api/clans/browse: one page of clans (the previous page stays shown while the next loads).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import * as c from '../../../../contract/clans';
import { call } from '../../../api/client';
import { CLANS_KEY } from './keys';

export const getClans = (page: number, signal?: AbortSignal) => call(c.browseClans, { query: { page, limit: c.CLAN_PAGE_SIZE }, signal });

export const browseQuery = (page: number) => queryOptions({
  queryKey: [...CLANS_KEY, 'browse', page] as const,
  staleTime: 0, // other players change these: fetched again whenever the section opens
  queryFn: ({ signal }) => getClans(page, signal),
  placeholderData: keepPreviousData,
});

export const useClans = (page: number) => useQuery(browseQuery(page));
