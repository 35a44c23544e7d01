// The typed interface everything else uses to reach the game (contract/game.ts, SHELL_TO_GAME).
// One is created at start-up (app/boot.ts) around the page's one game controller and injected:
// components read it from the GameLink context (context.tsx), machines and plain functions take
// it as a parameter. Tests pass a fake (tests/support/fakeGameLink.ts) and read what was sent.
import { GAME_OBJECT, encodeGameArgument, type ShellToGameMethod, type ShellToGamePayloads } from '../../contract/gameConstants';
import type { GameController, GameStatus } from './controller';

export type PayloadArgs<M extends ShellToGameMethod> = ShellToGamePayloads[M] extends undefined ? [] : [payload: ShellToGamePayloads[M]];

export interface GameLink {
  /** Sends one of the shell's messages to the game. Without a running instance this logs the wrapper's warning and does nothing. */
  send<M extends ShellToGameMethod>(method: M, ...payload: PayloadArgs<M>): void;
  /** 'idle' | 'loading' | 'loaded' | 'error'. */
  status(): GameStatus;
  /** Called whenever the game's state changes; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export function createGameLink(controller: GameController): GameLink {
  return {
    send(method, ...payload) {
      controller.sendMessage(GAME_OBJECT, method, encodeGameArgument(payload[0]));
    },
    status: () => controller.getState().status,
    subscribe: (listener) => controller.subscribe(listener),
  };
}
