// Responsive classes: small mobile < 480, mobile < 768, tablet 768–1023, landscape
// when wider than tall, touch capability; resize handling debounced by 100 ms.
import { useEffect, useState } from 'react';

export const BREAKPOINTS = { smallMobile: 480, mobile: 768, desktop: 1024 } as const;
export const RESIZE_DEBOUNCE_MS = 100;

export interface Viewport { isSmallMobile: boolean; isMobile: boolean; isTablet: boolean; isLandscape: boolean; isTouch: boolean }

export function viewportOf(width: number, height: number, isTouch: boolean): Viewport {
  return {
    isSmallMobile: width < BREAKPOINTS.smallMobile,
    isMobile: width < BREAKPOINTS.mobile,
    isTablet: width >= BREAKPOINTS.mobile && width < BREAKPOINTS.desktop,
    isLandscape: width > height,
    isTouch,
  };
}

const measure = () => viewportOf(window.innerWidth, window.innerHeight, 'ontouchstart' in window || navigator.maxTouchPoints > 0);

export function useViewport(): Viewport {
  const [viewport, setViewport] = useState(measure);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setViewport(measure()), RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => { clearTimeout(timer); window.removeEventListener('resize', onResize); };
  }, []);
  return viewport;
}
