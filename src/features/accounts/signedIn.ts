// What every way of signing in ends with: the whoami cache holds the player (and so the game
// hears who plays: playerToGame.ts), after an account was created or fused the game is told to
// bootstrap, a greeting.
import type { QueryClient } from '@tanstack/react-query';
import { ANONYMOUS_USER, CurrentUser } from '../../../contract/auth';
import { SHELL_TO_GAME } from '../../../contract/game';
import type { GameLink } from '../../game-link/link';
import { showToast } from '../../ui/toast';
import { currentUserQuery } from '../../api/currentUser';
import { t } from '../../i18n';

export function signedIn(queryClient: QueryClient, game: Pick<GameLink, 'send'>, answer: unknown, options: { greeting: (username: string) => string; bootstrap?: boolean; quiet?: boolean }): void {
  const parsed = CurrentUser.safeParse(answer);
  if (parsed.success) {
    queryClient.setQueryData(currentUserQuery.queryKey, parsed.data);
    if (!options.quiet) showToast({ message: options.greeting(parsed.data.username), tone: 'success', area: 'auth' });
  }
  if (options.bootstrap) game.send(SHELL_TO_GAME.bootstrap);
  void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
}

/** The server ended this browser's session (another player signs in here): the shell shows nobody. */
export function signedOut(queryClient: QueryClient): Promise<void> {
  queryClient.setQueryData(currentUserQuery.queryKey, ANONYMOUS_USER);
  return queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
}

export const welcomeBack = (username: string) => t('accounts.AuthModal.welcomeBackName', { name: username });
export const welcomeNew = (username: string) => t('accounts.AuthModal.welcomeName', { name: username });
