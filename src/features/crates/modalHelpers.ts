// Small pieces the crate and coin flip modals share: the busy flag that blocks closing
// (spec part 2 §2: "Each modal has a busy flag that blocks closing while a request is in
// flight"), the error text of a failed request, and the economy toasts (top-center, §9).
import { useEffect, type ReactNode } from 'react';
import { ApiError } from '../../api/client';
import { showToast } from '../../ui/toast';

/** While busy, Escape must not reach the overlay host (which would close the modal). */
export function useBlockEscapeWhile(busy: boolean): void {
  useEffect(() => {
    if (!busy) return;
    const block = (event: KeyboardEvent) => { if (event.key === 'Escape') { event.preventDefault(); event.stopPropagation(); } };
    window.addEventListener('keydown', block, true);
    return () => window.removeEventListener('keydown', block, true);
  }, [busy]);
}

/** The server's error text (spec §8: "using the server's error field with a fallback"). */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.body?.error ?? error.body?.detail ?? fallback;
  return fallback;
}

export function economyToast(tone: 'success' | 'error' | 'info', message: ReactNode, title?: ReactNode): void {
  showToast({ message, title, tone, area: 'economy' });
}
