// POST /api/coinflip/{id}/accept: matches a wager; the coin is flipped at once. The operation
// owns the attempt's Idempotency-Key (src/api/attempts.ts) and refreshes the balance and the
// wager lists whatever the answer.
import { useQueryClient } from '@tanstack/react-query';
import { acceptCoinflip } from '../../../../contract/coinflip';
import { call } from '../../../api/client';
import { useValueAction, type ValueActionConfig } from '../../../api/valueAction';
import { refreshAfterWager } from './invalidate';

export function acceptWager(id: string, idempotencyKey: string) {
  return call(acceptCoinflip, { params: { id }, body: {}, idempotencyKey });
}

export function useAcceptWager(config: ValueActionConfig<string, Awaited<ReturnType<typeof acceptWager>>> = {}) {
  const client = useQueryClient();
  return useValueAction({ name: 'coinflip-accept', request: acceptWager, identity: (id) => id, settled: () => refreshAfterWager(client) }, config);
}
