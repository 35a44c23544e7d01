// Shows what the overlay manager has open: the full-screen overlay, and a modal above it.
// Focus moves into the overlay (so the game, which reads keys while it has the focus, stops
// reading them), an overlay that crashes is closed and logged instead of taking the shell down,
// and each component is loaded on demand. Escape is not decided here but in escape.ts.
// Focus stays inside: Tab and Shift+Tab cycle through the overlay's controls (never out to the
// canvas, where W would walk the player behind the overlay), focus that lands outside every
// overlay and portal (the canvas, the page) is taken back, and on close the focus returns to
// what had it before the overlay opened. Mantine's modals and drawers trap their own focus.
import { Component, Suspense, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { OverlayKey } from '../../contract/game';
import type { OpenOverlay, OverlayStore } from './store';
import type { OverlayProps, OverlayResolver } from './types';

const TABBABLE = 'a[href], button, input, select, textarea, [tabindex], [contenteditable="true"], audio[controls], video[controls], summary';

/** The controls Tab reaches inside `root`, in order (positive tabindex is not used in the shell). */
export function tabbables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(TABBABLE)).filter((el) =>
    el.tabIndex >= 0 && !(el as HTMLButtonElement).disabled && !el.closest('[inert], [hidden], [aria-hidden="true"]')
    && !(el instanceof HTMLInputElement && el.type === 'hidden')
    // jsdom lays nothing out: there, every control counts as visible.
    && (el.getClientRects().length > 0 || typeof navigator !== 'undefined' && /jsdom/i.test(navigator.userAgent)));
}

/** Focus on an element that belongs to no overlay: not in a slot, a portal (dropdowns, modals, drawers), nor a toast. */
function outsideEveryLayer(element: Element): boolean {
  return !element.closest('[data-overlay], [data-portal], [role="dialog"], [role="alert"], [role="status"], [data-toast]');
}

class OverlayBoundary extends Component<{ name: OverlayKey; onCrash: () => void; children: ReactNode }, { crashed: boolean }> {
  override state = { crashed: false };
  static getDerivedStateFromError() { return { crashed: true }; }
  override componentDidCatch(error: unknown) {
    console.error(`The ${this.props.name} overlay crashed and was closed:`, error);
    this.props.onCrash();
  }
  override render() { return this.state.crashed ? null : this.props.children; }
}

function OverlaySlot({ entry, overlays, resolve, hidden = false }: { entry: OpenOverlay; overlays: OverlayStore; resolve: OverlayResolver; hidden?: boolean }) {
  const slotRef = useRef<HTMLDivElement>(null);
  /** The last control focused in this overlay, given the focus back when it is uncovered. */
  const lastFocused = useRef<HTMLElement | null>(null);
  const wasHidden = useRef(hidden);
  // The component this opening started with, for as long as it is open: the settings overlay's
  // lazy entry is swapped for the loaded component when its preload ends (registry.ts), and a
  // new component type here would remount the overlay under the player, dropping the dialog and
  // the text they had open in it. The next opening gets the loaded one.
  const [Overlay] = useState(() => resolve(entry.key) as React.ComponentType<OverlayProps<OverlayKey>> | undefined);
  useEffect(() => {
    // Declared first, so it reads the focus before this slot takes it.
    // Focus back to what had it when the overlay opened (the canvas, or the control that opened it).
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      const active = document.activeElement;
      const lost = !active || active === document.body || !active.isConnected;
      if (before?.isConnected && before !== document.body && lost) before.focus({ preventScroll: true });
    };
  }, []);
  useEffect(() => {
    if (!Overlay) {
      // Opened without the game link's check (e.g. navigation): nothing to show, so nothing may block the game.
      console.warn(`no overlay registered for ${entry.key}`);
      overlays.close(entry.key);
      return;
    }
    // Unless the overlay focused something of its own, its slot takes the focus from the game.
    const slot = slotRef.current;
    if (slot && !slot.contains(document.activeElement)) slot.focus({ preventScroll: true });
  }, [Overlay, entry.key, overlays]);
  useEffect(() => {
    if (hidden) return undefined;
    // Focus that lands outside every overlay (a click on the page, the canvas) comes back inside.
    const onFocusIn = (event: FocusEvent) => {
      const slot = slotRef.current;
      const target = event.target;
      if (!slot || !(target instanceof Element) || slot.contains(target) || !outsideEveryLayer(target)) return;
      // A modal slot shows its modal in a portal; only the slot with content of its own holds the focus.
      if (!slot.querySelector('[data-overlay-frame], [role="dialog"]')) return;
      const previous = lastFocused.current;
      (previous?.isConnected && slot.contains(previous) ? previous : slot).focus({ preventScroll: true });
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [hidden]);
  useEffect(() => {
    // On screen again after another overlay covered it: the focus goes back where it was (the
    // control that opened the one above), so the keyboard carries on from there.
    const uncovered = wasHidden.current && !hidden;
    wasHidden.current = hidden;
    const previous = lastFocused.current;
    if (uncovered && previous?.isConnected && slotRef.current?.contains(previous)) previous.focus({ preventScroll: true });
  }, [hidden]);
  if (!Overlay) return null;
  const close = () => overlays.close(entry.key);
  return (
    // Covered: kept mounted (its state and scroll stay as they were) but neither seen, focused
    // nor read out.
    <div ref={slotRef} tabIndex={-1} data-overlay={entry.key} data-covered={hidden || undefined} inert={hidden || undefined}
      aria-hidden={hidden || undefined} style={hidden ? { outline: 'none', visibility: 'hidden' } : { outline: 'none' }}
      onKeyDown={(event) => {
        // Tab cycles inside the overlay. Keys from a portal (a modal, a dropdown) are theirs.
        const slot = slotRef.current;
        if (event.key !== 'Tab' || hidden || !slot || !(event.target instanceof Node) || !slot.contains(event.target)) return;
        const controls = tabbables(slot);
        if (controls.length === 0) { event.preventDefault(); slot.focus({ preventScroll: true }); return; }
        // Between the first and the last control the browser moves the focus as usual; at either
        // end (or from the frame itself) it wraps around instead of leaving for the page.
        const at = controls.indexOf(event.target as HTMLElement);
        const wrapTo = event.shiftKey ? (at <= 0 ? controls[controls.length - 1] : undefined) : (at < 0 || at === controls.length - 1 ? controls[0] : undefined);
        if (!wrapTo) return;
        event.preventDefault();
        wrapTo.focus();
      }}
      onFocus={(event) => { if (event.target instanceof HTMLElement && event.target !== slotRef.current) lastFocused.current = event.target; }}>
      <OverlayBoundary name={entry.key} onCrash={close}>
        <Suspense fallback={null}>
          <Overlay payload={entry.payload} onClose={close} />
        </Suspense>
      </OverlayBoundary>
    </div>
  );
}

export function OverlayHost({ overlays, resolve }: { overlays: OverlayStore; resolve: OverlayResolver }) {
  const state = useSyncExternalStore(overlays.subscribe, overlays.getState);
  // One keyed list, so an overlay kept underneath keeps its instance when it is on screen again.
  const slots = [state.under, state.overlay, state.modal].filter((entry): entry is OpenOverlay => entry !== null);
  return <>{slots.map((entry) => <OverlaySlot key={entry.id} entry={entry} overlays={overlays} resolve={resolve} hidden={entry === state.under} />)}</>;
}
