// POST /api/transferItems: sends items to another player. Refreshes the inventory whatever the
// answer (a failure can mean it changed).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { transferItems as transferItemsEndpoint } from '../../../../contract/economy';
import { call } from '../../../api/client';
import type { MutationConfig } from '../../../api/mutation';
import { refreshAfterMarketChange } from './invalidate';

export function transferItems(body: { toPlayerUsername: string; itemUuid: string; quantity: number }) {
  return call(transferItemsEndpoint, { body });
}

export function useTransferItems(config: MutationConfig<typeof transferItems> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: transferItems,
    onSettled: (...args) => { refreshAfterMarketChange(client, { marketplace: false }); return config.onSettled?.(...args); },
  });
}
