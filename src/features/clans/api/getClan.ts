// GET /api/clans/{clanId}: a clan and its members.
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as c from '../../../../contract/clans';
import { call } from '../../../api/client';
import { CLANS_KEY } from './keys';

export const getClan = (clanId: string, signal?: AbortSignal) => call(c.clanDetails, { params: { clanId }, signal });

export const clanDetailsQuery = (clanId: string) => queryOptions({
  queryKey: [...CLANS_KEY, 'details', clanId] as const,
  staleTime: 0, // other players change these: fetched again whenever the section opens
  queryFn: ({ signal }) => getClan(clanId, signal),
});

export const useClan = (clanId: string) => useQuery(clanDetailsQuery(clanId));
