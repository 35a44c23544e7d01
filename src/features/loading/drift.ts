// The loading screen's background drifting slightly toward the pointer, for both the plain-DOM
// first screen (domScreen.ts) and React's LoadingBackground: one behaviour, one place.

/** How far (px) the background drifts toward the pointer at the screen's edge. */
export const DRIFT_PX = 14;

/** Moves `element` with the pointer (not under reduced motion); returns the stop function. */
export function followPointer(element: HTMLElement, win: Window = window): () => void {
  if (win.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return () => undefined;
  let frame = 0;
  let x = 0;
  let y = 0;
  const onMove = (event: PointerEvent) => {
    x = (event.clientX / win.innerWidth - 0.5) * 2;
    y = (event.clientY / win.innerHeight - 0.5) * 2;
    if (frame) return;
    frame = win.requestAnimationFrame(() => {
      frame = 0;
      element.style.transform = `translate3d(${(-x * DRIFT_PX).toFixed(1)}px, ${(-y * DRIFT_PX).toFixed(1)}px, 0) scale(1.02)`;
    });
  };
  win.addEventListener('pointermove', onMove, { passive: true });
  return () => {
    win.removeEventListener('pointermove', onMove);
    if (frame) win.cancelAnimationFrame(frame);
  };
}
