// Tells the host adapter about loading and play, and the game about the host's mute setting.
// Gameplay is "on" once the loading screen is done and no overlay is open; window blur does
// not count (the portal tracks focus itself).
import { SHELL_TO_GAME } from '../../contract/gameConstants';
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
}

export function wireHost(adapter: HostAdapter, deps: HostWiringDeps): () => void {
  const sync = () => {
    const phase = loadingPhase(deps.loading.getSnapshot());
    if (phase === 'failed') return;
    if (phase === 'loading') { adapter.loadingStart(); return; }
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
    { unsubscribe: adapter.onMuteChange((value) => { muted = value; sendMute(); }) },
  ];
  sync();
  return () => { for (const s of subscriptions) s.unsubscribe(); };
}
