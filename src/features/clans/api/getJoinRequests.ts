// GET /api/clans/{clanId}/requests: pending join requests (admin).
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as c from '../../../../contract/clans';
import { call } from '../../../api/client';
import { CLANS_KEY } from './keys';

export const getJoinRequests = (clanId: string, signal?: AbortSignal) => call(c.joinRequests, { params: { clanId }, signal });

export const joinRequestsQuery = (clanId: string) => queryOptions({
  queryKey: [...CLANS_KEY, 'requests', clanId] as const,
  staleTime: 0, // other players change these: fetched again whenever the section opens
  queryFn: ({ signal }) => getJoinRequests(clanId, signal),
});

export const useJoinRequests = (clanId: string) => useQuery(joinRequestsQuery(clanId));
