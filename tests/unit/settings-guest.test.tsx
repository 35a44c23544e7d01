// Settings as a guest sees them: they work without an account (the Account section says so), a
// switch that acts through an account (show my balance in clans, auto login) is not offered to a
// guest, and the Regions section explains only the settings it shows.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS_USER, whoami } from '../../contract/auth';
import { HIDDEN_SETTINGS, SIDEBAR_ORDERS } from '../../contract/settings';
import SettingsOverlay from '../../src/features/settings/SettingsOverlay';
import AccountSection from '../../src/features/accounts/AccountSection';
import { fakeServer, type FakeServer } from '../support/fakeServer';
import { renderWithShell } from '../support/render';

let server: FakeServer;
const ALICE = { uuid: '6f1c1a52-3f6b-4c39-9a55-7d8a1e0c0001', username: 'alice', verified: 1, isAdmin: false };
const open = (section: string, hidden: readonly string[] = []) =>
  renderWithShell(<SettingsOverlay payload={{ section }} onClose={() => undefined} />, { settingsConfig: { disabledSections: [], hidden, order: SIDEBAR_ORDERS.standard } });

beforeEach(() => { server = fakeServer(); localStorage.clear(); });
afterEach(() => { vi.restoreAllMocks(); });

describe('settings for a guest', () => {
  it('offers no account-only switch to a guest, and both to a player with an account', async () => {
    server.answer(whoami, ANONYMOUS_USER);
    const guest = open('general');
    await waitFor(() => expect(server.requests(whoami).length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.queryByRole('switch', { name: 'Show my TripCoin balance to other players' })).toBeNull());
    expect(screen.queryByRole('switch', { name: 'Auto Login' })).toBeNull();
    expect(screen.getByRole('switch', { name: 'Show FPS' })).toBeInTheDocument();
    guest.unmount();

    server.answer(whoami, ALICE);
    open('general');
    expect(await screen.findByRole('switch', { name: 'Show my TripCoin balance to other players' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Auto Login' })).toBeInTheDocument();
  });

  it('explains low latency and auto-decline only where those settings are on the screen', () => {
    server.answer(whoami, ANONYMOUS_USER);
    const shipped = open('regions', HIDDEN_SETTINGS);
    expect(screen.getAllByText('Region').length).toBeGreaterThan(0);
    expect(screen.queryByTestId('latency-description')).toBeNull();
    shipped.unmount();
    open('regions');
    expect(screen.getByTestId('latency-description')).toBeInTheDocument();
  });

  it('tells a signed-out player that settings work without an account', async () => {
    server.answer(whoami, ANONYMOUS_USER);
    renderWithShell(<AccountSection />);
    const text = await screen.findByText(/logged out/);
    expect(text.textContent).not.toMatch(/access your account and settings/);
    expect(text.textContent).toMatch(/settings work without an account/i);
  });
});
