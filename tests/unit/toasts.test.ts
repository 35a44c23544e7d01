// Toast rules: 3 visible in the auth area, 1 elsewhere, 4 s, one place (the top centre) for
// every area, no countdown while the page is hidden.
import { notifications, notificationsStore } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { LOADING, loadingMachine } from '../../machines/loading';
import { TOAST_DEFAULT_MS, holdToastsWhileLoading, setToastsHeld, setToastsPaused, toast } from '../../src/ui/toast';

const shown = () => notificationsStore.getState().notifications;

afterEach(() => {
  setToastsHeld(false);
  setToastsPaused(false);
  for (const n of shown()) if (n.id) notifications.hide(n.id);
  notifications.clean(notificationsStore);
});

describe('toasts', () => {
  it('show one at a time outside the auth area: a new one replaces the old', () => {
    toast.info('first');
    toast.success('second');
    expect(shown().map((n) => n.message)).toEqual(['second']);
    expect(shown()[0]).toMatchObject({ autoClose: TOAST_DEFAULT_MS, position: 'top-center', color: 'teal' });
  });

  it('are never dropped for an id another copy of this module gave out (Mantine keeps one toast per id)', async () => {
    // The store is Mantine's, one per page; the unit tests import the shell afresh for each file in
    // one window, and a copy left from an earlier file can raise a toast late, after this one's.
    vi.resetModules();
    const earlier = (await import('../../src/ui/toast')).toast.info('from the earlier copy');
    vi.resetModules();
    const fresh = await import('../../src/ui/toast');
    const now = fresh.toast.success('Airdrop Claimed!');
    expect(now).not.toBe(earlier);
    expect(shown().map((n) => n.message)).toContain('Airdrop Claimed!');
    fresh.toast.hide(now);
  });

  it('show up to three in the auth area', () => {
    for (const text of ['a', 'b', 'c', 'd']) toast.show({ message: text, area: 'auth' });
    expect(shown().map((n) => n.message)).toEqual(['b', 'c', 'd']);
    toast.error('general');
    expect(shown().map((n) => n.message)).toEqual(['b', 'c', 'd', 'general']);
  });

  it('show every area in the one place, the top centre', () => {
    const id = toast.show({ message: 'Spent 300 TC', area: 'economy', tone: 'success', duration: 5_000 });
    expect(shown().find((n) => n.id === id)).toMatchObject({ position: 'top-center', autoClose: 5_000 });
    const auth = toast.show({ message: 'Welcome back', area: 'auth' });
    expect(shown().find((n) => n.id === auth)).toMatchObject({ position: 'top-center' });
  });

  it('stop counting down while the page is hidden, and get their time back after', () => {
    const id = toast.show({ message: 'Setting updated', duration: 2_000 });
    setToastsPaused(true);
    expect(shown().find((n) => n.id === id)?.autoClose).toBe(false);
    const whileHidden = toast.info('arrived while hidden');
    expect(shown().find((n) => n.id === whileHidden)?.autoClose).toBe(false);
    setToastsPaused(false);
    expect(shown().find((n) => n.id === whileHidden)?.autoClose).toBe(TOAST_DEFAULT_MS);
  });

  it('raised while the loading screen is up, wait and show in order once it is gone', () => {
    setToastsHeld(true);
    toast.show({ message: 'Welcome back, neo!', area: 'auth' });
    const dropped = toast.show({ message: 'taken back', area: 'auth' });
    toast.show({ message: 'Wallet connected' });
    toast.hide(dropped);
    expect(shown()).toEqual([]);
    setToastsHeld(false);
    expect(shown().map((n) => n.message)).toEqual(['Welcome back, neo!', 'Wallet connected']);
    toast.info('after');
    expect(shown().map((n) => n.message)).toEqual(['Welcome back, neo!', 'after']);
  });
});

describe('toasts raised behind the loading screen', () => {
  it('wait until the loading screen has gone, then show in order', () => {
    vi.useFakeTimers();
    try {
      const loading = createActor(loadingMachine, { input: { now: () => Date.now() } }).start();
      holdToastsWhileLoading(loading);
      toast.show({ message: 'Discord sign-in is not configured on this server', area: 'auth' });
      toast.show({ message: 'second', area: 'auth' });
      vi.advanceTimersByTime(1_000);
      expect(shown()).toHaveLength(0);
      loading.send({ type: 'COMPLETE' });
      vi.advanceTimersByTime(LOADING.hideDelayMs + LOADING.fadeOutMs - 1);
      expect(shown()).toHaveLength(0); // still fading out
      vi.advanceTimersByTime(1);
      expect(loading.getSnapshot().status).toBe('done');
      expect(shown().map((n) => n.message)).toEqual(['Discord sign-in is not configured on this server', 'second']);
      toast.info('after');
      expect(shown().map((n) => n.message)).toContain('after');
    } finally {
      vi.useRealTimers();
    }
  });

  it('show at once while an overlay or modal is open over the loading screen (a toast answering the player there)', () => {
    const loading = createActor(loadingMachine, { input: { now: () => Date.now() } }).start();
    let open = false;
    const listeners = new Set<() => void>();
    const overlays = {
      isAnyOpen: () => open,
      subscribe: (listener: () => void) => { listeners.add(listener); return () => listeners.delete(listener); },
    };
    const setOpen = (next: boolean) => { open = next; listeners.forEach((l) => l()); };
    holdToastsWhileLoading(loading, overlays);
    toast.info('Discord sign-in is not configured on this server');
    expect(shown()).toHaveLength(0);
    setOpen(true); // the game opened the marketplace during loading
    expect(shown().map((n) => n.message)).toEqual(['Discord sign-in is not configured on this server']);
    toast.show({ message: 'You need Ŧ250.00 but only have Ŧ100.00', area: 'economy' });
    expect(shown().map((n) => n.message)).toContain('You need Ŧ250.00 but only have Ŧ100.00');
    setOpen(false); // closed: the loading screen is all there is again
    toast.info('held again');
    expect(shown().map((n) => n.message)).not.toContain('held again');
    loading.stop();
  });

  it('show on the error screen, and wait again after Retry', () => {
    const loading = createActor(loadingMachine, { input: { now: () => Date.now() } }).start();
    holdToastsWhileLoading(loading);
    toast.info('early');
    expect(shown()).toHaveLength(0);
    loading.send({ type: 'FAIL', message: 'The game files could not be downloaded' });
    expect(shown().map((n) => n.message)).toEqual(['early']);
    loading.send({ type: 'RETRY' });
    toast.info('during retry');
    expect(shown().map((n) => n.message)).toEqual(['early']);
    loading.stop();
  });
});
