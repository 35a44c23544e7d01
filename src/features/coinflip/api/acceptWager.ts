// POST /api/coinflip/{id}/accept: matches a wager; the coin is flipped at once. The operation
// owns the attempt's Idempotency-Key (src/api/attempts.ts) and refreshes the wager lists
// whatever the answer.
import { useQueryClient } from '@tanstack/react-query';
import { acceptCoinflip } from '../../../../contract/coinflip';
import { call } from '../../../api/client';
import { useValueAction, type ValueActionConfig } from '../../../api/valueAction';
import { refreshAfterWager } from './invalidate';
import { COINFLIP_KEY } from './keys';

export function acceptWager(id: string, idempotencyKey: string) {
  return call(acceptCoinflip, { params: { id }, body: {}, idempotencyKey });
}

export function useAcceptWager(config: ValueActionConfig<string, Awaited<ReturnType<typeof acceptWager>>> = {}) {
  const client = useQueryClient();
  // The wager lists change at once; the balance when the coin has landed (CoinflipModal), or at
  // once when the accept failed (nothing to land).
  return useValueAction({
    name: 'coinflip-accept', request: acceptWager, identity: (id) => id,
    settled: () => client.invalidateQueries({ queryKey: COINFLIP_KEY }),
  }, {
    ...config,
    onError: (error, id) => { void refreshAfterWager(client); config.onError?.(error, id); },
  });
}
