// The overlay manager's state: at most one full-screen overlay (settings, release notes, level
// progress, profile) and at most one modal, which may sit on top of it (an auth modal opened
// from settings). A full-screen overlay may also be opened over another one (a profile opened
// from the clan member list in settings): the one below stays mounted, hidden, and is on screen
// again, exactly as it was, when the one above closes. A plain store outside React: the
// canvas' pointer input and the host's gameplay events follow it without re-rendering anything.
import { OVERLAY_NAMES } from '../../contract/gameConstants';
import type { OverlayKey, OverlayName, OverlayPayloads } from '../../contract/overlays';

/** What each overlay is opened with: derived from its record in contract/overlays.ts. */
export type { OverlayPayloads };

export interface OpenOverlay<K extends OverlayKey = OverlayKey> {
  readonly key: K;
  readonly payload: OverlayPayloads[K];
  /** Distinguishes two openings of the same overlay (React key). */
  readonly id: number;
}

export interface OverlayState {
  readonly overlay: OpenOverlay | null;
  readonly modal: OpenOverlay | null;
  /** A full-screen overlay kept open under `overlay` (opened with `over`); back when `overlay` closes. */
  readonly under: OpenOverlay | null;
}

export interface OpenOptions {
  /** Full-screen only: keep the overlay on screen open underneath instead of closing it. */
  over?: boolean;
}

export interface OverlayStore {
  getState(): OverlayState;
  subscribe(listener: () => void): () => void;
  open<K extends OverlayKey>(key: K, payload: OverlayPayloads[K], options?: OpenOptions): void;
  /** Closes `key` if it is open, or the topmost overlay when no key is given (the one underneath, if any, is back). */
  close(key?: OverlayKey): void;
  isAnyOpen(): boolean;
}

export function isFullScreen(key: OverlayKey): key is OverlayName {
  return (OVERLAY_NAMES as readonly string[]).includes(key);
}

export interface OverlayStoreOptions {
  /** Called once per overlay that closes (the game is told which). */
  onClosed?: (key: OverlayKey) => void;
}

/** Two payloads say the same (plain objects of plain values, as contract/overlays.ts defines them). */
function samePayload(a: unknown, b: unknown): boolean {
  const canonical = (value: unknown): string => JSON.stringify(value, (_key, v: unknown) => (
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).filter(([, item]) => item !== undefined).sort(([x], [y]) => (x < y ? -1 : 1)))
      : v));
  return canonical(a) === canonical(b);
}

export function createOverlayStore(options: OverlayStoreOptions = {}): OverlayStore {
  let state: OverlayState = { overlay: null, modal: null, under: null };
  let nextId = 1;
  const listeners = new Set<() => void>();

  const commit = (next: OverlayState, closed: OverlayKey[]) => {
    state = next;
    for (const listener of [...listeners]) listener();
    for (const key of closed) options.onClosed?.(key);
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => { listeners.delete(listener); };
    },
    open(key, payload, options = {}) {
      // Asked again for what is already on screen (the game sends its key twice, or says
      // showSettings('clans') over settings on Clans): nothing changes. Reopening would throw
      // away what the player has open in it (a dialog, a half-typed search) and tell the game the
      // overlay closed.
      if (!options.over && state.overlay?.key === key && samePayload(state.overlay.payload, payload)) return;
      const entry = { key, payload, id: nextId++ } as OpenOverlay;
      const closed: OverlayKey[] = [];
      const { overlay, modal, under } = state;
      if (isFullScreen(key)) {
        if (modal) closed.push(modal.key);
        if (options.over && overlay && overlay.key !== key) {
          // Over the one on screen, which stays open underneath (one level: an older one goes).
          if (under) closed.push(under.key);
          commit({ overlay: entry, modal: null, under: overlay }, closed);
          return;
        }
        // A new full-screen overlay replaces the old one (the same key opened over: only that
        // one) and whatever modal sat on it.
        if (overlay) closed.push(overlay.key);
        const keepUnder = options.over && overlay?.key === key ? under : null;
        if (under && !keepUnder) closed.push(under.key);
        commit({ overlay: entry, modal: null, under: keepUnder }, closed);
      } else {
        if (modal) closed.push(modal.key);
        commit({ overlay, modal: entry, under }, closed);
      }
    },
    close(key) {
      const { overlay, modal, under } = state;
      if (key === undefined) {
        if (modal) commit({ overlay, modal: null, under }, [modal.key]);
        else if (overlay) commit({ overlay: under, modal: null, under: null }, [overlay.key]);
        return;
      }
      if (modal?.key === key) commit({ overlay, modal: null, under }, [key]);
      else if (overlay?.key === key) commit({ overlay: under, modal: null, under: null }, modal ? [modal.key, key] : [key]);
      else if (under?.key === key) commit({ overlay, modal, under: null }, [key]);
    },
    isAnyOpen: () => state.overlay !== null || state.modal !== null,
  };
}
