// The game transport: the loader wrapper around the Unity instance (controller.ts), the typed link
// that owns what the game has to know (link.ts), and the game's calls and messages to the shell
// (earlyHooks.ts, inbound.ts). Import the files themselves; this names the folder's purpose.
export type { GameController, GameStatus } from './controller';
export type { GameLink, ShellGameLink } from './link';
