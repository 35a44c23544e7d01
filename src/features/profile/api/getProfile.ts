// GET /api/getProfile/{uuid} (not cached, 2 retries), and how its failures read
// ('Authentication Error' when the session is refused, 'Profile Error' otherwise).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getProfile as getProfileEndpoint } from '../../../../contract/profile';
import { ApiError, call } from '../../../api/client';
import { errorText } from '../../../api/errors';
import { PROFILE_KEY } from './keys';
import { PROFILE_TEXT } from '../../../i18n/texts';

export const getProfile = (uuid: string, signal?: AbortSignal) => call(getProfileEndpoint, { params: { uuid }, signal });

export const profileQuery = (uuid: string) => queryOptions({
  queryKey: [...PROFILE_KEY, uuid] as const,
  queryFn: ({ signal }) => getProfile(uuid, signal),
  // Not cached: every opening asks again (views, online status).
  staleTime: 0,
  gcTime: 0,
  retry: (failures, error) => failures < 2 && !(error instanceof ApiError && error.status < 500),
});

export const useProfile = (uuid: string) => useQuery(profileQuery(uuid));

export interface ProfileErrorText { title: string; detail: string; toast: string }

export function profileErrorText(error: unknown): ProfileErrorText {
  const toast = errorText(error, PROFILE_TEXT.fetchFailed);
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
    return { title: PROFILE_TEXT.authError, detail: PROFILE_TEXT.authErrorDetail, toast };
  }
  const detail = error instanceof ApiError && error.status === 404 ? errorText(error, PROFILE_TEXT.profileErrorDetail) : PROFILE_TEXT.profileErrorDetail;
  return { title: PROFILE_TEXT.profileError, detail, toast };
}
