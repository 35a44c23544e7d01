// Everything the first screen needs, in plain DOM before React: the game (its canvas, in a fixed
// host outside React's root, and createUnityInstance as soon as the loader is in), the loading
// screen's clock, the window hooks, the overlay manager's state and the host. No React, no
// Mantine, no zod, no query client here: React renders after the game's first frame (src/main.ts),
// the rest arrives with the second chunk (App.tsx).
import { createActor } from 'xstate';
import activity from '../../activity.config.json';
import { SHELL_TO_GAME } from '../../contract/gameConstants';
import type { OverlayKey } from '../../contract/game';
import { detectHostOf, pageContext } from '../../hosts/detect';
import type { HostKind } from '../../hosts/list';
import type { HostAdapter } from '../../hosts/types';
import { loadingMachine, loadingPhase } from '../../machines/loading';
import type { LoadingActor } from '../features/loading/types';
import { GAME_BUILD_FILES } from '../../contract/gameConstants';
import { createCompletion } from '../game-link/completion';
import { createGameController, type GameController } from '../game-link/controller';
import { readGameOptions } from '../game-link/gameConfig';
import { installEarlyHooks, type EarlyHooks } from '../game-link/earlyHooks';
import { startHost } from '../game-link/hostWiring';
import { createGameLink, type ShellGameLink } from '../game-link/link';
import { installPageAudio, type PageAudio } from '../game-link/pageAudio';
import { createOverlayStore, type OverlayStore } from '../overlays/store';
import { probeLocalStorage } from '../lib/localStorageProbe';
import { startSessionCheck } from '../api/earlySession';
import { signInAtStartSettled } from '../lib/startupSignIn';
import { t } from '../i18n';

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

/** How long the game's download waits at most for the second chunk and the sign-in at start. */
export const APP_CHUNK_WAIT_MS = 3_000;

export interface BootOptions {
  /** Loads the second chunk (App.tsx): on a host that signs the player in at start, the game's download waits for it and for that sign-in, at most APP_CHUNK_WAIT_MS. */
  appChunk?: () => Promise<unknown>;
}

/**
 * What the game's download waits for besides the host's SDK: on a host that signs the player in
 * at start, the second chunk and that sign-in, at most `waitMs`; on any other, nothing (and the
 * second chunk is not asked for here: the first screen loads it after its first paint).
 */
export function signInGate(signInAtStart: boolean, appChunk: (() => Promise<unknown>) | undefined, settled: () => Promise<void> = signInAtStartSettled, waitMs = APP_CHUNK_WAIT_MS): () => Promise<void> {
  if (!signInAtStart || !appChunk) return () => Promise.resolve();
  return () => Promise.race([
    Promise.all([appChunk(), settled()]).then(() => undefined, () => undefined),
    new Promise<void>((resolve) => { setTimeout(resolve, waitMs); }),
  ]);
}

export const GAME_HOST_ID = 'game-host';

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

export function bootShell(win: Window = window, options: BootOptions = {}): ShellBoot {
  const gameOptions = readGameOptions(activity.game, win.location.href);
  // The session check first: it must not queue behind the game's download (issue 23 item 5).
  startSessionCheck();
  // Before the build's loader runs, so every AudioContext it makes is tracked.
  const pageAudio = installPageAudio(win);
  const detected = detectHostOf(pageContext(win), activity);
  const hostKind = detected.kind;
  // Where the game's start waits for nothing of the host (the web), the host's adapter and API
  // load after the game's first frame (startHost's `after`, below).
  const hostAfterGame = detected.startWaitMs <= 0 && !detected.signInAtStart;
  let gameIsIn: () => void = () => undefined;
  const gameSettled = new Promise<void>((resolve) => { gameIsIn = resolve; });
  const host = hostAfterGame ? gameSettled.then(() => detected.load()) : detected.load();
  let hostGate: Promise<void> = Promise.resolve();
  // The game's download begins once the host is ready (the portal: its SDK heard loadingStart)
  // and, on a host that signs the player in at start (the portal, the Activity), once that
  // sign-in has settled (the second chunk in, the session checked, the host's sign-in done or not
  // due), so neither is starved by a Unity-sized download; each wait is bounded (startWaitMs,
  // APP_CHUNK_WAIT_MS), and the game starts anyway. A host that signs no one in at start (the
  // web) holds nothing: its session check is already on its way (above), and React and the
  // second chunk follow the game's first frame (src/main.ts, Shell.tsx) instead of going before
  // the game (issue 27 item 1: the second chunk held the demo game's first frame up to 3 s).
  const appGate = signInGate(detected.signInAtStart, options.appChunk);
  const controller = createGameController({
    files: GAME_BUILD_FILES, loader: gameOptions.loader, win, beforeStart: () => Promise.all([hostGate, appGate()]).then(() => undefined),
  });
  controller.preload();
  const link = createGameLink(controller);

  const loading = createActor(loadingMachine, { input: { now: () => win.performance.now() } }).start();
  const completion = createCompletion({ config: gameOptions.completion, complete: () => loading.send({ type: 'COMPLETE' }) });
  let heardEarly: () => void = () => undefined;
  const gameAsked = new Promise<void>((resolve) => { heardEarly = resolve; });
  const early = installEarlyHooks(win, () => completion.hookCalled(), () => link.receiverReady(), () => heardEarly());

  // Whether the game's own saves (its localStorage, Unity's PlayerPrefs) survive a reload here:
  // told once the game is up (held until its receiver announced itself, like every message).
  const persistent = probeLocalStorage(win) !== null;
  let lastStatus = controller.getState().status;
  controller.subscribe(() => {
    const { status, progress, error } = controller.getState();
    if (status === 'loading') loading.send({ type: 'PROGRESS', fraction: progress });
    if (status === 'loaded' && lastStatus !== 'loaded') {
      completion.instanceReady();
      link.send(SHELL_TO_GAME.hostEvent, { type: 'storage', persistent });
    }
    if (status === 'error' && lastStatus !== 'error') loading.send({ type: 'FAIL', message: error ?? t('loading.failed') });
    lastStatus = status;
  });

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

  hostGate = startHost(host, { loading, overlays, game: controller, link, audio: pageAudio }, detected.startWaitMs, console, win);
  controller.subscribe(() => {
    const { status } = controller.getState();
    if (status === 'loaded' || status === 'error') gameIsIn();
  });

  // The game's canvas and createUnityInstance now, not after React's first render (issue 27 item
  // 1: the download used to start ~0.8 s after a bare page's). Input waits for data-visible.
  const gameHost = createGameHost(win.document);
  loading.subscribe((snapshot) => {
    const phase = loadingPhase(snapshot);
    gameHost.dataset.visible = String(phase === 'hiding' || phase === 'hidden');
  });
  controller.mount(gameHost);

  return {
    game: controller, gameHost, gameSettled, gameAsked, signInAtStart: detected.signInAtStart, link, pageAudio, loading, overlays, early, hostKind, host,
    retry() {
      completion.reset();
      controller.retry();
      loading.send({ type: 'RETRY' });
    },
  };
}
