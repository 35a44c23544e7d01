// The one place that tells the game who plays (OnUserData): every way the player changes (a
// sign-in, a sign-up, a logout, a ban, the portal's sign-out, whoami read again) ends in the whoami
// cache, and this hands its value to the game once per change. The game link keeps it for every
// instance of the game (a reload hears it again without anyone here sending it twice). It also
// keeps the host API's current player (src/api/currentPlayer.ts) in step.
import type { QueryClient } from '@tanstack/react-query';
import { ANONYMOUS_USER, isLoggedIn, type CurrentUser } from '../../../contract/auth';
import { SHELL_TO_GAME, encodeGameArgument } from '../../../contract/gameConstants';
import { setCurrentPlayer } from '../../api/currentPlayer';
import { currentUserQuery } from '../../api/currentUser';
import type { GameLink } from '../../game-link/link';

/** Who plays, as useCurrentUser says it: the cached player, anonymous when whoami failed, undefined until it answered. */
function settledPlayer(queryClient: QueryClient): CurrentUser | undefined {
  const state = queryClient.getQueryState<CurrentUser>(currentUserQuery.queryKey);
  if (state?.status === 'error') return ANONYMOUS_USER;
  return state?.data;
}

/** Hands the player (or the anonymous identity) to the game once whoami has answered, and at each change. Returns the stop. */
export function followPlayer(queryClient: QueryClient, game: Pick<GameLink, 'send'>): () => void {
  let told: string | undefined;
  const tell = () => {
    const user = settledPlayer(queryClient);
    if (!user) return;
    setCurrentPlayer(isLoggedIn(user) ? { uuid: user.uuid, name: user.username } : null);
    const value = encodeGameArgument(user);
    if (value === told) return; // the same player read again (whoami refreshed)
    told = value;
    game.send(SHELL_TO_GAME.userData, user);
  };
  const [whoamiKey] = currentUserQuery.queryKey;
  const stop = queryClient.getQueryCache().subscribe((event) => { if (event.query.queryKey[0] === whoamiKey) tell(); });
  tell();
  return stop;
}
