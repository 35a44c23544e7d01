// The Profile card's Log Out follows the configuration: shown by default (a
// player on a shared computer must be able to sign out), hidden where a parent's list names
// profileLogout (the spec's); it opens the logout confirmation through the overlay API.
import { fireEvent, screen } from '@testing-library/react';
import { SPEC_HIDDEN_SETTINGS } from '../../contract/settings';
import { describe, expect, it } from 'vitest';
import { accountFeatures } from '../../src/features/accounts/accountConfig';
import { NO_PASSWORD_TEXT, ProfileTab } from '../../src/features/accounts/ProfileTab';
import { renderWithShell, testQueryClient } from '../support/render';

const user = { uuid: '00000000-0000-4000-8000-000000000001', username: 'alice', verified: 1, isAdmin: false, accountCreatedAt: '2025-01-02T03:04:05Z' };

function renderTab(features?: ReturnType<typeof accountFeatures>, who: typeof user & { hasPassword?: boolean } = user) {
  const client = testQueryClient();
  return renderWithShell(<ProfileTab user={who} {...(features ? { features } : {})} />, { queryClient: client });
}

describe('Profile card', () => {
  it("has no Log Out button under the spec's hidden list", { timeout: 20_000 }, () => {
    renderTab(accountFeatures(SPEC_HIDDEN_SETTINGS));
    expect(screen.getByText('alice')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log Out' })).toBeNull();
  });

  it('shows Log Out in the default configuration, opening the logout confirmation', { timeout: 20_000 }, () => {
    const view = renderTab();
    fireEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(view.overlays.getState().modal).toMatchObject({ key: 'auth', payload: { mode: 'logout' } });
  });

  it('offers no Change Password to an account without a password, and says why', { timeout: 20_000 }, () => {
    renderTab(undefined, { ...user, hasPassword: false });
    expect(screen.queryByRole('button', { name: 'Change Password' })).toBeNull();
    expect(screen.getByTestId('no-password')).toHaveTextContent(NO_PASSWORD_TEXT);
  });
});
