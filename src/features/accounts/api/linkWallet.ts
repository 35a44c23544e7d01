// The standalone site's Sign-In-with-Ethereum wallet link through the browser's injected
// EIP-1193 provider; the wallet list is src/api/wallets.ts.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { walletLink, walletNonce } from '../../../../contract/accounts';
import { call } from '../../../api/client';
import type { MutationConfig } from '../../../api/mutation';
import { SHELL_TO_GAME } from '../../../../contract/gameConstants';
import { useGameLink } from '../../../game-link/context';
import { refreshAfterWalletChange } from './walletsChanged';
import { t } from '../../../i18n';

interface Eip1193 { request(args: { method: string; params?: unknown[] }): Promise<unknown> }

function injectedProvider(): Eip1193 | null {
  const candidate = (window as unknown as { ethereum?: Eip1193 }).ethereum;
  return candidate && typeof candidate.request === 'function' ? candidate : null;
}

export const NO_WALLET_TEXT = 'No browser wallet found. Install a wallet extension to connect one.';

/** No wallet in this browser: on a touch phone there are no extensions to install, the wallet
 * app's own browser is the way; elsewhere an extension. */
function noWalletText(): string {
  const phone = typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
  return t(phone ? 'accounts.noWalletPhone' : 'accounts.noWallet');
}

/** Asks the injected wallet for an address, has it sign the server's nonce message, links it. */
export async function linkInjectedWallet() {
  const provider = injectedProvider();
  if (!provider) throw new Error(noWalletText());
  const accounts = (await provider.request({ method: 'eth_requestAccounts' })) as string[];
  const address = accounts[0];
  if (!address) throw new Error(noWalletText());
  const chainHex = (await provider.request({ method: 'eth_chainId' })) as string;
  const chainId = Number.parseInt(chainHex, 16) || 1;
  const { message } = await call(walletNonce, { body: { address, chainId } });
  const signature = (await provider.request({ method: 'personal_sign', params: [message, address] })) as string;
  return call(walletLink, { body: { message, signature } });
}

/** Links the injected wallet (above). Refreshes the wallet list and whoami, and tells the game
 * to bootstrap (its player changed). */
export function useLinkWallet(config: MutationConfig<(variables: { uuid: string }) => ReturnType<typeof linkInjectedWallet>> = {}) {
  const client = useQueryClient();
  const game = useGameLink();
  return useMutation({
    ...config,
    mutationFn: (_variables: { uuid: string }) => linkInjectedWallet(),
    onSuccess: (...args) => {
      refreshAfterWalletChange(client, args[1].uuid);
      game.send(SHELL_TO_GAME.bootstrap);
      return config.onSuccess?.(...args);
    },
  });
}
