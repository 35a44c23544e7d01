// POST /api/claimTechnicalDifficulties: one Base Set II crate and one item, once per account.
// The operation owns the attempt's Idempotency-Key (src/api/attempts.ts), tells the game a crate
// purchase succeeded (so it refreshes the inventory) once per claim, and reloads the eligibility
// (awaited before the button returns).
import { useQueryClient } from '@tanstack/react-query';
import { claimAirdrop as claimAirdropEndpoint } from '../../../../contract/accounts';
import { SHELL_TO_GAME } from '../../../../contract/gameConstants';
import { call } from '../../../api/client';
import { useValueAction, type ValueActionConfig } from '../../../api/valueAction';
import { useGameLink } from '../../../game-link/context';
import { airdropQuery } from './getAirdrop';

/** The airdrop grants one Base Set II crate (crate version 1) and one item. */
const AIRDROP_CRATE = { quantity: 1, crateVersionId: 1 };

export const claimAirdrop = (_: void, idempotencyKey: string) => call(claimAirdropEndpoint, { body: {}, idempotencyKey });

export function useClaimAirdrop(config: ValueActionConfig<void, Awaited<ReturnType<typeof claimAirdrop>>> = {}) {
  const client = useQueryClient();
  const game = useGameLink();
  return useValueAction({
    name: 'airdrop',
    request: claimAirdrop,
    identity: () => 'claim',
    succeeded: () => { game.send(SHELL_TO_GAME.buySuccess, AIRDROP_CRATE); },
  }, {
    ...config,
    onSuccess: async (...args) => {
      await config.onSuccess?.(...args);
      await client.invalidateQueries({ queryKey: airdropQuery.queryKey });
    },
  });
}
