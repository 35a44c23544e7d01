// POST /api/claimTechnicalDifficulties: one Base Set II crate and one item, once per
// account. A claim reloads the eligibility (the caller awaits it before the button returns).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { claimAirdrop as claimAirdropEndpoint } from '../../../../contract/accounts';
import { call } from '../../../api/client';
import type { MutationConfig } from '../../../api/mutation';
import { airdropQuery } from './getAirdrop';

export const claimAirdrop = () => call(claimAirdropEndpoint, { body: {} });

export function useClaimAirdrop(config: MutationConfig<typeof claimAirdrop> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: claimAirdrop,
    onSuccess: async (...args) => {
      await config.onSuccess?.(...args);
      await client.invalidateQueries({ queryKey: airdropQuery.queryKey });
    },
  });
}
