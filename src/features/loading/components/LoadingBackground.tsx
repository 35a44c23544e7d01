import { useEffect, useRef } from 'react';

/** How far (px) the background drifts toward the pointer at the screen's edge. */
const DRIFT_PX = 14;

/** The background image, moving slightly with the mouse; styled directly, never re-rendered. */
export function LoadingBackground() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    let frame = 0;
    let x = 0;
    let y = 0;
    const onMove = (event: PointerEvent) => {
      x = (event.clientX / window.innerWidth - 0.5) * 2;
      y = (event.clientY / window.innerHeight - 0.5) * 2;
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        element.style.transform = `translate3d(${(-x * DRIFT_PX).toFixed(1)}px, ${(-y * DRIFT_PX).toFixed(1)}px, 0) scale(1.02)`;
      });
    };
    window.addEventListener('pointermove', onMove, { passive: true });
    return () => {
      window.removeEventListener('pointermove', onMove);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
  return <div ref={ref} className="ls-bg" data-testid="loading-background" aria-hidden="true" />;
}
