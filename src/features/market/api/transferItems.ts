// POST /api/inventory/transfer-onchain: sends items to another player. The operation owns the
// attempt's Idempotency-Key; it refreshes the inventory whatever the answer (a failure can mean
// it changed) and after a transfer tells the game (OnItemData for the item), once.
import { useQueryClient } from '@tanstack/react-query';
import { transferItems as transferItemsEndpoint } from '../../../../contract/economy';
import { call } from '../../../api/client';
import { useValueAction, type ValueActionConfig } from '../../../api/valueAction';
import { useGameLink } from '../../../game-link/context';
import { refreshAfterMarketChange, tellGameMarketChanged } from './invalidate';

export interface Transfer { toPlayerUsername: string; itemUuid: string; quantity: number }

export function transferItems(body: Transfer, idempotencyKey: string) {
  return call(transferItemsEndpoint, { body, idempotencyKey });
}

export function useTransferItems(config: ValueActionConfig<Transfer, Awaited<ReturnType<typeof transferItems>>> = {}) {
  const client = useQueryClient();
  const game = useGameLink();
  return useValueAction({
    name: 'transfer',
    request: transferItems,
    succeeded: (_answer, { itemUuid }) => tellGameMarketChanged(game, { itemUuid, marketplace: false }),
    settled: () => refreshAfterMarketChange(client, { marketplace: false }),
  }, config);
}
