// POST /api/wallet/disconnect: removes a linked wallet. Refreshes the wallet list and whoami.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { walletDisconnect } from '../../../../contract/accounts';
import { call } from '../../../api/client';
import type { MutationConfig } from '../../../api/mutation';
import { refreshAfterWalletChange } from './walletsChanged';

export const disconnectWallet = ({ address }: { address: string; uuid: string }) => call(walletDisconnect, { body: { address } });

export function useDisconnectWallet(config: MutationConfig<typeof disconnectWallet> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: disconnectWallet,
    onSuccess: (...args) => { refreshAfterWalletChange(client, args[1].uuid); return config.onSuccess?.(...args); },
  });
}
