// The browser's Back (a phone's back gesture, Alt+Left, the back button) for layers that close:
// while a layer is open it owns one history entry of its own, so Back closes that layer instead
// of leaving the page (the settings drawer on a phone). The topmost layer goes
// first. Each entry carries its depth; a popstate closes every layer deeper than the entry it
// lands on. A layer closed some other way (its close button, Escape, a choice) takes its entry
// back with history.go(-n) once it is on top (with the entries of layers closed under it), and
// the popstate that follows lands on the remaining top layer's entry, which closes nothing.
import { useEffect, useRef } from 'react';

export interface BackStack {
  /** Adds a layer on top, with one history entry; returns its removal (for a close by other means). */
  push(onBack: () => void): () => void;
  /** Starts listening for popstate; returns the stop. */
  install(): () => void;
}

const MARK = 'tripshellBackLayer';
type BackWindow = Pick<Window, 'history' | 'addEventListener' | 'removeEventListener'>;

const depthOf = (state: unknown): number => {
  const depth = state !== null && typeof state === 'object' ? (state as Record<string, unknown>)[MARK] : undefined;
  return typeof depth === 'number' ? depth : 0;
};

export function createBackStack(win: BackWindow): BackStack {
  const layers: Array<{ depth: number; onBack: () => void; closed: boolean }> = [];

  const onPopState = (event: PopStateEvent) => {
    const depth = depthOf(event.state);
    for (let top = layers.at(-1); top && top.depth > depth; top = layers.at(-1)) {
      layers.pop();
      if (!top.closed) top.onBack();
    }
    takeClosedEntries();
  };
  /** The entries of layers closed while under another: taken back once they are on top. */
  const takeClosedEntries = () => {
    let entries = 0;
    while (layers.at(-1)?.closed) { layers.pop(); entries += 1; }
    if (entries > 0) win.history.go(-entries);
  };

  return {
    push(onBack) {
      const depth = (layers.at(-1)?.depth ?? depthOf(win.history.state)) + 1;
      const layer = { depth, onBack, closed: false };
      layers.push(layer);
      win.history.pushState({ [MARK]: depth }, '');
      return () => {
        if (!layers.includes(layer) || layer.closed) return; // closed by Back: its entry is gone already
        layer.closed = true;
        takeClosedEntries();
      };
    },
    install() {
      win.addEventListener('popstate', onPopState);
      return () => win.removeEventListener('popstate', onPopState);
    },
  };
}

let shared: BackStack | null = null;
/** The page's one back stack, listening from its first use. */
export function pageBackStack(): BackStack {
  if (!shared) {
    shared = createBackStack(window);
    shared.install();
  }
  return shared;
}

/** While `active`, Back calls `onBack` (which should make `active` false) instead of leaving the page. */
export function useBackLayer(active: boolean, onBack: () => void, stack: () => BackStack = pageBackStack): void {
  const handler = useRef(onBack);
  useEffect(() => { handler.current = onBack; });
  useEffect(() => (active ? stack().push(() => handler.current()) : undefined), [active, stack]);
}
