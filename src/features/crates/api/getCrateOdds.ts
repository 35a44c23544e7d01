// GET /api/crates/odds?crateVersionId=: the published drop table of a crate.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { crateOdds, type CrateVersionId } from '../../../../contract/crates';
import { call } from '../../../api/client';
import { CRATES_KEY } from './keys';

export const getCrateOdds = (version: CrateVersionId, signal?: AbortSignal) => call(crateOdds, { query: { crateVersionId: String(version) }, signal });

export const crateOddsQuery = (version: CrateVersionId) => queryOptions({
  queryKey: [...CRATES_KEY, 'odds', version] as const,
  queryFn: ({ signal }) => getCrateOdds(version, signal),
});

export const useCrateOdds = (version: CrateVersionId) => useQuery(crateOddsQuery(version));
