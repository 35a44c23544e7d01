// The overlay API for components: every overlay and modal opens and closes through the store
// handed to OverlaysProvider (app/shellStart.ts creates it once); nothing posts messages to its own
// window. The provider also installs the one Escape decider (escape.ts) and lets dialogs and key
// captures register their layer with useEscapeLayer.
import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { createEscapeDecider, type EscapeDecider, type EscapeLayerKind } from './escape';
import { NavigationProvider } from './navigation';
import type { OverlayStore } from './store';

interface OverlaysContextValue { overlays: OverlayStore; escape: EscapeDecider }

const OverlaysContext = createContext<OverlaysContextValue | null>(null);

export function OverlaysProvider({ overlays, children, win = window }: { overlays: OverlayStore; children: ReactNode; win?: Window }) {
  const escape = useMemo(() => createEscapeDecider({ win, overlays }), [win, overlays]);
  useEffect(() => escape.install(), [escape]);
  const value = useMemo(() => ({ overlays, escape }), [overlays, escape]);
  return (
    <OverlaysContext.Provider value={value}>
      <NavigationProvider overlays={overlays}>{children}</NavigationProvider>
    </OverlaysContext.Provider>
  );
}

function useOverlaysContext(): OverlaysContextValue {
  const value = useContext(OverlaysContext);
  if (!value) throw new Error('The overlay API needs an OverlaysProvider');
  return value;
}

/** Opens and closes overlays and modals. */
export function useOverlays(): Pick<OverlayStore, 'open' | 'close'> {
  return useOverlaysContext().overlays;
}

/** Opens the auth modal (a feature that needs a logged-in player, or the Account section). */
export function useAskToLogIn(): (mode?: 'login' | 'signup') => void {
  const { overlays } = useOverlaysContext();
  return (mode = 'login') => overlays.open('auth', { mode });
}

/**
 * While `active`, this component is an Escape layer: a 'dialog' gets `onEscape` before the
 * overlay underneath closes; a 'capture' keeps Escape for its own control (onEscape unused).
 */
export function useEscapeLayer(kind: EscapeLayerKind, active: boolean, onEscape: () => void = () => undefined): void {
  const { escape } = useOverlaysContext();
  const handler = useRef(onEscape);
  useEffect(() => { handler.current = onEscape; });
  useEffect(() => (active ? escape.push(kind, kind === 'dialog' ? () => handler.current() : undefined) : undefined), [escape, kind, active]);
}
