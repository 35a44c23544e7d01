// The player's level and XP (GET /api/getLevelProgress; cached for 2 minutes, 1
// retry, no refetch on focus). Shared: the Level Progress overlay shows it and the Clans section
// needs the level for its create rule (and writes a fresh answer into the same cache entry).
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { getLevelProgress as levelProgressEndpoint, type LevelProgressAnswer } from '../../contract/progress';
import { ApiError, call } from './client';

export const LEVEL_PROGRESS_STALE_MS = 2 * 60_000;

export const getLevelProgress = (signal?: AbortSignal) => call(levelProgressEndpoint, { signal });

export const levelProgressQuery = queryOptions({
  queryKey: ['levelProgress'] as const,
  queryFn: ({ signal }) => getLevelProgress(signal),
  staleTime: LEVEL_PROGRESS_STALE_MS,
  // One retry, and none for an answer such as 401 (not logged in): asking again changes nothing.
  retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500),
  refetchOnWindowFocus: false,
});

export const useLevelProgress = () => useQuery(levelProgressQuery);

/** Keeps a fresh answer fetched elsewhere (the clans status load) in the shared entry. */
export function storeLevelProgress(client: QueryClient, progress: LevelProgressAnswer): void {
  client.setQueryData(levelProgressQuery.queryKey, progress);
}
