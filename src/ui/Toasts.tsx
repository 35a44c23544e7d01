import { useEffect } from 'react';
import { useHotkeys } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { TOAST_DEFAULT_MS, TOAST_RENDER_LIMIT, setToastsPaused } from './toast';
import { followDialogHeaders } from './toastOffset';
import classes from './Toasts.module.css';

/** Toast width and gap from the spec. */
const TOAST_WIDTH = 356;

/** Where toasts appear; pauses them while the page is hidden, and alt+T focuses the newest. */
export function Toasts() {
  useEffect(() => {
    const sync = () => setToastsPaused(document.visibilityState === 'hidden');
    sync();
    document.addEventListener('visibilitychange', sync);
    return () => document.removeEventListener('visibilitychange', sync);
  }, []);
  // Never over an open dialog's header, tabs, status boxes or (where there is room) controls.
  useEffect(() => followDialogHeaders(document), []);
  useHotkeys([['alt+T', () => {
    const items = document.querySelectorAll<HTMLElement>('.mantine-Notifications-notification');
    const newest = items[items.length - 1];
    (newest?.querySelector<HTMLElement>('button') ?? newest)?.focus();
  }]]);
  return (
    <Notifications
      position="top-center"
      limit={TOAST_RENDER_LIMIT}
      autoClose={TOAST_DEFAULT_MS}
      containerWidth={TOAST_WIDTH}
      classNames={{ root: classes.root }}
      styles={{ notification: { marginTop: 14 } }}
    />
  );
}
