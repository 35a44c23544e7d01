// GET /api/clans/{clanId}/invites: the invites the clan has sent (admin).
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as c from '../../../../contract/clans';
import { call } from '../../../api/client';
import { CLANS_KEY } from './keys';

export const getSentInvites = (clanId: string, signal?: AbortSignal) => call(c.sentInvites, { params: { clanId }, signal });

export const sentInvitesQuery = (clanId: string) => queryOptions({
  queryKey: [...CLANS_KEY, 'sent-invites', clanId] as const,
  staleTime: 0, // other players change these: fetched again whenever the section opens
  queryFn: ({ signal }) => getSentInvites(clanId, signal),
});

export const useSentInvites = (clanId: string) => useQuery(sentInvitesQuery(clanId));
