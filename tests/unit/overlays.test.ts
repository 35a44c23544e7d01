// The overlay manager: one full-screen overlay at a time, a modal on top, Escape closes the
// topmost, the game hears which closed, and the canvas' pointer input follows (spec §2.2).
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createElement, type ReactNode } from 'react';
import { OverlayHost } from '../../src/app/overlays/OverlayHost';
import { hasOverlay, registerOverlay, type OverlayProps } from '../../src/app/overlays/registry';
import { createOverlayStore } from '../../src/lib/overlays';
import { NavigationProvider, useNavigation, DEFAULT_ACTIVE_PAGE } from '../../src/lib/navigation';

describe('the overlay store', () => {
  it('keeps one full-screen overlay and one modal above it, and reports each close once', () => {
    const closed: string[] = [];
    const store = createOverlayStore({ onClosed: (key) => closed.push(key) });
    expect(store.isAnyOpen()).toBe(false);
    store.open('settings', {});
    store.open('auth', { mode: 'login' }); // the auth modal over settings
    expect(store.getState().overlay?.key).toBe('settings');
    expect(store.getState().modal?.key).toBe('auth');
    store.close(); // Escape: the topmost first
    expect(closed).toEqual(['auth']);
    expect(store.isAnyOpen()).toBe(true);
    store.open('releaseNotes', {}); // replaces settings
    expect(closed).toEqual(['auth', 'settings']);
    store.open('crateShop', { type: 'SHOW_CRATE_SHOP_MODAL', crateVersionId: 0 });
    store.close('releaseNotes'); // closing the overlay takes its modal along
    expect(closed).toEqual(['auth', 'settings', 'crateShop', 'releaseNotes']);
    expect(store.isAnyOpen()).toBe(false);
    store.close(); // nothing open: nothing reported
    store.close('profile');
    expect(closed).toHaveLength(4);
  });

  it('replaces a modal with the next one', () => {
    const closed: string[] = [];
    const store = createOverlayStore({ onClosed: (key) => closed.push(key) });
    store.open('sorry', { type: 'SHOW_SORRY_POPUP' });
    store.open('crateOpen', { type: 'SHOW_CRATE_OPEN_MODAL' });
    expect(closed).toEqual(['sorry']);
    expect(store.getState()).toMatchObject({ overlay: null, modal: { key: 'crateOpen' } });
  });
});

describe('the overlay host', () => {
  const removals: Array<() => void> = [];
  afterEach(() => { while (removals.length) removals.pop()?.(); });

  function Probe({ onClose, payload }: OverlayProps<'settings'>) {
    return createElement('div', { role: 'dialog', 'aria-label': `settings ${payload.section ?? ''}` }, createElement('button', { onClick: onClose }, 'close'));
  }

  it('renders what is open, closes on Escape unless a widget handled it, and drops keys with no overlay', () => {
    removals.push(registerOverlay('settings', Probe), registerOverlay('sorry', undefined));
    expect(hasOverlay('settings')).toBe(true);
    expect(hasOverlay('sorry')).toBe(false);
    const store = createOverlayStore();
    render(createElement(OverlayHost, { overlays: store }));
    act(() => store.open('settings', { section: 'audio' }));
    expect(screen.getByRole('dialog', { name: 'settings audio' })).toBeInTheDocument();
    const handled = new KeyboardEvent('keydown', { key: 'Escape', cancelable: true, bubbles: true });
    handled.preventDefault(); // e.g. a select closing its dropdown
    act(() => { document.body.dispatchEvent(handled); });
    expect(store.isAnyOpen()).toBe(true);
    act(() => { document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', cancelable: true, bubbles: true })); });
    expect(store.isAnyOpen()).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    act(() => store.open('sorry', { type: 'SHOW_SORRY_POPUP' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(store.isAnyOpen()).toBe(false); // nothing on screen may block the game
    expect(warn).toHaveBeenCalledWith('no overlay registered for sorry');
    warn.mockRestore();
  });

  it('an Escape that closes a modal by itself closes nothing else and never reaches the game', () => {
    // A modal that handles Escape on its own (as Mantine's do), over a full-screen overlay.
    function SelfClosing({ onClose }: OverlayProps<'sorry'>) {
      return createElement('div', { role: 'dialog', 'aria-label': 'sorry', onKeyDown: (e: { key: string }) => { if (e.key === 'Escape') onClose(); } },
        createElement('button', { autoFocus: true }, 'ok'));
    }
    removals.push(registerOverlay('settings', Probe), registerOverlay('sorry', SelfClosing));
    const store = createOverlayStore();
    render(createElement(OverlayHost, { overlays: store }));
    act(() => store.open('settings', {}));
    act(() => store.open('sorry', { type: 'SHOW_SORRY_POPUP' }));
    let gameSaw: boolean | null = null;
    const game = (e: KeyboardEvent) => { gameSaw = !e.defaultPrevented; };
    window.addEventListener('keydown', game);
    try {
      const ok = screen.getByRole('button', { name: 'ok' });
      act(() => { ok.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', cancelable: true, bubbles: true })); });
      expect(screen.queryByRole('dialog', { name: 'sorry' })).toBeNull();
      expect(store.getState().overlay?.key).toBe('settings');
      expect(gameSaw).toBe(false);
      // With nothing open, Escape is the game's again.
      act(() => store.close());
      act(() => { document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', cancelable: true, bubbles: true })); });
      expect(gameSaw).toBe(true);
    } finally {
      window.removeEventListener('keydown', game);
    }
  });

  it('closes an overlay that crashes instead of taking the shell down', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    removals.push(registerOverlay('profile', () => { throw new Error('render failed'); }));
    const store = createOverlayStore();
    render(createElement(OverlayHost, { overlays: store }));
    act(() => store.open('profile', {}));
    expect(store.isAnyOpen()).toBe(false);
    expect(errors).toHaveBeenCalledWith('The profile overlay crashed and was closed:', expect.any(Error));
    errors.mockRestore();
  });
});

describe('the navigation context', () => {
  it("starts on 'profile', no profile viewed, the game in view, and follows the overlay manager", () => {
    const store = createOverlayStore();
    let navigation: ReturnType<typeof useNavigation> | null = null;
    function Reader() { navigation = useNavigation(); return null; }
    const wrapper = ({ children }: { children: ReactNode }) => createElement(NavigationProvider, { overlays: store, children });
    render(createElement(Reader), { wrapper });
    expect(navigation).toMatchObject({ activePage: DEFAULT_ACTIVE_PAGE, viewingProfile: null, currentView: 'unity' });
    expect(DEFAULT_ACTIVE_PAGE).toBe('profile');
    act(() => store.open('levelProgress', {}));
    expect(navigation).toMatchObject({ currentView: 'levelProgress' });
    act(() => navigation?.setCurrentView('unity'));
    expect(store.isAnyOpen()).toBe(false);
    act(() => { navigation?.setViewingProfile('uuid-1'); navigation?.setActivePage('wallets'); });
    expect(navigation).toMatchObject({ viewingProfile: 'uuid-1', activePage: 'wallets', currentView: 'unity' });
  });
});
