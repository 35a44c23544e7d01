// Who is playing: GET /api/whoami (stale after 5 minutes; the anonymous
// identity whenever the answer is not ok). One query for every feature: one cache entry, so a
// login, logout or wallet change seen by one screen is seen by all.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ANONYMOUS_USER, whoami, type CurrentUser } from '../../contract/auth';
import { call } from './client';
import { takeSessionCheck } from './earlySession';

export const currentUserQuery = queryOptions({
  queryKey: ['whoami'] as const,
  queryFn: async ({ signal }) => {
    // The check the first script started (earlySession.ts), when it answered well; else our own.
    const early = takeSessionCheck();
    const parsed = early ? whoami.response.safeParse(await early) : null;
    return parsed?.success ? parsed.data : call(whoami, { signal });
  },
  staleTime: 5 * 60_000,
});

export interface CurrentUserState {
  /** The player, or the anonymous identity while unknown or when the call failed. */
  user: CurrentUser;
  /** The server answered (or gave up): `user` is not just the placeholder. */
  settled: boolean;
}

export function useCurrentUser(): CurrentUserState {
  const { data, isError } = useQuery(currentUserQuery);
  if (data && !isError) return { user: data, settled: true };
  return { user: ANONYMOUS_USER, settled: isError };
}
