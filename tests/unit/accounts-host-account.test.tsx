// Where the host's account is the player's (CrazyGames' full launch), the shell offers no other
// way in or out: the signed-in player's Profile has no Log Out and no password, the guest's
// button names the portal, and what the game would open on other hosts (its own Log Out, the
// Daily Spin's Discord check, the Discord account decision) answers with a text naming the host.
// Elsewhere nothing changes, and the profile's sign-in wording follows the host.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ANONYMOUS_USER } from '../../contract/auth';
import { currentUserQuery } from '../../src/api/currentUser';
import AccountSection from '../../src/features/accounts/AccountSection';
import AuthModal from '../../src/features/accounts/AuthModal';
import DiscordFusionModal from '../../src/features/accounts/DiscordFusionModal';
import { ProfileTab } from '../../src/features/accounts/ProfileTab';
import VerifyDiscordModal from '../../src/features/accounts/VerifyDiscordModal';
import { renderWithShell, testQueryClient } from '../support/render';

const user = { uuid: '00000000-0000-4000-8000-000000000001', username: 'cheese', verified: 1, isAdmin: false, accountCreatedAt: '2025-01-02T03:04:05Z' };
const portal = { host: { kind: 'crazygames' as const } };

describe('the portal: its account is the way in and out', () => {
  it('a signed-in player has no Log Out and no Change Password, and reads that the portal signs them in and out', { timeout: 20_000 }, () => {
    renderWithShell(<ProfileTab user={{ ...user, hasPassword: true }} />, portal);
    expect(screen.getByText('cheese')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log Out' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change Password' })).toBeNull();
    expect(screen.getByTestId('host-account')).toHaveTextContent('You play with your CrazyGames account. Sign in and out on CrazyGames itself.');
    expect(screen.queryByText(/Discord/)).toBeNull();
  });

  it("a guest's button reads Log in with CrazyGames and opens the sign-in only when pressed", { timeout: 20_000 }, async () => {
    const queryClient = testQueryClient();
    queryClient.setQueryData(currentUserQuery.queryKey, ANONYMOUS_USER);
    const view = renderWithShell(<AccountSection />, { ...portal, queryClient });
    const button = await screen.findByRole('button', { name: 'Log in with CrazyGames' });
    expect(screen.queryByRole('button', { name: 'Create Account' })).toBeNull();
    expect(view.overlays.getState().modal).toBeNull();
    fireEvent.click(button);
    expect(view.overlays.getState().modal).toMatchObject({ key: 'auth', payload: { mode: 'login' } });
  });

  it("the game's own Log Out is answered with a text, and nothing signs the player out", { timeout: 20_000 }, async () => {
    const onClose = vi.fn();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderWithShell(<AuthModal payload={{ mode: 'logout' }} onClose={onClose} />, { ...portal, withToasts: true });
    expect(await screen.findByText('You are logged in with your CrazyGames account. To log out, log out on CrazyGames.')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Log Out' })).toBeNull();
    expect(fetchSpy.mock.calls.filter(([url]) => String(url).includes('logout'))).toEqual([]);
    fetchSpy.mockRestore();
  });

  it("'daily spin not verified' says the portal has no Discord check instead of opening Connect your Discord account", { timeout: 20_000 }, () => {
    renderWithShell(<VerifyDiscordModal payload={{}} onClose={() => undefined} />, portal);
    expect(screen.getByTestId('host-daily-spin')).toHaveTextContent('The Daily Spin needs a Discord check, which is not offered on CrazyGames.');
    expect(screen.queryByText(/Connect your Discord account/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Connect' })).toBeNull();
  });

  it("the game's Discord account decision (and its password form) is answered with a text", { timeout: 20_000 }, async () => {
    const onClose = vi.fn();
    renderWithShell(<DiscordFusionModal payload={{ discordUser: { id: '1', username: 'd' } }} onClose={onClose} />, { ...portal, withToasts: true });
    expect(await screen.findByText('On CrazyGames you play with your CrazyGames account: no Discord account is needed.')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByLabelText('Password')).toBeNull();
  });
});

describe('Poki: the player plays as a guest, as its rules ask', () => {
  const poki = { host: { kind: 'poki' as const } };

  it('a guest reads that signing in is not offered, with no Log In, no Create Account and no Discord', { timeout: 20_000 }, async () => {
    const queryClient = testQueryClient();
    queryClient.setQueryData(currentUserQuery.queryKey, ANONYMOUS_USER);
    renderWithShell(<AccountSection />, { ...poki, queryClient });
    expect(await screen.findByTestId('account-guest-only')).toHaveTextContent('On Poki you play as a guest: signing in is not offered here.');
    expect(screen.queryByRole('button', { name: /Log In|Create Account|Discord/i })).toBeNull();
  });

  it('whatever asks for a sign-in (a Log In button, the game) gets that text, and no password or Discord form opens', { timeout: 20_000 }, async () => {
    for (const mode of ['login', 'signup'] as const) {
      const onClose = vi.fn();
      const view = renderWithShell(<AuthModal payload={{ mode }} onClose={onClose} />, { ...poki, withToasts: true });
      expect((await screen.findAllByText('On Poki you play as a guest: signing in is not offered here.')).length).toBeGreaterThan(0);
      expect(onClose).toHaveBeenCalledTimes(1);
      expect(screen.queryByLabelText('Password')).toBeNull();
      expect(screen.queryByRole('button', { name: /Discord/ })).toBeNull();
      view.unmount();
    }
  });
});

describe('other hosts keep their own ways in and out', () => {
  it('the web: Log Out, Log In and the Discord check as before', { timeout: 20_000 }, async () => {
    renderWithShell(<ProfileTab user={user} />);
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
    const queryClient = testQueryClient();
    queryClient.setQueryData(currentUserQuery.queryKey, ANONYMOUS_USER);
    renderWithShell(<AccountSection />, { queryClient });
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument();
    renderWithShell(<VerifyDiscordModal payload={{}} onClose={() => undefined} />);
    expect(screen.getByText(/Connect your Discord account/)).toBeInTheDocument();
  });

  it('Discord: an account without a password reads that Discord signs it in', { timeout: 20_000 }, async () => {
    renderWithShell(<ProfileTab user={{ ...user, hasPassword: false }} />, { host: { kind: 'discord' } });
    await waitFor(() => expect(screen.getByTestId('no-password')).toHaveTextContent('You sign in with Discord, so this account has no password to change.'));
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
  });
});
