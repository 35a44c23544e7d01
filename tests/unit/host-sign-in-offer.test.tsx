// Where the host's rules keep every player a guest (Poki), no screen offers a Log In or a Create
// Account, nor a text promising an account: the guest reads what is true for them instead. The
// portal's guest (CrazyGames) is offered the portal's own sign-in, on Get TripCoins too.
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS_USER } from '../../contract/auth';
import { currentUserQuery } from '../../src/api/currentUser';
import SettingsOverlayEntry from '../../src/app/overlay-registry/SettingsOverlayEntry';
import AirdropSection from '../../src/features/accounts/AirdropSection';
import ClansSection from '../../src/features/clans/ClansSection';
import { LogInPrompt } from '../../src/features/market/LogInPrompt';
import GetTripCoinsOverlay from '../../src/features/purchases/GetTripCoinsOverlay';
import type { HostKind } from '../../hosts/list';
import { renderWithShell, testQueryClient } from '../support/render';

vi.mock('../../src/host-bridge/hostCall', () => ({
  askHost: async () => ({ status: 'unavailable', reason: 'signInRequired' }),
}));

const GUEST_NOTE = 'On Poki you play as a guest: signing in is not offered here.';
const SIGN_IN = /log ?in|sign ?in|create account/i;

function asGuest(ui: React.ReactNode, kind: HostKind) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(currentUserQuery.queryKey, ANONYMOUS_USER);
  return renderWithShell(ui, { host: { kind }, queryClient });
}

describe('a guest-only host offers no sign-in anywhere', () => {
  afterEach(() => { vi.restoreAllMocks(); });

  it.each([
    ['Airdrops', () => <AirdropSection />],
    ['Clans', () => <ClansSection />],
    ['the marketplace', () => <LogInPrompt text="Log in to sell items on the marketplace." />],
    ['Get TripCoins', () => <GetTripCoinsOverlay payload={{}} onClose={() => undefined} />],
  ])('%s: the guest note, and no Log In button nor a "log in to" text', { timeout: 20_000 }, async (_name, ui) => {
    asGuest(ui(), 'poki');
    expect(await screen.findByTestId('guest-only-note')).toHaveTextContent(GUEST_NOTE);
    expect(screen.queryByRole('button', { name: SIGN_IN })).toBeNull();
    expect(screen.queryByText(/Log in to/i)).toBeNull();
  });

  it('elsewhere the same screens keep their Log In', { timeout: 20_000 }, async () => {
    asGuest(<ClansSection />, 'web');
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(screen.queryByTestId('guest-only-note')).toBeNull();
  });

  it("the storage notice promises no account on Poki", { timeout: 20_000 }, () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => { throw new DOMException('blocked', 'SecurityError'); });
    const poki = asGuest(<SettingsOverlayEntry payload={{}} onClose={() => undefined} />, 'poki');
    expect(screen.getByText('Your settings last only for this visit: this browser does not let the game keep them here, and on Poki you play as a guest.')).toBeInTheDocument();
    expect(screen.queryByText(/your account/)).toBeNull();
    poki.unmount();
  });
});

describe("the portal's guest on Get TripCoins", () => {
  it("is offered the portal's own sign-in, which opens the sign-in the account screen uses", { timeout: 20_000 }, async () => {
    const view = asGuest(<GetTripCoinsOverlay payload={{}} onClose={() => undefined} />, 'crazygames');
    const button = await screen.findByRole('button', { name: 'Log in with CrazyGames' });
    fireEvent.click(button);
    expect(view.overlays.getState().modal).toMatchObject({ key: 'auth', payload: { mode: 'login' } });
  });
});
