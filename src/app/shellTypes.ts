// What the shell's chunk hands to React's part (src/app/shellStart.ts makes it; mountShell.tsx,
// App.tsx and its components read it). Types only: nothing of it runs at start.
import type { HostKind } from '../../hosts/list';
import type { HostAdapter } from '../../hosts/types';
import type { LoadingActor } from '../features/loading/types';
import type { GameController } from '../game-link/controller';
import type { EarlyHooks } from '../game-link/earlyHooks';
import type { ShellGameLink } from '../game-link/link';
import type { PageAudio } from '../host-bridge/pageAudio';
import type { OverlayStore } from '../overlays/store';

export interface ShellBoot {
  game: GameController;
  /** The fixed element holding the game's canvas (#game-host), outside React's root. */
  gameHost: HTMLElement;
  /** Resolves once the game is in (createUnityInstance resolved) or failed: its first frame is drawn or will not be. */
  gameSettled: Promise<void>;
  /** Resolves once the game (or a page around it) called a hook or sent a message that only the shell's React part answers: queued until it is in. */
  gameAsked: Promise<void>;
  /** Whether this host signs the player in at start (then the shell's React part is wanted before the game). */
  signInAtStart: boolean;
  /** The one typed way to tell the game something (injected: context for components, parameter elsewhere). */
  link: ShellGameLink;
  /** The page's own audio (every AudioContext and media element): mute(reason)/unmute(reason). */
  pageAudio: PageAudio;
  loading: LoadingActor;
  overlays: OverlayStore;
  early: EarlyHooks;
  hostKind: HostKind;
  host: Promise<HostAdapter>;
  /** The error screen's Retry: a fresh canvas and a fresh loading screen. */
  retry(): void;
}
