// Escape, decided in one place: one keydown listener, in the capture phase on the window, gives
// each Escape to the topmost layer and to nobody else (the game, which listens on the window,
// never sees it while the shell has something open). Layers, topmost first:
//   1. a dropdown open under the focus (a Select's list, a menu): its widget closes it itself;
//   2. a key capture (a key binding waiting for its key): the capturing control gets the key;
//   3. a dialog (a modal, a confirmation inside an overlay): its onEscape runs (a busy dialog's
//      does nothing: while a request is in flight Escape closes nothing);
//   4. the overlay manager: its topmost overlay or modal closes.
// Among layers of one kind the latest registered is on top.
import type { OverlayState } from './store';

export type EscapeLayerKind = 'capture' | 'dialog';

interface Layer { kind: EscapeLayerKind; onEscape?: () => void; order: number }

export interface EscapeDecider {
  /** Registers a layer; returns its removal. A capture layer has no onEscape: its control takes the key. */
  push(kind: EscapeLayerKind, onEscape?: () => void): () => void;
  /** Starts listening on the window; returns the stop. */
  install(): () => void;
}

export interface EscapeDeciderOptions {
  win: Window;
  overlays: { getState(): OverlayState; close(): void };
}

const RANK: Record<EscapeLayerKind, number> = { capture: 2, dialog: 1 };

/**
 * A dropdown open under the focus: a combobox or popup button with its list open (Mantine's
 * Select and Autocomplete inputs), or the focus inside a menu or a list box. An expanded
 * accordion or drawer button is not a dropdown: Escape there closes the overlay as usual.
 */
function inOpenDropdown(target: EventTarget | null): boolean {
  const element = target as Element | null;
  if (!element || typeof element.closest !== 'function') return false;
  const openPopup = element.getAttribute('aria-expanded') === 'true'
    && (element.getAttribute('role') === 'combobox' || element.hasAttribute('aria-haspopup'));
  return openPopup || element.closest('[role="menu"], [role="listbox"]') !== null;
}

export function createEscapeDecider({ win, overlays }: EscapeDeciderOptions): EscapeDecider {
  const layers: Layer[] = [];
  let order = 0;
  const topLayer = () => layers.reduce<Layer | null>((top, layer) =>
    !top || RANK[layer.kind] > RANK[top.kind] || (RANK[layer.kind] === RANK[top.kind] && layer.order > top.order) ? layer : top, null);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.isComposing) return;
    const { overlay, modal } = overlays.getState();
    const layer = topLayer();
    if (inOpenDropdown(event.target)) {
      // The widget closes its own dropdown; nothing under it closes, and the game ignores a handled key.
      if (layer || overlay || modal) event.preventDefault();
      return;
    }
    if (layer) {
      event.preventDefault();
      if (layer.kind === 'capture') return; // the capturing control reads the key itself
      event.stopPropagation();
      layer.onEscape?.();
      return;
    }
    if (modal || overlay) {
      event.preventDefault();
      event.stopPropagation();
      overlays.close();
    }
  };

  return {
    push(kind, onEscape) {
      const layer: Layer = { kind, onEscape, order: ++order };
      layers.push(layer);
      return () => { const at = layers.indexOf(layer); if (at >= 0) layers.splice(at, 1); };
    },
    install() {
      win.addEventListener('keydown', onKeyDown, true);
      return () => win.removeEventListener('keydown', onKeyDown, true);
    },
  };
}
