// The Profile card's Log Out follows the configuration: hidden in the spec's (profileLogout is
// in the hidden list), shown where a configuration turns it on.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountFeatures } from '../../src/features/accounts/accountConfig';
import { NO_PASSWORD_TEXT, ProfileTab } from '../../src/features/accounts/ProfileTab';

const user = { uuid: '00000000-0000-4000-8000-000000000001', username: 'alice', verified: 1, isAdmin: false, accountCreatedAt: '2025-01-02T03:04:05Z' };

function renderTab(features?: ReturnType<typeof accountFeatures>, who: typeof user & { hasPassword?: boolean } = user) {
  const client = new QueryClient();
  return render(<MantineProvider env="test"><QueryClientProvider client={client}><ProfileTab user={who} {...(features ? { features } : {})} /></QueryClientProvider></MantineProvider>);
}

describe('Profile card', () => {
  it('has no Log Out button in the default configuration', { timeout: 20_000 }, () => {
    renderTab();
    expect(screen.getByText('alice')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log Out' })).toBeNull();
  });

  it('shows Log Out when the configuration enables profile logout', { timeout: 20_000 }, () => {
    renderTab(accountFeatures([]));
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
  });

  it('offers no Change Password to an account without a password, and says why', { timeout: 20_000 }, () => {
    renderTab(undefined, { ...user, hasPassword: false });
    expect(screen.queryByRole('button', { name: 'Change Password' })).toBeNull();
    expect(screen.getByTestId('no-password')).toHaveTextContent(NO_PASSWORD_TEXT);
  });
});
