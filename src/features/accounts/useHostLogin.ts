// Login through the host instead of the password modal: on the
// CrazyGames portal the portal's own prompt and user token (verified by our server); in a
// Discord Activity the SDK's authorize code, exchanged by our server, then the SDK's
// authenticate. A Discord identity without an account goes to the same account decision as
// the web popup.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import { errorText, isServerAnswer } from '../../api/errors';
import { localServerText } from '../../i18n/serverTexts';
import type { HostAdapter } from '../../../hosts/types';
import { useHost, type HostInfo } from '../../host-bridge/host';
import { showToast } from '../../ui/toast';
import { exchangeCode, openFusionDecision } from './api/discord';
import { portalLogin } from './api/portalLogin';
import { CurrentUser } from '../../../contract/auth';
import { signedIn, signedOut, welcomeBack, welcomeNew } from './signedIn';
import { useGameLink } from '../../game-link/context';
import type { GameLink } from '../../game-link/link';
import { useOverlays } from '../../overlays/context';
import type { OverlayStore } from '../../overlays/store';
import { DISCORD_TEXT, PORTAL_TEXT } from '../../i18n/texts';

export type HostLoginResult = 'signed-in' | 'decision' | 'dismissed' | 'failed';

/** One login per adapter at a time: a second caller (the login modal opened while the Activity
 * signs in at start) waits for the attempt under way instead of starting another. */
const underWay = new WeakMap<HostAdapter, Promise<HostLoginResult>>();

/** Logs in through the host: the portal's token or the Activity's code, then our server. Failures
 * show the spec's toast and answer 'failed'; nothing is thrown. */
/** What signing in tells: the game (user data, bootstrap) and the overlay API (the account decision). */
export interface SignInLinks { game: Pick<GameLink, 'send'>; overlays: Pick<OverlayStore, 'open'> }

/** Who the shell already shows signed in (the session cookie's player), when the host signs in again. */
export interface HostLoginOptions { signedIn?: CurrentUser | null }

export function hostLogin(host: Pick<HostInfo, 'kind' | 'adapter'>, queryClient: QueryClient, links: SignInLinks, options: HostLoginOptions = {}): Promise<HostLoginResult> {
  const { adapter } = host;
  if (adapter) {
    const running = underWay.get(adapter);
    if (running) return running;
  }
  const attempt = attemptHostLogin(host, queryClient, links, options.signedIn ?? null);
  if (adapter) {
    underWay.set(adapter, attempt);
    void attempt.finally(() => underWay.delete(adapter));
  }
  return attempt;
}

async function attemptHostLogin(host: Pick<HostInfo, 'kind' | 'adapter'>, queryClient: QueryClient, { game, overlays }: SignInLinks, already: CurrentUser | null): Promise<HostLoginResult> {
  const fallback = host.kind === 'discord' ? DISCORD_TEXT.loginFailed : PORTAL_TEXT.unableToOpen;
  // A player already signed in stays signed in when the host's step fails: a console line, no error toast.
  const fail = (message: string): HostLoginResult => {
    if (already) console.warn('Signing in again through the host failed:', message);
    else showToast({ message, tone: 'error', area: 'auth' });
    return 'failed';
  };
  if (!host.adapter) return fail(host.kind === 'crazygames' ? PORTAL_TEXT.unableToOpen : fallback);
  let outcome;
  try { outcome = await host.adapter.login(); } catch { return fail(fallback); }
  try {
    if (outcome.kind === 'portalToken') {
      const user = await portalLogin(outcome.token);
      signedIn(queryClient, game, user, { greeting: user.created ? welcomeNew : welcomeBack, bootstrap: user.created });
      return 'signed-in';
    }
    if (outcome.kind === 'discordCode') {
      const answer = await exchangeCode(outcome.code, true);
      if (answer.discord_access_token) await host.adapter.authenticate?.(answer.discord_access_token);
      if (answer.status === 'existing_user') {
        // The same player again (a reopened Activity): no second greeting.
        const same = already !== null && CurrentUser.safeParse(answer.user).data?.uuid === already.uuid;
        signedIn(queryClient, game, answer.user, { greeting: welcomeBack, quiet: same });
        return 'signed-in';
      }
      // Another Discord user than the session's player: the server ended that session.
      if (already) void signedOut(queryClient);
      openFusionDecision(overlays, { discordUser: answer.discordUser, suggestedUsername: answer.suggestedUsername, accessToken: answer.access_token });
      return 'decision';
    }
    // The adapter's reason is English (the contract's texts where it is one of ours): shown in the player's language.
    if (outcome.kind === 'unavailable') return fail(localServerText(outcome.reason));
    return 'dismissed';
  } catch (error) {
    if (isServerAnswer(error)) return fail(errorText(error, host.kind === 'crazygames' ? PORTAL_TEXT.invalidToken : DISCORD_TEXT.exchangeFailed));
    const failure = error as { kind?: string; text?: string };
    if (failure.kind === 'server') return fail(failure.text ?? DISCORD_TEXT.exchangeFailed);
    return fail(fallback);
  }
}

export function useHostLogin(): { available: boolean; run: () => Promise<HostLoginResult> } {
  const host = useHost();
  const queryClient = useQueryClient();
  const gameLink = useGameLink();
  const overlays = useOverlays();
  const run = useCallback(() => hostLogin(host, queryClient, { game: gameLink, overlays }), [host, queryClient, gameLink, overlays]);
  return { available: host.kind !== 'web', run };
}
