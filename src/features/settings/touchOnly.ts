// Whether the device is touch only. The rule: the primary pointer is coarse
// (`(pointer: coarse)`) and no pointer at all is fine (`(any-pointer: fine)` fails), i.e. no
// mouse, trackpad or pen is attached. A touch laptop or a tablet with a trackpad is not touch only.
//
// What the Keyboard section does with it: it stays listed (a phone or tablet may have a keyboard
// attached, which a browser cannot report) and says plainly, above the bindings, that they apply
// to a keyboard and mouse and change nothing on the touch screen. Hiding it would leave a
// player with a Bluetooth keyboard no way to rebind.
import { useEffect, useState } from 'react';

export const COARSE_POINTER = '(pointer: coarse)';
export const ANY_FINE_POINTER = '(any-pointer: fine)';

export function isTouchOnly(matches: (query: string) => boolean): boolean {
  return matches(COARSE_POINTER) && !matches(ANY_FINE_POINTER);
}

const current = () => typeof window.matchMedia === 'function' && isTouchOnly((query) => window.matchMedia(query).matches);

/** `isTouchOnly` for this browser, following a mouse being attached or removed. */
export function useTouchOnly(): boolean {
  const [touchOnly, setTouchOnly] = useState(current);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const lists = [COARSE_POINTER, ANY_FINE_POINTER].map((query) => window.matchMedia(query));
    const update = () => setTouchOnly(current());
    for (const list of lists) list.addEventListener('change', update);
    return () => { for (const list of lists) list.removeEventListener('change', update); };
  }, []);
  return touchOnly;
}
