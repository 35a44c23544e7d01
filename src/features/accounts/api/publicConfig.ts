// GET /api/config: which bot check to show and whether Discord sign-in is configured. It does
// not change while the page lives, so it is fetched once.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { config } from '../../../../contract/system';
import { call } from '../../../api/client';

export const publicConfigQuery = queryOptions({
  queryKey: ['publicConfig'] as const,
  queryFn: ({ signal }) => call(config, { signal }),
  staleTime: Infinity,
});

export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}
