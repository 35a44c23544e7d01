import { useEffect } from 'react';
import { SHELL_TO_GAME } from '../../contract/game';
import { useCurrentUser } from '../api/currentUser';
import { sendToGame } from '../game/game';
import { useGameStatus } from '../game/useGameStatus';

/** Hands the player (or the anonymous identity) to the game once both are known, and on change. */
export function UserToGame() {
  const { user, settled } = useCurrentUser();
  const status = useGameStatus();
  useEffect(() => {
    if (settled && status === 'loaded') sendToGame(SHELL_TO_GAME.userData, user);
  }, [user, settled, status]);
  return null;
}
