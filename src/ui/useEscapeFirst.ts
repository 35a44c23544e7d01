// A dialog inside a full-screen overlay closes on Escape before the overlay does: this listens
// in the capture phase and marks the event handled (preventDefault), which the overlay manager
// (src/app/overlays/OverlayHost.tsx) respects. Use with Mantine's closeOnEscape={false}.
import { useEffect, useRef } from 'react';

export function useEscapeFirst(active: boolean, onEscape: () => void): void {
  const handler = useRef(onEscape);
  useEffect(() => { handler.current = onEscape; });
  useEffect(() => {
    if (!active) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return;
      event.preventDefault();
      handler.current();
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [active]);
}
