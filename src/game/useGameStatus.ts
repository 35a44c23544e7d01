import { useSyncExternalStore } from 'react';
import type { GameStatus } from './gameController';
import { game } from './game';

/** The game's status ('idle' | 'loading' | 'loaded' | 'error'); re-renders only when it changes. */
export function useGameStatus(): GameStatus {
  const controller = game();
  return useSyncExternalStore(controller.subscribe, () => controller.getState().status);
}
