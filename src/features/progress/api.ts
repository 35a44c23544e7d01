// GET /api/getLevelProgress (spec part 2 §7): cached for 2 minutes, 1 retry, no refetch on focus.
import { queryOptions } from '@tanstack/react-query';
import { getLevelProgress } from '../../../contract/progress';
import { ApiError, call } from '../../api/client';

export const LEVEL_PROGRESS_STALE_MS = 2 * 60_000;

export const levelProgressQuery = queryOptions({
  queryKey: ['levelProgress'] as const,
  queryFn: ({ signal }) => call(getLevelProgress, { signal }),
  staleTime: LEVEL_PROGRESS_STALE_MS,
  // One retry, and none for an answer such as 401 (not logged in): asking again changes nothing.
  retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500),
  refetchOnWindowFocus: false,
});

export const isLoggedOutError = (error: unknown) => error instanceof ApiError && error.status === 401;
