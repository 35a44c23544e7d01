// Counts from 0 up to a figure over a fixed time (the release statistics' 1500 ms animation),
// easing out; shows the figure at once for people who ask for reduced motion.
import { useEffect, useState } from 'react';

export function easeOutCubic(t: number): number {
  return 1 - (1 - Math.min(1, Math.max(0, t))) ** 3;
}

/** The value shown `elapsed` ms into counting up to `target` over `duration` ms. */
export function countAt(target: number, elapsed: number, duration: number): number {
  return elapsed >= duration ? target : Math.round(target * easeOutCubic(elapsed / duration));
}

function reducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function useCountUp(target: number, duration: number): number {
  const [value, setValue] = useState(0);
  useEffect(() => {
    if (reducedMotion() || target === 0) { setValue(target); return; }
    const start = performance.now();
    let frame = requestAnimationFrame(function tick(now) {
      const elapsed = now - start;
      setValue(countAt(target, elapsed, duration));
      if (elapsed < duration) frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [target, duration]);
  return value;
}
