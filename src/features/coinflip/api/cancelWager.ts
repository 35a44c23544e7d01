// POST /api/coinflip/{id}/cancel: the creator takes an open wager back (the stake returns). The
// operation owns the attempt's Idempotency-Key (src/api/attempts.ts) and refreshes the balance
// and the wager lists whatever the answer.
import { useQueryClient } from '@tanstack/react-query';
import { cancelCoinflip } from '../../../../contract/coinflip';
import { call } from '../../../api/client';
import { useValueAction, type ValueActionConfig } from '../../../api/valueAction';
import { refreshAfterWager } from './invalidate';

export function cancelWager(id: string, idempotencyKey: string) {
  return call(cancelCoinflip, { params: { id }, body: {}, idempotencyKey });
}

export function useCancelWager(config: ValueActionConfig<string, Awaited<ReturnType<typeof cancelWager>>> = {}) {
  const client = useQueryClient();
  return useValueAction({ name: 'coinflip-cancel', request: cancelWager, identity: (id) => id, settled: () => refreshAfterWager(client) }, config);
}
