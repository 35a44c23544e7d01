// POST /api/crates/buy (Base Set) and /api/crates/buy/v2 (Base Set II): the purchase operation.
// It owns the attempt's Idempotency-Key (src/api/attempts.ts: a retry after no answer is never
// charged twice), tells the game about a purchase once (OnBuySuccess {quantity, crateVersionId},
// never again for a replayed answer), and refreshes the inventory and the shops whatever the
// answer (a failure can mean the supply changed).
import { useQueryClient } from '@tanstack/react-query';
import { buyCrates as buyV1, buyCratesV2, type CrateVersionId } from '../../../../contract/crates';
import { SHELL_TO_GAME } from '../../../../contract/gameConstants';
import { call } from '../../../api/client';
import { useValueAction, type ValueActionConfig } from '../../../api/valueAction';
import { useGameLink } from '../../../game-link/context';
import { refreshAfterCrates } from './invalidate';

export interface BuyCrates { version: CrateVersionId; quantity: number }

export function buyCrates({ version, quantity }: BuyCrates, idempotencyKey: string) {
  const endpoint = version === 1 ? buyCratesV2 : buyV1;
  return call(endpoint, { body: { quantity }, idempotencyKey });
}

export function useBuyCrates(config: ValueActionConfig<BuyCrates, Awaited<ReturnType<typeof buyCrates>>> = {}) {
  const client = useQueryClient();
  const game = useGameLink();
  return useValueAction({
    name: 'crates',
    request: buyCrates,
    succeeded: (result, { version }) => game.send(SHELL_TO_GAME.buySuccess, { quantity: result.quantity, crateVersionId: version }),
    settled: () => refreshAfterCrates(client),
  }, config);
}
