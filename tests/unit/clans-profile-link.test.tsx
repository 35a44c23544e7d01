// A clan member's name opens their profile over the settings overlay ("navigate from a
// clan member list to a profile and back"): the overlay store keeps settings open underneath,
// the host keeps it mounted but covered, and closing the profile gives settings back as it was,
// with the focus on the name that opened it.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { OverlayHost } from '../../src/overlays/OverlayHost';
import { overlayComponent, registerOverlay } from '../../src/app/overlay-registry/registry';
import type { OverlayProps } from '../../src/overlays/types';
import { MemberList } from '../../src/features/clans/MemberList';
import { NavigationProvider, useNavigation } from '../../src/overlays/navigation';
import { createOverlayStore } from '../../src/overlays/store';
import { renderWithShell } from '../support/render';

const MEMBERS = [
  { uuid: 'uuid-bob', username: 'bob', role: 'member' as const, level: 3, tripcoinBalance: 10 },
  { uuid: 'uuid-ann', username: 'ann', role: 'admin' as const, level: 20, tripcoinBalance: 1234.5 },
];

describe('a full-screen overlay opened over another', () => {
  it('keeps the one below open, brings it back when it closes, and reports only what closed', () => {
    const closed: string[] = [];
    const store = createOverlayStore({ onClosed: (key) => closed.push(key) });
    store.open('settings', { section: 'clans' });
    store.open('profile', { uuid: 'a' }, { over: true });
    expect(store.getState()).toMatchObject({ overlay: { key: 'profile', payload: { uuid: 'a' } }, under: { key: 'settings' }, modal: null });
    expect(closed).toEqual([]);
    store.open('profile', { uuid: 'b' }, { over: true }); // another profile: settings stays underneath
    expect(store.getState()).toMatchObject({ overlay: { payload: { uuid: 'b' } }, under: { key: 'settings' } });
    expect(closed).toEqual(['profile']);
    store.close(); // Escape: the profile goes, settings is back
    expect(store.getState()).toMatchObject({ overlay: { key: 'settings', payload: { section: 'clans' } }, under: null });
    expect(closed).toEqual(['profile', 'profile']);
    store.open('profile', { uuid: 'a' }, { over: true });
    store.close('profile'); // the close button
    expect(store.getState().overlay?.key).toBe('settings');
    store.open('profile', { uuid: 'a' }, { over: true });
    store.open('releaseNotes', {}); // a plain open replaces both
    expect(closed).toEqual(['profile', 'profile', 'profile', 'profile', 'settings']);
    expect(store.getState()).toMatchObject({ overlay: { key: 'releaseNotes' }, under: null });
    store.close();
    expect(store.isAnyOpen()).toBe(false);
    store.open('profile', { uuid: 'a' }, { over: true }); // nothing to go over: just opens
    expect(store.getState()).toMatchObject({ overlay: { key: 'profile' }, under: null });
  });

  it("going back to the game ('unity') closes the profile and the settings under it", () => {
    const store = createOverlayStore();
    let navigation: ReturnType<typeof useNavigation> | null = null;
    function Reader() { navigation = useNavigation(); return null; }
    render(<NavigationProvider overlays={store}><Reader /></NavigationProvider>);
    act(() => store.open('settings', {}));
    act(() => navigation?.showProfileOver('uuid-1'));
    expect(store.getState()).toMatchObject({ overlay: { key: 'profile', payload: { uuid: 'uuid-1' } }, under: { key: 'settings' } });
    expect(navigation).toMatchObject({ currentView: 'profile' });
    act(() => navigation?.setCurrentView('unity'));
    expect(store.isAnyOpen()).toBe(false);
  });
});

describe('the clan member list', () => {
  const removals: Array<() => void> = [];
  afterEach(() => { while (removals.length) removals.pop()?.(); });

  /** Settings with some state of its own (a counter) and the member list. */
  function SettingsProbe({ onClose }: OverlayProps<'settings'>) {
    const [clicks, setClicks] = useState(0);
    return (
      <div role="dialog" aria-label="Settings">
        <button type="button" onClick={() => setClicks((n) => n + 1)}>clicked {clicks}</button>
        <MemberList members={MEMBERS} />
        <button type="button" onClick={onClose}>Close settings</button>
      </div>
    );
  }
  function ProfileProbe({ payload, onClose }: OverlayProps<'profile'>) {
    return (
      <div role="dialog" aria-label="Player Profile">
        <p>profile of {payload.uuid}</p>
        <button type="button" onClick={onClose}>Close player profile</button>
      </div>
    );
  }

  function mount() {
    removals.push(registerOverlay('settings', SettingsProbe), registerOverlay('profile', ProfileProbe));
    const store = createOverlayStore();
    renderWithShell(<OverlayHost overlays={store} resolve={overlayComponent} />, { overlays: store });
    act(() => store.open('settings', { section: 'clans' }));
    return store;
  }

  it('names each member as a button that opens their profile over settings; Escape comes back as it was', () => {
    const store = mount();
    fireEvent.click(screen.getByRole('button', { name: 'clicked 0' }));
    const names = screen.getAllByRole('button', { name: /^View profile of / });
    expect(names.map((b) => b.textContent)).toEqual(['ann', 'bob']); // admins first
    // One money format everywhere: "Ŧ1,234.50", not "1,234.5 TC".
    expect(screen.getByText('Ŧ1,234.50')).toBeInTheDocument();
    expect(screen.getByText('Ŧ10.00')).toBeInTheDocument();
    const bob = screen.getByRole('button', { name: 'View profile of bob' });
    bob.focus();
    fireEvent.click(bob);

    expect(screen.getByRole('dialog', { name: 'Player Profile' })).toHaveTextContent('profile of uuid-bob');
    // Settings is still mounted but covered: not in the accessibility tree, not focusable.
    expect(screen.queryByRole('dialog', { name: 'Settings' })).toBeNull();
    const covered = document.querySelector('[data-overlay="settings"]') as HTMLElement;
    expect(covered).toHaveAttribute('inert');
    expect(covered).toHaveStyle({ visibility: 'hidden' });

    act(() => { document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', cancelable: true, bubbles: true })); });
    expect(screen.queryByRole('dialog', { name: 'Player Profile' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'clicked 1' })).toBeInTheDocument(); // the same instance, its state kept
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'View profile of bob' }));
    expect(store.getState()).toMatchObject({ overlay: { key: 'settings' }, under: null });
  });

  it("the profile's close button also returns to settings", () => {
    mount();
    fireEvent.click(screen.getByRole('button', { name: 'View profile of ann' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close player profile' }));
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Player Profile' })).toBeNull();
  });
});
