// Loaded only with ?shellTestHooks=1, for the end-to-end tests: a probe overlay they can
// register or take away, typed access to sendToGame, and the
// overlay manager's state. Nothing here is reachable without the query parameter.
import { GAME_OBJECT, MODAL_NAMES, OVERLAY_NAMES, encodeGameArgument, type OverlayKey, type ShellToGameMethod, type ShellToGamePayloads } from '../../contract/game';
import type { OverlayState } from '../overlays/store';
import type { OverlayProps } from '../overlays/types';
import type { ShellBoot } from './shellTypes';
import { registerOverlay } from './overlay-registry/registry';

function ProbeOverlay({ onClose }: OverlayProps<OverlayKey>) {
  return (
    <div data-testid="probe-overlay" role="dialog" aria-label="Probe overlay"
      style={{ position: 'fixed', inset: '15% 20%', zIndex: 200, display: 'grid', placeItems: 'center', background: 'rgba(10,12,30,0.92)', color: '#fff', borderRadius: 12 }}>
      <button type="button" onClick={onClose} style={{ font: 'inherit', padding: '8px 16px' }}>Close probe</button>
    </div>
  );
}

export interface ShellTestHooks {
  registerProbeOverlay(key: OverlayKey): void;
  /** Takes an overlay away, to see how the game link treats a trigger with nothing registered. */
  unregisterOverlay(key: OverlayKey): void;
  sendToGame<M extends ShellToGameMethod>(method: M, payload?: ShellToGamePayloads[M]): void;
  overlays(): OverlayState;
  closeOverlay(): void;
}

export function installTestHooks(shell: ShellBoot): () => void {
  const removals: Array<() => void> = [];
  const hooks: ShellTestHooks = {
    registerProbeOverlay(key) {
      const known: readonly string[] = [...OVERLAY_NAMES, ...MODAL_NAMES];
      if (!known.includes(key)) throw new Error(`unknown overlay ${key}`);
      removals.push(registerOverlay(key, ProbeOverlay));
    },
    unregisterOverlay(key) {
      removals.push(registerOverlay(key, undefined));
    },
    sendToGame(method, payload) {
      shell.game.sendMessage(GAME_OBJECT, method, encodeGameArgument(payload));
    },
    overlays: () => shell.overlays.getState(),
    closeOverlay: () => shell.overlays.close(),
  };
  (window as unknown as { __shellTest?: ShellTestHooks }).__shellTest = hooks;
  return () => {
    delete (window as unknown as { __shellTest?: ShellTestHooks }).__shellTest;
    for (const remove of removals) remove();
  };
}
