// Shows what the overlay manager has open: the full-screen overlay, and a modal above it.
// Focus moves into the overlay (so the game, which reads keys while it has the focus, stops
// reading them), Escape closes the topmost (unless a widget inside handled it and called
// preventDefault), an overlay that crashes is closed and logged instead of taking the shell
// down, and each component is loaded on demand.
import { Component, Suspense, useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import type { OverlayKey } from '../../../contract/game';
import type { OpenOverlay, OverlayStore } from '../../lib/overlays';
import { overlayComponent, type OverlayProps } from './registry';

class OverlayBoundary extends Component<{ name: OverlayKey; onCrash: () => void; children: ReactNode }, { crashed: boolean }> {
  override state = { crashed: false };
  static getDerivedStateFromError() { return { crashed: true }; }
  override componentDidCatch(error: unknown) {
    console.error(`The ${this.props.name} overlay crashed and was closed:`, error);
    this.props.onCrash();
  }
  override render() { return this.state.crashed ? null : this.props.children; }
}

function OverlaySlot({ entry, overlays, hidden = false }: { entry: OpenOverlay; overlays: OverlayStore; hidden?: boolean }) {
  const slotRef = useRef<HTMLDivElement>(null);
  /** The last control focused in this overlay, given the focus back when it is uncovered. */
  const lastFocused = useRef<HTMLElement | null>(null);
  const wasHidden = useRef(hidden);
  const Overlay = overlayComponent(entry.key) as React.ComponentType<OverlayProps<OverlayKey>> | undefined;
  useEffect(() => {
    if (!Overlay) {
      // Opened without the bridge's check (e.g. navigation): nothing to show, so nothing may block the game.
      console.warn(`no overlay registered for ${entry.key}`);
      overlays.close(entry.key);
      return;
    }
    // Unless the overlay focused something of its own, its slot takes the focus from the game.
    const slot = slotRef.current;
    if (slot && !slot.contains(document.activeElement)) slot.focus({ preventScroll: true });
  }, [Overlay, entry.key, overlays]);
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
      onFocus={(event) => { if (event.target instanceof HTMLElement && event.target !== slotRef.current) lastFocused.current = event.target; }}>
      <OverlayBoundary name={entry.key} onCrash={close}>
        <Suspense fallback={null}>
          <Overlay payload={entry.payload} onClose={close} />
        </Suspense>
      </OverlayBoundary>
    </div>
  );
}

export function OverlayHost({ overlays }: { overlays: OverlayStore }) {
  const state = useSyncExternalStore(overlays.subscribe, overlays.getState);
  useEffect(() => {
    // An Escape that starts while something is open belongs to the shell, whoever handles it: a
    // widget inside (a dropdown), the modal itself (Mantine closes on Escape), or this host. It
    // is marked handled (preventDefault) on `document`, before it reaches `window` where the
    // game listens, so closing a modal never also opens the game's menu underneath. Which Escape
    // started with something open is noted in the capture phase, before any handler closes it.
    const topmost = () => { const st = overlays.getState(); return st.modal ?? st.overlay; };
    const startedOn = new WeakMap<KeyboardEvent, number>();
    const onCapture = (event: KeyboardEvent) => {
      const top = topmost();
      if (event.key === 'Escape' && top) startedOn.set(event, top.id);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const startedId = event.key === 'Escape' ? startedOn.get(event) : undefined;
      if (startedId === undefined) return;
      const handledInside = event.defaultPrevented;
      event.preventDefault();
      // Closed once: not again if the modal already closed itself on this Escape.
      if (!handledInside && topmost()?.id === startedId) overlays.close();
    };
    window.addEventListener('keydown', onCapture, true);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onCapture, true);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [overlays]);
  // One keyed list, so an overlay kept underneath keeps its instance when it is on screen again.
  const slots = [state.under, state.overlay, state.modal].filter((entry): entry is OpenOverlay => entry !== null);
  return <>{slots.map((entry) => <OverlaySlot key={entry.id} entry={entry} overlays={overlays} hidden={entry === state.under} />)}</>;
}
