// Whether the primary pointer is coarse (a finger on a touch screen): the words a player reads
// say "tap" there, and "click or press a key" elsewhere. Follows a change (a tablet docked to a
// keyboard and trackpad).
import { useEffect, useState } from 'react';

const QUERY = '(pointer: coarse)';
const current = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches;

export function useCoarsePointer(): boolean {
  const [coarse, setCoarse] = useState(current);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const list = window.matchMedia(QUERY);
    const update = () => setCoarse(list.matches);
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, []);
  return coarse;
}
