// GET /api/getReleaseLogs. Errors read 'Failed to fetch release logs: {status text}'.
import { queryOptions } from '@tanstack/react-query';
import { getReleaseLogs } from '../../../../contract/releases';
import { ApiError, call } from '../../../api/client';
import { RELEASE_TEXT, toReleases } from '../releaseLogic';

export const releaseLogsQuery = queryOptions({
  queryKey: ['releaseLogs'] as const,
  queryFn: async ({ signal }) => toReleases(await call(getReleaseLogs, { signal })),
});

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 408: 'Request Timeout',
  429: 'Too Many Requests', 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout',
};

/** The HTTP status text of a failed call ("Service Unavailable"), or what went wrong without one. */
export function statusTextOf(error: unknown): string {
  if (error instanceof ApiError) return STATUS_TEXT[error.status] ?? (error.status >= 200 && error.status < 300 ? 'Unexpected answer' : `HTTP ${error.status}`);
  return 'Network error';
}

export const releaseErrorText = (error: unknown) => RELEASE_TEXT.fetchFailed(statusTextOf(error));
