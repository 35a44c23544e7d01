// POST /api/mythicalBridgeFinalize with an Idempotency-Key: the bridge machine's `finalize`. The
// machine (machines/mythical-bridge.ts) keeps the attempt's key across retries of the same
// transfer, so a retry never burns twice; the keys come from here. After a transfer this
// operation refreshes the shared inventory (the ticket is gone) and tells the game the
// marketplace changed.
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { bridgeFinalize } from '../../../../contract/bridge';
import { SHELL_TO_GAME } from '../../../../contract/gameConstants';
import type { FinalizeRequest, FinalizeResult } from '../../../../machines/mythical-bridge';
import { newIdempotencyKey } from '../../../api/attempts';
import { call } from '../../../api/client';
import { invalidateInventory } from '../../../api/economy';
import { useGameLink } from '../../../game-link/context';
import { toFailure } from './failure';

export async function finalizeBridge({ destinationWallet, idempotencyKey }: FinalizeRequest): Promise<FinalizeResult> {
  try {
    return await call(bridgeFinalize, { body: { destinationWallet }, idempotencyKey });
  } catch (error) {
    throw toFailure(error);
  }
}

/** The machine's `finalize` and its source of keys. */
export function useFinalizeBridge(): { finalize(request: FinalizeRequest): Promise<FinalizeResult>; newKey(): string } {
  const client = useQueryClient();
  const game = useGameLink();
  return useMemo(() => ({
    async finalize(request) {
      const result = await finalizeBridge(request);
      void invalidateInventory(client);
      game.send(SHELL_TO_GAME.refreshMarketplace);
      return result;
    },
    newKey: () => newIdempotencyKey('bridge'),
  }), [client, game]);
}
