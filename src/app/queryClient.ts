import { QueryClient, type InvalidateOptions, type InvalidateQueryFilters, type QueryKey } from '@tanstack/react-query';
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

/**
 * The shell's query client. An invalidation says the server's state changed after what is being
 * read, so a read already on its way is read again, including a query's first one. TanStack
 * Query restarts an in-flight read only when the query already has data; a first read (a screen
 * just opened) it lets finish, and its answer, taken before the change, then counts as fresh.
 * That kept the crate shop at the balance it asked for when a game award's live event arrived
 * while the shop's first read of the holdings was on its way: the coins showed only on reopening.
 * Such a read is cancelled (its query goes back to where it was) before the invalidation, whose
 * refetch then asks again; a query no one shows is only marked, as before.
 */
export class ShellQueryClient extends QueryClient {
  override invalidateQueries<TTaggedQueryKey extends QueryKey = QueryKey>(filters?: InvalidateQueryFilters<TTaggedQueryKey>, options?: InvalidateOptions): Promise<void> {
    if (filters?.refetchType !== 'none' && options?.cancelRefetch !== false) {
      for (const query of this.getQueryCache().findAll(filters)) {
        if (query.state.data === undefined && query.state.fetchStatus === 'fetching' && query.isActive()) void query.cancel({ revert: true, silent: true });
      }
    }
    return super.invalidateQueries(filters, options);
  }
}

export function createQueryClient(): QueryClient {
  return new ShellQueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, staleTime: 5 * 60_000, gcTime: 5 * 60_000 },
      mutations: { retry: false },
    },
  });
}
