// POST /api/coinflip/{id}/accept: takes the other side of a wager; the coin is flipped at once
// and the settled game answered. Refreshes the balance and the wager lists whatever the answer.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { acceptCoinflip } from '../../../../contract/coinflip';
import { call } from '../../../api/client';
import { idempotencyHeaders, newIdempotencyKey } from '../../../api/idempotency';
import type { MutationConfig } from '../../../api/mutation';
import { refreshAfterWager } from './invalidate';

export function acceptWager(id: string) {
  return call(acceptCoinflip, { params: { id }, body: {}, headers: idempotencyHeaders(acceptCoinflip, newIdempotencyKey('coinflip')) });
}

export function useAcceptWager(config: MutationConfig<typeof acceptWager> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: acceptWager,
    onSettled: (...args) => { void refreshAfterWager(client); return config.onSettled?.(...args); },
  });
}
