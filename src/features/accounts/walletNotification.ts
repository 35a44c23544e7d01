// WALLET_NOTIFICATION: a wallet-aware parent page (or the game) reports how a
// wallet action went. wasError: a destructive toast (failMessage, else notifMessage); success:
// the wallet data is refreshed, the game re-bootstraps, and the notification's own text, if
// any, is shown. The bridge hands these messages to the handler made here.
import type { QueryClient } from '@tanstack/react-query';
import type { GameMessage } from '../../../contract/game';
import { SHELL_TO_GAME } from '../../../contract/game';
import type { GameLink } from '../../game-link/link';
import { showToast, type ToastOptions } from '../../ui/toast';
import { currentUserQuery } from '../../api/currentUser';
import { WALLETS_KEY } from '../../api/wallets';
import { localized } from '../../i18n/localized';

export type WalletNotification = Extract<GameMessage, { type: 'WALLET_NOTIFICATION' }>;

export const WALLET_NOTIFICATION_FALLBACK = localized('accounts.walletNotification', {
  errorTitle: 'Wallet Error',
  error: 'An unexpected error occurred. Please try again later.',
} as const);

export interface WalletNotificationDeps {
  queryClient: Pick<QueryClient, 'invalidateQueries'>;
  toast?: (options: ToastOptions) => unknown;
  game: Pick<GameLink, 'send'>;
}

export function createWalletNotificationHandler(deps: WalletNotificationDeps): (message: WalletNotification) => void {
  const toast = deps.toast ?? showToast;
  const bootstrap = () => deps.game.send(SHELL_TO_GAME.bootstrap);
  return ({ walletData }) => {
    if (walletData.wasError) {
      toast({
        title: walletData.notifTitle || WALLET_NOTIFICATION_FALLBACK.errorTitle,
        message: walletData.failMessage || walletData.notifMessage || WALLET_NOTIFICATION_FALLBACK.error,
        tone: 'error',
      });
      return;
    }
    void deps.queryClient.invalidateQueries({ queryKey: WALLETS_KEY });
    void deps.queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    bootstrap();
    if (walletData.notifTitle || walletData.notifMessage) {
      toast({ ...(walletData.notifTitle ? { title: walletData.notifTitle } : {}), message: walletData.notifMessage || walletData.notifTitle, tone: 'success' });
    }
  };
}
