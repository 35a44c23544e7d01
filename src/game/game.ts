// The one game of this page, and the typed way features talk to it. Created at start-up by
// main.tsx so the loader script starts downloading before React has rendered anything.
import { GAME_BUILD_FILES, GAME_OBJECT, encodeGameArgument, type ShellToGameMethod, type ShellToGamePayloads } from '../../contract/gameConstants';
import { createGameController, type GameController } from './gameController';

let theGame: GameController | null = null;

export function game(): GameController {
  theGame ??= createGameController({ files: GAME_BUILD_FILES });
  return theGame;
}

type PayloadArgs<M extends ShellToGameMethod> = ShellToGamePayloads[M] extends undefined ? [] : [payload: ShellToGamePayloads[M]];

/**
 * Sends one of the shell's messages to the game (contract/game.ts, SHELL_TO_GAME). Without a
 * running instance this logs the wrapper's warning and does nothing.
 */
export function sendToGame<M extends ShellToGameMethod>(method: M, ...payload: PayloadArgs<M>): void {
  game().sendMessage(GAME_OBJECT, method, encodeGameArgument(payload[0]));
}
