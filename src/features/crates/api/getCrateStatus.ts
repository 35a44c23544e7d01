// GET /api/crates/status (Base Set) and /api/crates/status/v2 (Base Set II): the shop's price
// and supply and the player's crate balance. Also the crate-open machine's `loadCount`.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { crateStatus, crateStatusV2, type CrateVersionId } from '../../../../contract/crates';
import { call } from '../../../api/client';
import { CRATES_KEY } from './keys';

export const getCrateStatus = (version: CrateVersionId, signal?: AbortSignal) => call(version === 1 ? crateStatusV2 : crateStatus, { signal });

export const crateStatusQuery = (version: CrateVersionId) => queryOptions({
  queryKey: [...CRATES_KEY, 'status', version] as const,
  queryFn: ({ signal }) => getCrateStatus(version, signal),
  staleTime: 0,
});

export const useCrateStatus = (version: CrateVersionId, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...crateStatusQuery(version), enabled });

/** How many crates of `version` the player owns, asked of the server now (and cached). */
export async function fetchCrateBalance(client: QueryClient, version: CrateVersionId): Promise<number> {
  const status = await client.fetchQuery({ ...crateStatusQuery(version), staleTime: 0 });
  return status.crateBalance;
}
