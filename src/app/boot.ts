// Everything the first screen needs, started before React renders: the game loader download,
// the loading screen's clock, the window hooks, the overlay manager's state and the host.
// No Mantine, no zod, no query client here: those arrive with the second chunk (App.tsx).
import { createActor } from 'xstate';
import activity from '../../activity.config.json';
import { SHELL_TO_GAME } from '../../contract/gameConstants';
import type { OverlayKey } from '../../contract/game';
import { detectHostOf, pageContext } from '../../hosts/detect';
import type { HostKind } from '../../hosts/list';
import type { HostAdapter } from '../../hosts/types';
import { loadingMachine } from '../../machines/loading';
import type { LoadingActor } from '../features/loading/types';
import { GAME_BUILD_FILES } from '../../contract/gameConstants';
import { createCompletion } from '../game-link/completion';
import { createGameController, type GameController } from '../game-link/controller';
import { readGameOptions } from '../game-link/gameConfig';
import { installEarlyHooks, type EarlyHooks } from '../game-link/earlyHooks';
import { startHost } from '../game-link/hostWiring';
import { createGameLink, type GameLink } from '../game-link/link';
import { createOverlayStore, type OverlayStore } from '../overlays/store';
import { t } from '../i18n';

export interface ShellBoot {
  game: GameController;
  /** The one typed way to tell the game something (injected: context for components, parameter elsewhere). */
  link: GameLink;
  loading: LoadingActor;
  overlays: OverlayStore;
  early: EarlyHooks;
  hostKind: HostKind;
  host: Promise<HostAdapter>;
  /** The error screen's Retry: a fresh canvas and a fresh loading screen. */
  retry(): void;
}

export function bootShell(win: Window = window): ShellBoot {
  const gameOptions = readGameOptions(activity.game, win.location.href);
  const detected = detectHostOf(pageContext(win), activity);
  const hostKind = detected.kind;
  const host = detected.load();
  let hostGate: Promise<void> = Promise.resolve();
  const controller = createGameController({ files: GAME_BUILD_FILES, loader: gameOptions.loader, win, beforeStart: () => hostGate });
  controller.preload();
  const link = createGameLink(controller);

  const loading = createActor(loadingMachine, { input: { now: () => win.performance.now() } }).start();
  const completion = createCompletion({ config: gameOptions.completion, complete: () => loading.send({ type: 'COMPLETE' }) });
  const early = installEarlyHooks(win, () => completion.hookCalled());

  let lastStatus = controller.getState().status;
  controller.subscribe(() => {
    const { status, progress, error } = controller.getState();
    if (status === 'loading') loading.send({ type: 'PROGRESS', fraction: progress });
    if (status === 'loaded' && lastStatus !== 'loaded') completion.instanceReady();
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

  hostGate = startHost(host, { loading, overlays, game: controller, link }, detected.startWaitMs);

  return {
    game: controller, link, loading, overlays, early, hostKind, host,
    retry() {
      completion.reset();
      controller.retry();
      loading.send({ type: 'RETRY' });
    },
  };
}
