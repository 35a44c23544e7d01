import { useEffect } from 'react';
import { isLoggedIn } from '../../../contract/auth';
import { SHELL_TO_GAME } from '../../../contract/game';
import { useCurrentUser } from '../../api/currentUser';
import { useGameLink, useGameStatus } from '../../game-link/context';
import { setCurrentPlayer } from '../../api/currentPlayer';

/** Hands the player (or the anonymous identity) to the game once both are known, and on change. */
export function PlayerToGame() {
  const { user, settled } = useCurrentUser();
  const link = useGameLink();
  const status = useGameStatus();
  useEffect(() => {
    if (settled) setCurrentPlayer(isLoggedIn(user) ? { uuid: user.uuid, name: user.username } : null);
  }, [user, settled]);
  useEffect(() => {
    if (settled && status === 'loaded') link.send(SHELL_TO_GAME.userData, user);
  }, [user, settled, status, link]);
  return null;
}
