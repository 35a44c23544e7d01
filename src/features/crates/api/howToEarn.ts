// How a player earns TripCoins on this server, for the shop to say when they have too few: the
// server's public config (GET /api/config, the same cached query the log-in dialog reads) says
// whether the local demo game server pays rounds here, and what a round pays.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { config } from '../../../../contract/system';
import { call } from '../../../api/client';

const publicConfigQuery = queryOptions({
  queryKey: ['publicConfig'] as const,
  queryFn: ({ signal }) => call(config, { signal }),
  staleTime: Infinity,
});

/** What one paid round of the demo game gives here, or null where coins come from matches only. */
export function useDemoRoundTerms() {
  const answer = useQuery(publicConfigQuery);
  return answer.data?.demoRounds ?? null;
}
