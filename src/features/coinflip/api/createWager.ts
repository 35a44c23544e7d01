// POST /api/coinflip/create: escrows the stake and commits to the server's seed. The operation
// owns the attempt's Idempotency-Key (src/api/attempts.ts) and refreshes the balance and the
// wager lists whatever the answer (a failure can mean something changed).
import { useQueryClient } from '@tanstack/react-query';
import { createCoinflip } from '../../../../contract/coinflip';
import { call } from '../../../api/client';
import { useValueAction, type ValueActionConfig } from '../../../api/valueAction';
import { refreshAfterWager } from './invalidate';

export interface NewWager { wager: string; choice: 0 | 1 }

export function createWager({ wager, choice }: NewWager, idempotencyKey: string) {
  return call(createCoinflip, { body: { wager_amount: wager, choice }, idempotencyKey });
}

export function useCreateWager(config: ValueActionConfig<NewWager, Awaited<ReturnType<typeof createWager>>> = {}) {
  const client = useQueryClient();
  return useValueAction({ name: 'coinflip', request: createWager, settled: () => refreshAfterWager(client) }, config);
}
