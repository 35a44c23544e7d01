// POST /api/wallet/disconnect: removes a linked wallet. Refreshes the wallet list and whoami,
// and tells the game to bootstrap (its player changed).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { walletDisconnect } from '../../../../contract/accounts';
import { call } from '../../../api/client';
import type { MutationConfig } from '../../../api/mutation';
import { SHELL_TO_GAME } from '../../../../contract/gameConstants';
import { useGameLink } from '../../../game-link/context';
import { refreshAfterWalletChange } from './walletsChanged';

export const disconnectWallet = ({ address }: { address: string; uuid: string }) => call(walletDisconnect, { body: { address } });

export function useDisconnectWallet(config: MutationConfig<typeof disconnectWallet> = {}) {
  const client = useQueryClient();
  const game = useGameLink();
  return useMutation({
    ...config,
    mutationFn: disconnectWallet,
    onSuccess: (...args) => {
      refreshAfterWalletChange(client, args[1].uuid);
      game.send(SHELL_TO_GAME.bootstrap);
      return config.onSuccess?.(...args);
    },
  });
}
