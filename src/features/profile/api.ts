// The profile feature's calls: GET /api/getProfile/{uuid} (not cached, 2 retries; spec part 2
// §7), PUT /api/profile (own location and description), GET /api/searchPlayers/{query}?limit=5.
// Who is playing is src/api/currentUser.ts.
import { queryOptions } from '@tanstack/react-query';
import { PLAYER_SEARCH_LIMIT, searchPlayers } from '../../../contract/economy';
import { PROFILE_TEXT, getProfile } from '../../../contract/profile';
import { ApiError, call } from '../../api/client';

export const profileQuery = (uuid: string) => queryOptions({
  queryKey: ['profile', uuid] as const,
  queryFn: ({ signal }) => call(getProfile, { params: { uuid }, signal }),
  // Not cached: every opening asks again (views, online status).
  staleTime: 0,
  gcTime: 0,
  retry: (failures, error) => failures < 2 && !(error instanceof ApiError && error.status < 500),
});

export const searchPlayersQuery = (text: string) => queryOptions({
  queryKey: ['searchPlayers', text] as const,
  queryFn: ({ signal }) => call(searchPlayers, { params: { query: text }, query: { limit: PLAYER_SEARCH_LIMIT }, signal }),
  staleTime: 30_000,
});

export interface ProfileErrorText { title: string; detail: string; toast: string }

/** §8: 'Authentication Error' when the session is refused, 'Profile Error' otherwise. */
export function profileErrorText(error: unknown): ProfileErrorText {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
    return { title: PROFILE_TEXT.authError, detail: PROFILE_TEXT.authErrorDetail, toast: error.textOr(PROFILE_TEXT.fetchFailed) };
  }
  const detail = error instanceof ApiError && error.status === 404 ? error.textOr(PROFILE_TEXT.profileErrorDetail) : PROFILE_TEXT.profileErrorDetail;
  return { title: PROFILE_TEXT.profileError, detail, toast: error instanceof ApiError ? error.textOr(PROFILE_TEXT.fetchFailed) : PROFILE_TEXT.fetchFailed };
}
