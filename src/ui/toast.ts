// Toasts: at most 3 at once in the auth area and 1 elsewhere (a new
// one replaces the old), 4 s by default, all at the top centre (clear of open dialogs), paused
// on hover (Mantine) and while the page is hidden (here). While the loading screen is on screen,
// with nothing open over it, toasts wait, in order, and show once it has gone
// (holdToastsWhileLoading, connected by src/app/App.tsx). Features call `toast.*`.
import type { ReactNode } from 'react';
import { notifications, notificationsStore, type NotificationData } from '@mantine/notifications';
import { loadingPhase } from '../../machines/loading';
import { playSound, type UiSound } from './sounds';

type NotificationPosition = NonNullable<NotificationData['position']>;

export type ToastArea = 'default' | 'auth' | 'economy';
export type ToastTone = 'info' | 'success' | 'error' | 'warning';

export const TOAST_DEFAULT_MS = 4_000;
export const TOAST_AREAS: Record<ToastArea, { limit: number; position: NotificationPosition }> = {
  // One place for every toast: the top centre, moved clear of an open dialog's header, tabs,
  // status boxes and controls (toastOffset.ts).
  default: { limit: 1, position: 'top-center' },
  auth: { limit: 3, position: 'top-center' },
  economy: { limit: 1, position: 'top-center' },
};
/** Mantine's own per-position limit: room for the auth area's 3 plus the default area's 1. */
export const TOAST_RENDER_LIMIT = 4;

const TONE_COLOR: Record<ToastTone, string> = { info: 'blue', success: 'teal', error: 'red', warning: 'yellow' };

export interface ToastOptions {
  title?: ReactNode;
  message: ReactNode;
  tone?: ToastTone;
  area?: ToastArea;
  /** Milliseconds, or false to stay until closed. */
  duration?: number | false;
  /** The sound it plays when it shows: 'error' for an error, else 'toast' (a purchase: 'purchase'); false: none. */
  sound?: UiSound | false;
}

const visible: Record<ToastArea, string[]> = { default: [], auth: [], economy: [] };
const durations = new Map<string, number | false>();
let hiddenPage = false;
let sequence = 0;
/** Mantine's store is one per page and drops a toast whose id it already holds: ids carry this
 * copy's own mark, so a second copy of this module (the unit tests import the shell afresh for
 * each file in one window; a copy left from an earlier file can raise a toast late) never hands
 * out an id that silences this one's toast. */
const COPY = Math.random().toString(36).slice(2, 8);
/** While the loading screen is up: toasts waiting to be shown, oldest first. */
let held = false;
const waiting: Array<{ id: string; options: ToastOptions }> = [];

/** An economy toast (top-center): the market, crate, coin flip and bridge modals. */
export function economyToast(tone: ToastTone, message: ReactNode, title?: ReactNode, sound?: UiSound | false): string {
  return showToast({ message, title, tone, area: 'economy', sound });
}

export function showToast(options: ToastOptions): string {
  const area = options.area ?? 'default';
  sequence += 1;
  const id = `toast-${area}-${COPY}-${sequence}`;
  if (held) waiting.push({ id, options });
  else display(id, options);
  return id;
}

function display(id: string, options: ToastOptions): void {
  const area = options.area ?? 'default';
  const ids = visible[area];
  while (ids.length >= TOAST_AREAS[area].limit) {
    const oldest = ids.shift();
    if (oldest) notifications.hide(oldest);
  }
  const duration = options.duration ?? TOAST_DEFAULT_MS;
  durations.set(id, duration);
  ids.push(id);
  const data: NotificationData = {
    id,
    title: options.title,
    message: options.message,
    color: TONE_COLOR[options.tone ?? 'info'],
    position: TOAST_AREAS[area].position,
    autoClose: hiddenPage ? false : duration,
    'data-toast-area': area,
    onClose: () => {
      durations.delete(id);
      const list = visible[area];
      const at = list.indexOf(id);
      if (at >= 0) list.splice(at, 1);
    },
  };
  notifications.show(data);
  const sound = options.sound ?? (options.tone === 'error' ? 'error' : 'toast');
  if (sound) playSound(sound);
}

export function hideToast(id: string): void {
  const at = waiting.findIndex((w) => w.id === id);
  if (at >= 0) { waiting.splice(at, 1); return; }
  notifications.hide(id);
}

/**
 * While the loading screen is visible toasts wait (the player could not read them behind it);
 * when it is gone they are shown in the order they were raised, each area keeping its limit.
 */
export function setToastsHeld(next: boolean): void {
  held = next;
  if (held) return;
  for (const { id, options } of waiting.splice(0)) display(id, options);
}

interface LoadingScreenActor {
  getSnapshot(): { value: unknown };
  subscribe(listener: () => void): { unsubscribe(): void };
}
/** The overlay API's view of "something is open over the page" (src/overlays/store.ts). */
interface OpenOverlays {
  isAnyOpen(): boolean;
  subscribe(listener: () => void): () => void;
}
const holding = new WeakSet<LoadingScreenActor>();

/**
 * Holds toasts while the loading screen is up (loading, completing, fading out) and releases
 * them when it has gone, or when it turned into the error screen (which the player reads and
 * acts on: a toast there is not hidden behind anything), or while an overlay or modal is open
 * over it (the game can open one during loading: a toast answering the player's click there,
 * "You need Ŧ250.00 but only have Ŧ100.00", must show at once). Once per loading actor; a
 * Retry puts the screen back up and holds new toasts again.
 */
export function holdToastsWhileLoading(loading: LoadingScreenActor, overlays?: OpenOverlays): void {
  if (holding.has(loading)) return;
  holding.add(loading);
  const sync = () => {
    const phase = loadingPhase(loading.getSnapshot());
    const screenUp = phase !== 'hidden' && phase !== 'failed';
    setToastsHeld(screenUp && !(overlays?.isAnyOpen() ?? false));
  };
  loading.subscribe(sync);
  overlays?.subscribe(sync);
  sync();
}

/** While the page is hidden no toast runs out; when it shows again each gets its full time back. */
export function setToastsPaused(paused: boolean): void {
  if (paused === hiddenPage) return;
  hiddenPage = paused;
  notifications.updateState(notificationsStore, (list) => list.map((item) => {
    const duration = item.id ? durations.get(item.id) : undefined;
    return duration === undefined ? item : { ...item, autoClose: paused ? false : duration };
  }));
}

export const toast = {
  show: showToast,
  hide: hideToast,
  success: (message: ReactNode, title?: ReactNode, area?: ToastArea) => showToast({ message, title, tone: 'success', area }),
  error: (message: ReactNode, title?: ReactNode, area?: ToastArea) => showToast({ message, title, tone: 'error', area }),
  info: (message: ReactNode, title?: ReactNode, area?: ToastArea) => showToast({ message, title, tone: 'info', area }),
};
