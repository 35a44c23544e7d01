// POST /api/coinflip/{id}/cancel: the creator takes an open wager back (the stake returns).
// Refreshes the balance and the wager lists whatever the answer.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelCoinflip } from '../../../../contract/coinflip';
import { call } from '../../../api/client';
import { idempotencyHeaders, newIdempotencyKey } from '../../../api/idempotency';
import type { MutationConfig } from '../../../api/mutation';
import { refreshAfterWager } from './invalidate';

export function cancelWager(id: string) {
  return call(cancelCoinflip, { params: { id }, body: {}, headers: idempotencyHeaders(cancelCoinflip, newIdempotencyKey('coinflip')) });
}

export function useCancelWager(config: MutationConfig<typeof cancelWager> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: cancelWager,
    onSettled: (...args) => { void refreshAfterWager(client); return config.onSettled?.(...args); },
  });
}
