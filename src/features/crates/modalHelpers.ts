// Small pieces the crate and coin flip modals share (the busy rule is src/ui/BusyModal.tsx):
// the error text of a failed request, and the economy toasts (top-center, §9).
import type { ReactNode } from 'react';
import { ApiError } from '../../api/client';
import { showToast } from '../../ui/toast';

/** The server's error text (spec §8: "using the server's error field with a fallback"). */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.body?.error ?? error.body?.detail ?? fallback;
  return fallback;
}

export function economyToast(tone: 'success' | 'error' | 'info', message: ReactNode, title?: ReactNode): void {
  showToast({ message, title, tone, area: 'economy' });
}
