// Signing out, in one place: the one logout request (every way out of a session sends it: the
// logout modal, the portal's sign-out, a ban) and the one effect of being signed out.
import type { QueryClient } from '@tanstack/react-query';
import { ANONYMOUS_USER, logout } from '../../../contract/auth';
import { call } from '../../api/client';
import { currentUserQuery } from '../../api/currentUser';

/** Ends this page's session on the server (the answer also clears a bearer token: sessionToken.ts). */
export function logOut() {
  return call(logout, { body: {} });
}

/**
 * What every sign-out ends with: the page plays anonymous (the game hears it from the whoami
 * cache: playerToGame.ts), the previous player's cached data is forgotten, whoami is read again.
 */
export function signedOut(queryClient: QueryClient): void {
  queryClient.setQueryData(currentUserQuery.queryKey, ANONYMOUS_USER);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQuery.queryKey[0] });
  void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
}

/**
 * Signs this page out where the server may have ended the session already (a ban): the logout
 * request, then the sign-out whatever it answered.
 */
export function signOutHere(queryClient: QueryClient): Promise<void> {
  const done = () => { signedOut(queryClient); };
  return logOut().then(done, done);
}
