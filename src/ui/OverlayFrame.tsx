// The frame of a full-screen overlay (release notes, level progress, profile): a dialog over
// the game with a title bar, optional controls before the title (Back), a close button, and
// an optional background layer behind the scrolling content. Escape is the overlay manager's.
import { t } from '../i18n';
import { ActionIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './OverlayFrame.module.css';

export interface OverlayFrameProps {
  /** Accessible name of the dialog and the visible title unless `heading` is given. */
  label: string;
  heading?: ReactNode;
  onClose: () => void;
  closeLabel?: string;
  /** Controls before the title, e.g. a Back button. */
  start?: ReactNode;
  /** Controls before the close button. */
  end?: ReactNode;
  /** Drawn behind everything (e.g. an animated canvas); must not take pointer input. */
  background?: ReactNode;
  testId?: string;
  children: ReactNode;
}

export function OverlayFrame({ label, heading, onClose, closeLabel, start, end, background, testId, children }: OverlayFrameProps) {
  return (
    <div className={classes.root} role="dialog" aria-modal="true" aria-label={label} data-testid={testId} tabIndex={-1} data-overlay-frame>
      {background && <div className={classes.background} aria-hidden>{background}</div>}
      <header className={classes.header}>
        {start}
        <Title order={2} className={classes.title}>{heading ?? label}</Title>
        {end}
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={closeLabel ?? t('ui.OverlayFrame.close', { what: label.toLowerCase() })} onClick={onClose}>
          <span aria-hidden>✕</span>
        </ActionIcon>
      </header>
      {/* Focusable so that keyboard users can scroll it even where it holds no control. */}
      <main className={classes.content} tabIndex={0}>{children}</main>
    </div>
  );
}

/**
 * Keeps the focus inside the overlay when the control that had it is about to disappear (Back
 * at the start of the history, a search result once picked): focus left on the page body would
 * hand the next key press, Escape included, to the game.
 */
export function keepFocusInOverlay(from: Element | null): void {
  const frame = from?.closest<HTMLElement>('[data-overlay-frame]');
  frame?.focus({ preventScroll: true });
}
