// The shell's chunk: the steps of start-up that need xstate, the loading machine or Lingui, each
// called in order by src/app/startup.ts once the game has started (gameStart.ts). All in plain
// DOM: what answers the game (the loading actor, the host, the early hooks' answers: bootShell),
// the player's language, the sign-in at start, and index.html's loading screen kept alive
// (features/loading/domScreen.ts, its one implementation). React and the first screen's
// components are not in this chunk: mountShell.tsx renders them when they are wanted
// (whenReactWanted), and the second chunk (App.tsx, loadApp) follows from there.
import { createActor } from 'xstate';
import { SHELL_TO_GAME } from '../../contract/gameConstants';
import type { OverlayKey } from '../../contract/game';
import { loadingMachine, loadingPhase } from '../../machines/loading';
import { driveLoadingScreen } from '../features/loading/domScreen';
import { afterNextFrame, createCompletion } from '../game-link/completion';
import type { GameState, GameStatus } from '../game-link/controller';
import { createGameLink } from '../game-link/link';
import { startHost } from '../host-bridge/hostWiring';
import { onLanguageChange, startLanguage, whenCatalogComplete } from '../settings-store/language';
import { probeLocalStorage } from '../settings-store/localStorageProbe';
import { createOverlayStore, type OverlayStore } from '../overlays/store';
import { t } from '../i18n';
import type { GameStart } from './gameStart';
import type { ShellBoot } from './shellTypes';

export type { ShellBoot };

// ---- The second chunk (App.tsx: Mantine, the query client, the accounts' start-up sign-in) ----

let app: ReturnType<typeof importApp> | null = null;
const importApp = () => import('./App');

/** The second chunk, imported once: React's first screen renders it, the sign-in gate may wait for it. */
export function loadApp(): ReturnType<typeof importApp> {
  app ??= importApp();
  return app;
}

const mountChunk = () => import('./mountShell');

// ---- Step: what answers the game (the loading actor, the hooks' answers, the overlays, the host) ----

export function bootShell(win: Window, started: GameStart): ShellBoot {
  const { detected, controller, pageAudio, gameHost, early } = started;
  const gameOptions = started.options;
  const hostKind = detected.kind;
  // Where the game's start waits for nothing of the host (the web), the host's adapter and API
  // load after the game's first frame.
  const hostAfterGame = !started.gated;
  let gameIsIn: () => void = () => undefined;
  const gameSettled = new Promise<void>((resolve) => { gameIsIn = resolve; });
  const host = hostAfterGame ? gameSettled.then(() => detected.load()) : detected.load();
  let hostGate: Promise<void> = Promise.resolve();
  // The game's download begins once the host is ready (the portal: its SDK heard loadingStart)
  // and, on a host that signs the player in at start (the portal, the Activity), once that
  // sign-in has settled (the second chunk in, the session checked, the host's sign-in done or not
  // due), each wait bounded (gameStart.ts, signInGate). The web holds nothing: React and the
  // second chunk follow the game's first frame instead of going before it.
  started.gate(() => hostGate, loadApp);
  const link = createGameLink(controller);

  const loading = createActor(loadingMachine, { input: { now: () => win.performance.now() } }).start();
  // The build announces our receiver before its first frame (WebBridge's Awake): one that has not
  // by then has no jslib of ours and will never call the hook, so its first frame completes.
  const completion = createCompletion({ config: gameOptions.completion, complete: () => loading.send({ type: 'COMPLETE' }), receiverAnnounced: () => link.isReceiverReady(), afterFirstFrame: afterNextFrame(win) });
  let heardEarly: () => void = () => undefined;
  const gameAsked = new Promise<void>((resolve) => { heardEarly = resolve; });
  // What the game said before this chunk was in is replayed now (each once).
  early.answer({ loadingComplete: () => completion.hookCalled(), receiverReady: () => link.receiverReady(), queued: () => heardEarly() });

  // Whether the game's own saves (its localStorage, Unity's PlayerPrefs) survive a reload here:
  // a state of the page, which the link hands to every instance of the game once it is ready.
  link.send(SHELL_TO_GAME.hostEvent, { type: 'storage', persistent: probeLocalStorage(win) !== null });
  // From 'idle': the game may have moved on (its progress, even its end) before this chunk was in.
  let lastStatus: GameStatus = 'idle';
  const followGame = () => {
    const { status, progress, error } = controller.getState();
    if (status === 'loading') loading.send({ type: 'PROGRESS', fraction: progress });
    if (status === 'loaded' && lastStatus !== 'loaded') completion.instanceReady();
    if (status === 'error' && lastStatus !== 'error') loading.send({ type: 'FAIL', message: error ?? t('loading.failed') });
    lastStatus = status;
  };
  controller.subscribe(followGame);
  followGame();

  const overlays = createOverlayStore({
    onClosed: (key: OverlayKey) => {
      link.send(SHELL_TO_GAME.overlayClosed, key);
      if (key === 'settings') link.send(SHELL_TO_GAME.settingsClosed);
    },
  });
  let wasOpen = false;
  overlays.subscribe(() => {
    const open = overlays.isAnyOpen();
    controller.setPointerInput(!open);
    if (wasOpen && !open) controller.focusCanvas(); // back to the game
    wasOpen = open;
  });

  hostGate = startHost(host, { loading, overlays, link, audio: pageAudio }, detected.startWaitMs, console, win, started.hostApi);
  const settledYet = () => {
    const { status } = controller.getState();
    if (status === 'loaded' || status === 'error') gameIsIn();
  };
  controller.subscribe(settledYet);
  settledYet();

  // The game's input waits for the loading screen to hide (data-visible).
  loading.subscribe((snapshot) => {
    const phase = loadingPhase(snapshot);
    gameHost.dataset.visible = String(phase === 'hiding' || phase === 'hidden');
  });

  return {
    game: controller, gameHost, gameSettled, gameAsked, signInAtStart: detected.signInAtStart, link, pageAudio, loading, overlays, early, hostKind, host,
    retry() {
      completion.reset();
      controller.retry();
      loading.send({ type: 'RETRY' });
    },
  };
}

// ---- Step: the player's language (only the loading screen's texts of its catalog, under 1 KiB) ----

export { startLanguage };

// ---- Step: the sign-in at start ----

/**
 * On a host that signs the player in at start, what that sign-in needs besides the second chunk
 * (asked for by the gate) is asked for now, as the game waits for it anyway: React's part and
 * the whole catalog (React's first screen waits for it before it renders the second chunk, whose
 * accounts sign the player in). Elsewhere nothing: they follow the game's first frame.
 */
export function prepareSignIn(shell: ShellBoot, language: Promise<void>): void {
  if (!shell.signInAtStart) return;
  void mountChunk().catch(() => undefined);
  void language.then(() => whenCatalogComplete());
}

// ---- Step: the loading screen alive, then React when it is wanted ----

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
  /** The game is in (loaded, or failed: the overlays may be wanted over the error screen). */
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

/**
 * After the loading screen's first paint: index.html's screen kept alive from the loading actor,
 * its words in the player's language once its texts are in (until then the first frame shows
 * none), then React's part when it is wanted. `afterPaint` is the page's one "after the first
 * paint" (src/lib/afterFirstPaint.ts), handed down by startup.ts for React's own first paint.
 */
export function showShell(root: HTMLElement, shell: ShellBoot, language: Promise<void>, afterPaint: (start: () => void) => void): void {
  const screen = driveLoadingScreen(root, shell.loading, () => { shell.retry(); }, window);

  // A lazily loaded chunk failed to load (typically a deploy replaced it). No reload in the middle
  // of a game: the error reaches the lazy component, whose boundary keeps the game running.
  window.addEventListener('vite:preloadError', (event) => {
    console.warn('A part of the shell failed to load:', event.payload);
  });

  // The host's language may arrive later (Discord's user locale, the portal's): the words follow.
  const texts = language.then(() => {
    screen.localize();
    const stop = onLanguageChange(() => { if (!screen.localize()) stop(); });
  });

  void Promise.all([texts, whenReactWanted(shell)])
    .then(mountChunk)
    .then(({ mountShell }) => {
      mountShell(root, shell, { loadApp, afterPaint });
    }, (error: unknown) => {
      // The plain-DOM loading screen goes on and hides when the game completes: the game runs without the overlays.
      console.error('The shell failed to start:', error);
    });
}
