// Everything the first screen needs around the game, in plain DOM before React: the game itself
// has started already, from the page's first chunk (gameStart.ts: its canvas in a fixed host
// outside React's root, createUnityInstance as soon as the loader is in, the window hooks); here
// come the loading screen's clock, the answers to those hooks, the overlay manager's state and
// the host, with the gate the game waits for where its host has one. No React, no
// Mantine, no zod, no query client here: React renders after the game's first frame (src/main.ts),
// the rest arrives with the second chunk (App.tsx).
import { createActor } from 'xstate';
import { SHELL_TO_GAME } from '../../contract/gameConstants';
import type { OverlayKey } from '../../contract/game';
import type { HostKind } from '../../hosts/list';
import type { HostAdapter } from '../../hosts/types';
import { loadingMachine, loadingPhase } from '../../machines/loading';
import type { LoadingActor } from '../features/loading/types';
import { afterNextFrame, createCompletion } from '../game-link/completion';
import type { GameController, GameStatus } from '../game-link/controller';
import type { EarlyHooks } from '../game-link/earlyHooks';
import { startHost } from '../host-bridge/hostWiring';
import { createGameLink, type ShellGameLink } from '../game-link/link';
import type { PageAudio } from '../host-bridge/pageAudio';
import { createOverlayStore, type OverlayStore } from '../overlays/store';
import { probeLocalStorage } from '../settings-store/localStorageProbe';
import { signInAtStartSettled } from '../lib/startupSignIn';
import { t } from '../i18n';
import { startGame, type GameStart } from './gameStart';

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
  /** The game as src/main.ts started it (gameStart.ts), before this chunk was in; started here otherwise. */
  game?: GameStart;
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

export function bootShell(win: Window = window, options: BootOptions = {}): ShellBoot {
  // The game has started already (src/main.ts, in its own chunk): its canvas, its loader, the
  // session check, the page's audio and the early hooks (gameStart.ts). What follows answers it.
  const started = options.game ?? startGame(win);
  const { detected, controller, pageAudio, gameHost, early } = started;
  const gameOptions = started.options;
  const hostKind = detected.kind;
  // Where the game's start waits for nothing of the host (the web), the host's adapter and API
  // load after the game's first frame (startHost's `after`, below).
  const hostAfterGame = !started.gated;
  let gameIsIn: () => void = () => undefined;
  const gameSettled = new Promise<void>((resolve) => { gameIsIn = resolve; });
  const host = hostAfterGame ? gameSettled.then(() => detected.load()) : detected.load();
  let hostGate: Promise<void> = Promise.resolve();
  // The game's download begins once the host is ready (the portal: its SDK heard loadingStart)
  // and, on a host that signs the player in at start (the portal, the Activity), once that
  // sign-in has settled (the second chunk in, the session checked, the host's sign-in done or not
  // due), so neither is starved by a Unity-sized download; each wait is bounded (startWaitMs,
  // APP_CHUNK_WAIT_MS), and the game starts anyway. A host that signs no one in at start (the
  // web) holds nothing (gameStart.ts started it without a gate): its session check is already on
  // its way, and React and the second chunk follow the game's first frame (src/main.ts,
  // Shell.tsx) instead of going before the game (the second chunk held the demo
  // game's first frame up to 3 s).
  const appGate = signInGate(detected.signInAtStart, options.appChunk);
  started.gate(() => Promise.all([hostGate, appGate()]).then(() => undefined));
  const link = createGameLink(controller);

  const loading = createActor(loadingMachine, { input: { now: () => win.performance.now() } }).start();
  // The build announces our receiver before its first frame (WebBridge's Awake): one that has not
  // by then has no jslib of ours and will never call the hook, so its first frame completes.
  const completion = createCompletion({ config: gameOptions.completion, complete: () => loading.send({ type: 'COMPLETE' }), receiverAnnounced: () => link.isReceiverReady(), afterFirstFrame: afterNextFrame(win) });
  let heardEarly: () => void = () => undefined;
  const gameAsked = new Promise<void>((resolve) => { heardEarly = resolve; });
  // What the game said before this chunk was in is replayed now (each once).
  started.answer({ loadingComplete: () => completion.hookCalled(), receiverReady: () => link.receiverReady(), queued: () => heardEarly() });

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
