// When the shell's React part (the overlays, modals, toasts, accounts) is wanted on the page:
// after the game's first frame, so neither its download nor its first render
// competes with the game's, but never later than the player or the game needs it.
import type { GameState } from '../game-link/controller';
import type { OverlayStore } from '../overlays/store';

/** At the latest this long after boot, while the game's files still download (a Unity-sized download). */
export const REACT_AT_THE_LATEST_MS = 3_000;

/**
 * Where the game's files are all in by then, the build is starting up (its framework, the wasm
 * compilation, its first scene: seconds of main-thread work at 4x CPU, which React's first render
 * would lengthen by a second): React then waits for the game, at most this much longer.
 */
export const REACT_AFTER_DOWNLOAD_LATEST_MS = 12_000;

/** The loader's progress once every file is in: Unity's loader reports downloads as 0 to 0.9. */
export const DOWNLOADED_PROGRESS = 0.9;

/** Whether the game is still downloading its files (its main thread mostly idle meanwhile). */
export function gameDownloading(state: Pick<GameState, 'status' | 'progress'>): boolean {
  return state.status === 'idle' || (state.status === 'loading' && state.progress < DOWNLOADED_PROGRESS);
}

export interface ReactWantedInputs {
  /** A host that signs the player in at start: its accounts are React's, and the game waits for them. */
  signInAtStart: boolean;
  /** The game is in (loaded or failed: the error screen and its Retry are React's). */
  gameSettled: Promise<void>;
  /** The game called a hook or sent a message before React (queued by earlyHooks.ts until it is in). */
  gameAsked: Promise<void>;
  /** An overlay or modal asked for before React (the game's hooks, a host): shown as soon as React is in. */
  overlays: Pick<OverlayStore, 'subscribe' | 'isAnyOpen'>;
  /** The game's state, read when the bound runs out: still downloading, or starting up. */
  game: { getState(): Pick<GameState, 'status' | 'progress'> };
}

/**
 * Resolves when React is wanted: at once on a host that signs the player in at start; otherwise
 * when the game is in, when the game asks for something only React answers (a hook, a message),
 * when something asks for an overlay or a modal over the loading screen, or `latestMs` after boot
 * if the game's files are still downloading then, whichever comes first. A long download leaves
 * the main thread idle, and React's few hundred KB are nothing beside it; a short one is followed
 * by the build's start-up, which React waits for (at most `afterDownloadMs` longer).
 */
export function whenReactWanted(inputs: ReactWantedInputs, setTimer: (fn: () => void, ms: number) => unknown = setTimeout, latestMs = REACT_AT_THE_LATEST_MS, afterDownloadMs = REACT_AFTER_DOWNLOAD_LATEST_MS): Promise<void> {
  if (inputs.signInAtStart || inputs.overlays.isAnyOpen()) return Promise.resolve();
  return new Promise<void>((resolve) => {
    let unsubscribe: () => void = () => undefined;
    const want = () => { unsubscribe(); resolve(); };
    unsubscribe = inputs.overlays.subscribe(() => { if (inputs.overlays.isAnyOpen()) want(); });
    void inputs.gameSettled.then(want);
    void inputs.gameAsked.then(want);
    setTimer(() => {
      if (gameDownloading(inputs.game.getState())) want();
      else setTimer(want, afterDownloadMs);
    }, latestMs);
  });
}
