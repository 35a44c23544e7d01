// Events a build raises with window.dispatchReactUnityEvent(name, ...args). Unlike
// react-unity-webgl, an event may have several listeners, and removing one never drops the others.
import { GAME_HOOKS } from '../../contract/gameConstants';
import { GAME_WARNINGS } from './warnings';

export type GameEventListener = (...args: unknown[]) => unknown;

export interface GameEvents {
  add(name: string, listener: GameEventListener): void;
  remove(name: string, listener: GameEventListener): void;
  dispatch(name: string, ...args: unknown[]): unknown;
}

export function createGameEvents(win: Window, log: Pick<Console, 'warn'>): GameEvents {
  const listeners = new Map<string, Set<GameEventListener>>();
  const events: GameEvents = {
    add(name, listener) {
      let set = listeners.get(name);
      if (!set) { set = new Set(); listeners.set(name, set); }
      set.add(listener);
    },
    remove(name, listener) {
      const set = listeners.get(name);
      if (!set?.delete(listener)) { log.warn(`${GAME_WARNINGS.noEventListener} ${name}`); return; }
      if (set.size === 0) listeners.delete(name);
    },
    dispatch(name, ...args) {
      const set = listeners.get(name);
      if (!set || set.size === 0) { log.warn(`${GAME_WARNINGS.noEventListener} ${name}`); return undefined; }
      // The last listener's answer goes back to the game, as a single listener's would.
      let answer: unknown;
      for (const listener of [...set]) answer = listener(...args);
      return answer;
    },
  };
  (win as unknown as Record<string, unknown>)[GAME_HOOKS.dispatchEvent] = events.dispatch;
  return events;
}
