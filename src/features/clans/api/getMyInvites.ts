// GET /api/clans/my-invites: the invites waiting for the player.
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as c from '../../../../contract/clans';
import { call } from '../../../api/client';
import { CLANS_KEY } from './keys';

export const getMyInvites = (signal?: AbortSignal) => call(c.myInvites, { signal });

export const myInvitesQuery = queryOptions({
  queryKey: [...CLANS_KEY, 'my-invites'] as const,
  staleTime: 0, // other players change these: fetched again whenever the section opens
  queryFn: ({ signal }) => getMyInvites(signal),
});

export const useMyInvites = () => useQuery(myInvitesQuery);
