// What the accounts feature does once at app start, before the player touches anything:
// - a Discord account decision the player had not made before a reload comes back
//   ("a pending chat-platform user held in session storage opens the fusion decision");
// - in a Discord Activity the player lands in a session without typing anything: once the SDK
//   is ready the Activity logs in through the host (the same logic as the login modal's). One
//   attempt per start: a failure shows the spec's toast and the login modal stays available,
//   nothing retries. A player whose session cookie is still valid (a reopened or popped-out
//   Activity) is shown signed in from it at once, and the Activity still authorizes and
//   authenticates: Discord's commands for the player (party, presence, locale, participants)
//   need that step, and the Discord user decides whose session it is.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { isLoggedIn, type CurrentUser } from '../../../contract/auth';
import type { HostAdapter } from '../../../hosts/types';
import { useHost, type HostInfo } from '../../host-bridge/host';
import { currentUserQuery, useCurrentUser } from '../../api/currentUser';
import { reopenPendingDecision } from './api/discord';
import { useGameLink } from '../../game-link/context';
import { useOverlays } from '../../overlays/context';
import { hostLogin, type HostLoginResult, type SignInLinks } from './useHostLogin';
import { settleSignInAtStart } from '../../api/earlySession';
import { logOut, signedOut } from './signOut';

/** Adapters the start-up login already ran for (one adapter per page load). */
const attempted = new WeakSet<HostAdapter>();

/**
 * The Activity's login at start, when it is due: a Discord host whose adapter has loaded, not
 * tried before. Waits for the SDK to be ready, then logs in, a player already signed in (the
 * session cookie) included: quietly for them, who are signed in either way. Resolves to what
 * happened, or null when it was not due.
 */
export async function activityLoginAtStart(
  host: Pick<HostInfo, 'kind' | 'adapter'>,
  user: CurrentUser,
  queryClient: QueryClient,
  links: SignInLinks,
): Promise<HostLoginResult | null> {
  const { adapter } = host;
  if (host.kind !== 'discord' || !adapter || attempted.has(adapter)) return null;
  attempted.add(adapter);
  await adapter.start();
  const current = queryClient.getQueryData<CurrentUser>(currentUserQuery.queryKey) ?? user;
  return hostLogin(host, queryClient, links, { signedIn: isLoggedIn(current) ? current : null });
}

/**
 * On the portal: a player already signed in there is signed in here at start
 * (getUser, then the user token to our server, through the same host login as the Log In
 * button), and later portal sign-ins and sign-outs are followed (addAuthListener). Returns the
 * unsubscribe.
 */
export function followPortalUser(
  host: Pick<HostInfo, 'kind' | 'adapter'>,
  queryClient: QueryClient,
  links: SignInLinks,
  signOut: () => Promise<unknown> = logOut,
  /** Hears once that the sign-in at start is done or not due (the portal's first answer handled). */
  onStartSettled: () => void = () => undefined,
): () => void {
  const { adapter } = host;
  if (host.kind !== 'crazygames' || !adapter?.onPortalUser) { onStartSettled(); return () => undefined; }
  let first = true;
  return adapter.onPortalUser((portalSignedIn) => {
    const here = isLoggedIn(queryClient.getQueryData(currentUserQuery.queryKey));
    const atStart = first;
    first = false;
    if (portalSignedIn && !here) {
      const login = hostLogin(host, queryClient, links);
      if (atStart) void login.finally(onStartSettled);
    } else if (atStart) onStartSettled();
    if (!portalSignedIn && here) {
      void signOut().then(
        () => { signedOut(queryClient); },
        (error: unknown) => console.warn('Signing out after the portal signed out failed:', error),
      );
    }
  });
}

export function AccountsAtStart() {
  const host = useHost();
  const queryClient = useQueryClient();
  const game = useGameLink();
  const overlays = useOverlays();
  const { user, settled } = useCurrentUser();
  /** Whether a pending decision was reopened (null until the first effect ran). */
  const reopened = useRef<boolean | null>(null);

  useEffect(() => {
    reopened.current ??= reopenPendingDecision(overlays);
  }, [overlays]);

  useEffect(() => {
    // A reopened decision is the Activity's login in progress: no second one over it.
    if (!settled || reopened.current !== false) return;
    const login = activityLoginAtStart(host, user, queryClient, { game, overlays });
    // The Activity's sign-in at start, once its adapter is in (the portal's: followPortalUser);
    // a player the session cookie signed in holds nothing while the SDK authenticates.
    if (host.kind === 'discord' && isLoggedIn(user)) settleSignInAtStart();
    if (host.kind === 'discord' && host.adapter) void login.finally(settleSignInAtStart);
    else if (host.kind !== 'crazygames' || isLoggedIn(user)) settleSignInAtStart();
  }, [host, user, settled, queryClient, game, overlays]);

  // Once whoami has answered (so a session that already exists is not signed in twice).
  const { adapter, kind } = host;
  useEffect(() => {
    if (!settled) return undefined;
    return followPortalUser({ kind, adapter }, queryClient, { game, overlays }, undefined, settleSignInAtStart);
  }, [settled, kind, adapter, queryClient, game, overlays]);

  return null;
}
