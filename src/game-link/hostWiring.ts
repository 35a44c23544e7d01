// Tells the host adapter about loading and play, and the game about the host's mute setting.
// Loading runs until the loading screen hides (not when the game says it is complete: the bar
// still runs to 100 % for 300 ms); gameplay is "on" from then while no overlay is open; window
// blur does not count (the portal tracks focus itself). On a host whose definition asks for it
// (startWaitMs: the portal's) the game's download waits a bounded time for the SDK, so
// loadingStart reaches it before the download begins. The host API (hostApi.ts, loaded lazily:
// it carries zod) gets its window hook here at once: calls made before it loaded wait for it,
// bounded like every call. During an ad gameplay is off and the game muted, as for an overlay.
import { GAME_HOOKS, SHELL_TO_GAME } from '../../contract/gameConstants';
import { HOST_CALLS, HOST_CALL_TIMEOUT_MS, type HostAnswer } from '../../contract/hostApi';
import { loadingPhase, type loadingMachine } from '../../machines/loading';
import type { HostAdapter } from '../../hosts/types';
import type { ActorRefFrom } from 'xstate';
import type { GameController } from './controller';
import type { GameLink } from './link';
import type { OverlayStore } from '../overlays/store';

export interface HostWiringDeps {
  loading: ActorRefFrom<typeof loadingMachine>;
  overlays: OverlayStore;
  game: GameController;
  link: Pick<GameLink, 'send'>;
  /** Mutes the page's own audio (every context and media element): called with the host's mute
   * setting, or true while an ad plays, at every change. */
  mutePage?: (muted: boolean) => void;
}

/** What the host API needs from the wiring (createHostApi's deps, src/game-link/hostApi.ts). */
export interface HostApiWiring {
  playing: () => boolean;
  onAdChange: (running: boolean) => void;
}
/** Makes the host API for this adapter (hostApi.ts, loaded lazily by startHost). */
export type HostApiFactory = (adapter: HostAdapter, wiring: HostApiWiring) => { adRunning(): boolean; shellStateChanged(): void; dispose(): void };

export function wireHost(adapter: HostAdapter, deps: HostWiringDeps, api?: HostApiFactory): () => void {
  let hostApi: ReturnType<HostApiFactory> | null = null;
  const inPlay = () => {
    const phase = loadingPhase(deps.loading.getSnapshot());
    return phase !== 'failed' && phase !== 'loading' && phase !== 'completing' && !deps.overlays.isAnyOpen();
  };
  const sync = () => {
    const phase = loadingPhase(deps.loading.getSnapshot());
    hostApi?.shellStateChanged();
    if (phase === 'failed') return;
    if (phase === 'loading' || phase === 'completing') { adapter.loadingStart(); return; }
    adapter.loadingStart(); // a no-op unless the adapter arrived after loading finished
    adapter.loadingStop();
    if (deps.overlays.isAnyOpen() || hostApi?.adRunning()) adapter.gameplayStop();
    else adapter.gameplayStart();
  };

  let muted: boolean | null = null;
  let pageMuted: boolean | null = null;
  const sendMute = () => {
    const effective = Boolean(hostApi?.adRunning()) || muted === true;
    if (deps.mutePage && (muted !== null || effective) && effective !== pageMuted) { pageMuted = effective; deps.mutePage(effective); }
    if (deps.game.getState().status !== 'loaded') return;
    // During an ad the game is muted whatever the host's setting; after it, the setting again.
    if (hostApi?.adRunning()) deps.link.send(SHELL_TO_GAME.audioMuted, true);
    else if (muted !== null) deps.link.send(SHELL_TO_GAME.audioMuted, muted);
  };
  let lastStatus = deps.game.getState().status;
  const onGame = () => {
    const status = deps.game.getState().status;
    if (status === 'loaded' && lastStatus !== 'loaded') sendMute();
    lastStatus = status;
  };

  const subscriptions = [
    deps.loading.subscribe(sync),
    { unsubscribe: deps.overlays.subscribe(sync) },
    { unsubscribe: deps.game.subscribe(onGame) },
    { unsubscribe: adapter.onMuteChange((value) => { muted = value; sendMute(); }) },
  ];
  if (api) {
    hostApi = api(adapter, { playing: inPlay, onAdChange: () => { sync(); sendMute(); } });
    subscriptions.push({ unsubscribe: () => hostApi?.dispose() });
  }
  sync();
  return () => { for (const s of subscriptions) s.unsubscribe(); };
}

/** The longest a call may wait (its own bound) when the request names no call we know. */
const FALLBACK_WAIT_MS = 5_000;

/**
 * Puts window[GAME_HOOKS.hostCall] up at once; each call waits for the host API (the adapter and
 * hostApi.ts), bounded by the call's own timeout, and never rejects.
 */
export function installHostCall(win: Window, api: Promise<{ call(request: unknown): Promise<HostAnswer> } | null>): void {
  (win as unknown as Record<string, unknown>)[GAME_HOOKS.hostCall] = (request: unknown): Promise<HostAnswer> => {
    const name = typeof request === 'object' && request !== null ? (request as { call?: unknown }).call : undefined;
    const known = (HOST_CALLS as readonly unknown[]).includes(name) ? name as keyof typeof HOST_CALL_TIMEOUT_MS : null;
    const ms = known ? HOST_CALL_TIMEOUT_MS[known] : FALLBACK_WAIT_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<HostAnswer>((resolve) => {
      timer = setTimeout(() => resolve({ status: 'unavailable', reason: `${known ?? 'the call'}: the host did not answer within ${ms} ms` }), ms);
    });
    const answer = api.then(
      (ready) => ready ? ready.call(request) : { status: 'unavailable' as const, reason: 'the host failed to start' },
      () => ({ status: 'unavailable' as const, reason: 'the host failed to start' }),
    );
    return Promise.race([answer, late]).finally(() => clearTimeout(timer));
  };
}

/**
 * Wires the adapter once it has loaded and starts it. Resolves (never rejects) when the game's
 * download may begin: at once on hosts that need nothing first, on the portal when the SDK has
 * started (and so has heard loadingStart) or after `waitMs` (the host's startWaitMs), whichever is first.
 */
export function startHost(host: Promise<HostAdapter>, deps: HostWiringDeps, waitMs: number, log: Pick<Console, 'warn'> = console, win?: Window): Promise<void> {
  let resolveApi: (api: { call(request: unknown): Promise<HostAnswer> } | null) => void = () => undefined;
  const api = new Promise<{ call(request: unknown): Promise<HostAnswer> } | null>((resolve) => { resolveApi = resolve; });
  if (win) installHostCall(win, api);
  const started = host.then(async (adapter) => {
    if (win) {
      const { createHostApi } = await import('./hostApi');
      let made: ReturnType<typeof createHostApi> | null = null;
      wireHost(adapter, deps, (a, wiring) => {
        made = createHostApi({ adapter: a, link: deps.link, game: deps.game, ...wiring });
        return made;
      });
      resolveApi(made);
    } else {
      wireHost(adapter, deps);
    }
    return adapter.start();
  }).catch((error: unknown) => { log.warn('The host adapter failed to load:', error); resolveApi(null); });
  if (waitMs <= 0) return Promise.resolve();
  return Promise.race([started, new Promise<void>((resolve) => { setTimeout(resolve, waitMs); })]);
}
