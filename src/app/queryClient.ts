import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';

/** Query defaults from the spec: 3 retries with exponential backoff from 1 s capped
 * at 30 s, 5-minute cache lifetime. Client errors (4xx) are answers, not outages: no retry. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 3;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, staleTime: 5 * 60_000, gcTime: 5 * 60_000 },
      mutations: { retry: false },
    },
  });
}
