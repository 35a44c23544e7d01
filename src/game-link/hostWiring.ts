// Tells the host adapter about loading and play, and the game about the host's mute setting
// (OnAudioMuted, for a build with our receiver; and the page's own audio, pageAudio.ts, so a
// build without it is muted too).
// Loading runs until the loading screen hides (not when the game says it is complete: the bar
// still runs to 100 % for 300 ms); gameplay is "on" from then while no overlay is open; window
// blur does not count (the portal tracks focus itself). On a host whose definition asks for it
// (startWaitMs: the portal's) the game's download waits a bounded time for the SDK, so
// loadingStart reaches it before the download begins.
import { SHELL_TO_GAME } from '../../contract/gameConstants';
import { loadingPhase, type loadingMachine } from '../../machines/loading';
import type { HostAdapter } from '../../hosts/types';
import type { ActorRefFrom } from 'xstate';
import type { GameController } from './controller';
import type { GameLink } from './link';
import type { PageAudio } from './pageAudio';
import type { OverlayStore } from '../overlays/store';

export interface HostWiringDeps {
  loading: ActorRefFrom<typeof loadingMachine>;
  overlays: OverlayStore;
  game: GameController;
  link: Pick<GameLink, 'send'>;
  /** The page's audio: muted for the reason 'host' while the host's mute is on. */
  audio?: Pick<PageAudio, 'mute' | 'unmute'>;
}

export function wireHost(adapter: HostAdapter, deps: HostWiringDeps): () => void {
  const sync = () => {
    const phase = loadingPhase(deps.loading.getSnapshot());
    if (phase === 'failed') return;
    if (phase === 'loading' || phase === 'completing') { adapter.loadingStart(); return; }
    adapter.loadingStart(); // a no-op unless the adapter arrived after loading finished
    adapter.loadingStop();
    if (deps.overlays.isAnyOpen()) adapter.gameplayStop();
    else adapter.gameplayStart();
  };

  let muted: boolean | null = null;
  const sendMute = () => {
    if (muted !== null && deps.game.getState().status === 'loaded') deps.link.send(SHELL_TO_GAME.audioMuted, muted);
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
    {
      unsubscribe: adapter.onMuteChange((value) => {
        muted = value;
        if (value) deps.audio?.mute('host'); else deps.audio?.unmute('host');
        sendMute();
      }),
    },
  ];
  sync();
  return () => { for (const s of subscriptions) s.unsubscribe(); };
}

/**
 * Wires the adapter once it has loaded and starts it. Resolves (never rejects) when the game's
 * download may begin: at once on hosts that need nothing first, on the portal when the SDK has
 * started (and so has heard loadingStart) or after `waitMs` (the host's startWaitMs), whichever is first.
 */
export function startHost(host: Promise<HostAdapter>, deps: HostWiringDeps, waitMs: number, log: Pick<Console, 'warn'> = console): Promise<void> {
  const started = host.then((adapter) => {
    wireHost(adapter, deps);
    return adapter.start();
  }).catch((error: unknown) => { log.warn('The host adapter failed to load:', error); });
  if (waitMs <= 0) return Promise.resolve();
  return Promise.race([started, new Promise<void>((resolve) => { setTimeout(resolve, waitMs); })]);
}
