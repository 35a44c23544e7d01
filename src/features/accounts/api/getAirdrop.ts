// GET /api/checkTechnicalDifficultiesEligibility: whether the player can claim the airdrop.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkAirdrop } from '../../../../contract/accounts';
import { call } from '../../../api/client';

export const getAirdrop = (signal?: AbortSignal) => call(checkAirdrop, { signal });

export const airdropQuery = queryOptions({
  queryKey: ['airdrop'] as const,
  queryFn: ({ signal }) => getAirdrop(signal),
});

export const useAirdrop = () => useQuery(airdropQuery);
