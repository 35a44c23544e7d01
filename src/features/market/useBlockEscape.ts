import { useEffect } from 'react';

/** While a request runs, Escape must not reach the overlay host (which would close the modal). */
export function useBlockEscape(busy: boolean): void {
  useEffect(() => {
    if (!busy) return;
    const block = (event: KeyboardEvent) => {
      if (event.key === 'Escape') { event.preventDefault(); event.stopPropagation(); }
    };
    window.addEventListener('keydown', block, true);
    return () => window.removeEventListener('keydown', block, true);
  }, [busy]);
}
