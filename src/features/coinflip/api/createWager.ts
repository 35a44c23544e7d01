// POST /api/coinflip/create: escrows the stake and commits to the server's seed. Refreshes the
// balance and the wager lists whatever the answer (a failure can mean something changed).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createCoinflip } from '../../../../contract/coinflip';
import { call } from '../../../api/client';
import { idempotencyHeaders, newIdempotencyKey } from '../../../api/idempotency';
import type { MutationConfig } from '../../../api/mutation';
import { refreshAfterWager } from './invalidate';

export function createWager({ wager, choice }: { wager: string; choice: 0 | 1 }) {
  return call(createCoinflip, { body: { wager_amount: wager, choice }, headers: idempotencyHeaders(createCoinflip, newIdempotencyKey('coinflip')) });
}

export function useCreateWager(config: MutationConfig<typeof createWager> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: createWager,
    onSettled: (...args) => { void refreshAfterWager(client); return config.onSettled?.(...args); },
  });
}
