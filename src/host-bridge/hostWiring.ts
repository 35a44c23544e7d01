// Tells the host adapter about loading and play, and the game about the host's mute setting
// (OnAudioMuted, for a build with our receiver; and the page's own audio, pageAudio.ts, so a
// build without it is muted too).
// Loading runs until the loading screen hides (not when the game says it is complete: the bar
// still runs to 100 % for 300 ms); gameplay is "on" from then while no overlay is open, no ad
// plays and the game says it plays (the host API's `gameplay` call: its menu, a round's end and a
// death screen stop it, a level it loads is a loading); machines/gameplay.ts combines them and
// names the calls, each told once. Window blur does not count (the portal tracks focus itself). On a host whose definition asks for it
// (startWaitMs: the portal's) the game's download waits a bounded time for the SDK, so
// loadingStart reaches it before the download begins. The host API (hostApi.ts, loaded lazily:
// it carries zod) answers the window hook put up at the game's start (hostCall.ts): calls made
// before it loaded wait for it, bounded like every call. During an ad gameplay is off and the game muted, as for an overlay.
import { SHELL_TO_GAME } from '../../contract/gameConstants';
import { loadingPhase, type loadingMachine } from '../../machines/loading';
import { lifecycleCalls, lifecycleOf, type GameplayInputs, type HostLifecycle } from '../../machines/gameplay';
import type { GameplayState } from '../../contract/hostApi';
import type { HostAdapter } from '../../hosts/types';
import type { ActorRefFrom } from 'xstate';
import { installHostCall, type HostCallApi } from './hostCall';
import type { GameLink } from '../game-link/link';
import type { PageAudio } from './pageAudio';
import type { OverlayStore } from '../overlays/store';

export interface HostWiringDeps {
  loading: ActorRefFrom<typeof loadingMachine>;
  overlays: OverlayStore;
  /** The game's mute reaches it through the link, which keeps it for every instance of the game. */
  link: Pick<GameLink, 'send'>;
  /** The page's audio (pageAudio.ts): muted for the reason 'host' while the host's mute is on,
   * and for the reason 'ad' while an ad plays; each reason lifted on its own. */
  audio?: Pick<PageAudio, 'mute' | 'unmute'>;
  /** Or a plain switch (tests): called with the host's mute setting, or true while an ad plays,
   * at every change. */
  mutePage?: (muted: boolean) => void;
}

/** What the host API needs from the wiring (createHostApi's deps, src/host-bridge/hostApi.ts). */
export interface HostApiWiring {
  playing: () => boolean;
  onAdChange: (running: boolean) => void;
  /** The game said what it is doing (the `gameplay` call): the host hears the combined change. */
  onGameplayChange: () => void;
}
/** Makes the host API for this adapter (hostApi.ts, loaded lazily by startHost). */
export type HostApiFactory = (adapter: HostAdapter, wiring: HostApiWiring) => {
  adRunning(): boolean; gameplay(): GameplayState; shellStateChanged(): void; dispose(): void;
};

export function wireHost(adapter: HostAdapter, deps: HostWiringDeps, api?: HostApiFactory): () => void {
  let hostApi: ReturnType<HostApiFactory> | null = null;
  const inputs = (): GameplayInputs => {
    const phase = loadingPhase(deps.loading.getSnapshot());
    return {
      shell: phase === 'failed' ? 'failed' : phase === 'loading' || phase === 'completing' ? 'loading' : 'ready',
      overlayOpen: deps.overlays.isAnyOpen(),
      adRunning: Boolean(hostApi?.adRunning()),
      game: hostApi?.gameplay() ?? 'play',
    };
  };
  // The shell's own play (the default presence's "Playing"): the ad is the host API's to add.
  const inPlay = () => lifecycleOf({ ...inputs(), adRunning: false })?.playing === true;
  let told: HostLifecycle | null = null;
  const sync = () => {
    hostApi?.shellStateChanged();
    const next = lifecycleOf(inputs());
    for (const call of lifecycleCalls(told, next)) adapter[call]();
    if (next) told = next;
  };

  let muted: boolean | null = null;
  let pageMuted: boolean | null = null;
  /** What the game was last told (null: nothing yet, its own default: sound on). */
  let gameMuted: boolean | null = null;
  const sendMute = () => {
    const effective = Boolean(hostApi?.adRunning()) || muted === true;
    if (deps.mutePage && (muted !== null || effective) && effective !== pageMuted) { pageMuted = effective; deps.mutePage(effective); }
    if (hostApi?.adRunning()) deps.audio?.mute('ad'); else deps.audio?.unmute('ad');
    // During an ad the game is muted whatever the host's setting; after it, the setting again
    // (sound on where the host has none, once the game was muted for the ad).
    if (muted === null && gameMuted === null && !effective) return;
    if (effective === gameMuted) return;
    gameMuted = effective;
    deps.link.send(SHELL_TO_GAME.audioMuted, effective);
  };

  const subscriptions = [
    deps.loading.subscribe(sync),
    { unsubscribe: deps.overlays.subscribe(sync) },
    {
      unsubscribe: adapter.onMuteChange((value) => {
        muted = value;
        if (value) deps.audio?.mute('host'); else deps.audio?.unmute('host');
        sendMute();
      }),
    },
  ];
  if (api) {
    hostApi = api(adapter, { playing: inPlay, onAdChange: () => { sync(); sendMute(); }, onGameplayChange: sync });
    subscriptions.push({ unsubscribe: () => hostApi?.dispose() });
  }
  sync();
  return () => { for (const s of subscriptions) s.unsubscribe(); };
}

/**
 * Wires the adapter once it has loaded and starts it. Resolves (never rejects) when the game's
 * download may begin: at once on hosts that need nothing first, on the portal when the SDK has
 * started (and so has heard loadingStart) or after `waitMs` (the host's startWaitMs), whichever is first.
 */
export function startHost(
  host: Promise<HostAdapter>, deps: HostWiringDeps, waitMs: number, log: Pick<Console, 'warn'> = console, win?: Window,
  giveApi: (api: Promise<HostCallApi | null>) => void = (api) => { if (win) installHostCall(win, api); },
): Promise<void> {
  let resolveApi: (api: HostCallApi | null) => void = () => undefined;
  const api = new Promise<HostCallApi | null>((resolve) => { resolveApi = resolve; });
  if (win) giveApi(api);
  const started = host.then(async (adapter) => {
    if (win) {
      const { createHostApi } = await import('./hostApi');
      let made: ReturnType<typeof createHostApi> | null = null;
      wireHost(adapter, deps, (a, wiring) => {
        made = createHostApi({ adapter: a, link: deps.link, ...wiring });
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
