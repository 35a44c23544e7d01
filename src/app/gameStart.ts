// The game's start, the first thing the page runs after its first paint (src/app/startup.ts),
// in the page's first small chunk, before the shell's chunk (xstate, the loading machine, Lingui,
// the host wiring: src/app/shellStart.ts) has even been evaluated, so createUnityInstance is
// called as soon as the build's loader is in, as on a bare page.
//
// Everything the game may touch from its first script on is here too, answered later by the
// shell's chunk: the window hooks (queued, game-link/earlyHooks.ts, the one early relay, which
// startup.ts installs before the first paint and hands over), the host
// call (waits for the host's API) and the page's audio (tracked before the loader makes a context);
// the session check went out before the first paint (startup.ts). On a host whose start waits for
// something (the portal's SDK, a sign-in at start) the download waits for the gate the shell
// hands over (gate, signInGate); on the web it waits for nothing.
import activity from '../../activity.config.json';
import { GAME_BUILD_FILES } from '../../contract/gameConstants';
import { detectHostOf, pageContext } from '../../hosts/detect';
import type { Host } from '../../hosts/list';
import { signInAtStartSettled } from '../api/earlySession';
// Start-up sends it before the first paint, through this file (each start-up file has one way in).
export { startSessionCheck } from '../api/earlySession';
export { installEarlyHooks, type EarlyHooks } from '../game-link/earlyHooks';
import { createGameController, type GameController } from '../game-link/controller';
import { installEarlyHooks, type EarlyHooks } from '../game-link/earlyHooks';
import { readGameOptions, type GameOptions } from '../game-link/gameConfig';
import { GameLoadError, preloadGameCode } from '../game-link/loaderScript';
import { reportFailure } from '../reporting/errorReporting';
import { installHostCall, type HostCallApi } from '../host-bridge/hostCall';
import { installPageAudio, type PageAudio } from '../host-bridge/pageAudio';
import { setRequestHost } from '../api/requestHost';

export const GAME_HOST_ID = 'game-host';

export interface GameStart {
  readonly win: Window;
  readonly detected: Host;
  readonly options: GameOptions;
  readonly controller: GameController;
  readonly pageAudio: PageAudio;
  /** The fixed element holding the game's canvas (#game-host), outside React's root. */
  readonly gameHost: HTMLElement;
  readonly early: EarlyHooks;
  /** Whether the game's download waits for a gate (the host's start, a sign-in at start). */
  readonly gated: boolean;
  /**
   * What the download waits for, where it waits (ignored on a host that waits for nothing): the
   * host's start, and on a host that signs the player in at start the second chunk (`appChunk`)
   * and that sign-in, at most APP_CHUNK_WAIT_MS.
   */
  gate(hostReady: () => Promise<void>, appChunk: () => Promise<unknown>): void;
  /** The host's API for the host call hook (installed at once, its calls waiting for this). */
  hostApi(api: Promise<HostCallApi | null>): void;
}

/**
 * The game's host element: fixed, full screen under the loading screen, outside React's root (so
 * the game starts before React exists, and no render can ever touch it). Placed before #root.
 */
export function createGameHost(doc: Document): HTMLElement {
  const existing = doc.getElementById(GAME_HOST_ID);
  if (existing) return existing;
  const host = doc.createElement('div');
  host.id = GAME_HOST_ID;
  host.className = 'game-host';
  host.dataset.testid = 'game-host';
  host.dataset.visible = 'false';
  const root = doc.getElementById('root');
  if (root?.parentNode) root.parentNode.insertBefore(host, root);
  else doc.body.appendChild(host);
  return host;
}

/** How long the game's download waits at most for the second chunk and the sign-in at start. */
export const APP_CHUNK_WAIT_MS = 3_000;

/**
 * What the game's download waits for besides the host's SDK: on a host that signs the player in
 * at start, the second chunk and that sign-in, at most `waitMs`; on any other, nothing (and the
 * second chunk is not asked for here: the shell loads it after the first paint).
 */
export function signInGate(signInAtStart: boolean, appChunk: (() => Promise<unknown>) | undefined, settled: () => Promise<void> = signInAtStartSettled, waitMs = APP_CHUNK_WAIT_MS): () => Promise<void> {
  if (!signInAtStart || !appChunk) return () => Promise.resolve();
  return () => Promise.race([
    Promise.all([appChunk(), settled()]).then(() => undefined, () => undefined),
    new Promise<void>((resolve) => { setTimeout(resolve, waitMs); }),
  ]);
}

/** Starts the game; `early` is the page's early relay when start-up installed it before the
 * first paint (what the page heard since is kept), else it is installed here. */
export function startGame(win: Window = window, early: EarlyHooks = installEarlyHooks(win)): GameStart {
  const options = readGameOptions(activity.game, win.location.href);
  // Before the build's loader runs, so every AudioContext it makes is tracked.
  const pageAudio = installPageAudio(win);
  const detected = detectHostOf(pageContext(win), activity);
  // Every request from here on names the page's host: the feature policy our server applies.
  setRequestHost(detected.kind);
  let giveApi: (api: Promise<HostCallApi | null>) => void = () => undefined;
  installHostCall(win, new Promise<Promise<HostCallApi | null>>((resolve) => { giveApi = resolve; }).then((api) => api));

  // The portal's download waits for its SDK (startWaitMs), a host that signs the player in at
  // start for that sign-in; each bounded (gate, below). The web's waits for nothing.
  const gated = detected.startWaitMs > 0 || detected.signInAtStart;
  let giveGate: (wait: () => Promise<void>) => void = () => undefined;
  const gateGiven = new Promise<() => Promise<void>>((resolve) => { giveGate = resolve; });
  const controller = createGameController({
    files: GAME_BUILD_FILES, loader: options.loader, win,
    beforeStart: gated ? () => gateGiven.then((wait) => wait()) : undefined,
  });
  controller.preload();
  // Where the download waits for nothing, the code comes beside the loader, not after it.
  if (!gated) preloadGameCode([GAME_BUILD_FILES.frameworkUrl, GAME_BUILD_FILES.codeUrl], win.document);
  // The game's loader or build that did not load (the controller shows it and offers a retry):
  // reported to the error tracker when there is one (src/reporting/errorReporting.ts).
  let lastStatus = controller.getState().status;
  controller.subscribe(() => {
    const { status, error } = controller.getState();
    if (status === 'error' && lastStatus !== 'error') reportFailure(new GameLoadError(error ?? 'The game failed to load'), 'game-load');
    lastStatus = status;
  });
  // The canvas and createUnityInstance now; input waits for the loading screen to hide (data-visible).
  const gameHost = createGameHost(win.document);
  controller.mount(gameHost);

  return {
    win, detected, options, controller, pageAudio, gameHost, early, gated,
    gate: (hostReady, appChunk) => {
      const signedIn = signInGate(detected.signInAtStart, appChunk);
      giveGate(() => Promise.all([hostReady(), signedIn()]).then(() => undefined));
    },
    hostApi: (api) => { giveApi(api); },
  };
}
