// The auth and Change Password modals' client-side checks, rendered in jsdom. The public config
// is seeded (Turnstile, whose script jsdom never loads) so no widget produces a token.
import { fireEvent, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AUTH_TEXT } from '../../contract/auth';
import { changePasswordError } from '../../src/features/accounts/changePasswordValidation';
import { ChangePasswordModal } from '../../src/features/accounts/ChangePasswordModal';
import AuthModal, { VERIFYING_TEXT } from '../../src/features/accounts/AuthModal';
import { publicConfigQuery } from '../../src/features/accounts/api/publicConfig';
import { renderWithShell, testQueryClient } from '../support/render';

function wrap(children: ReactNode) {
  const client = testQueryClient();
  client.setQueryData(publicConfigQuery.queryKey, {
    botCheck: { provider: 'turnstile', siteKey: 'test-key' },
    discord: { enabled: false, clientId: null, authorizeUrl: 'https://discord.com/oauth2/authorize' },
    version: '1.3.0',
  });
  return renderWithShell(children, { queryClient: client });
}

const type = (label: RegExp | string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the login modal', () => {
  it('shows its texts and refuses empty fields, then waits for the security check still running', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    wrap(<AuthModal payload={{ mode: 'login' }} onClose={() => undefined} />);
    expect(screen.getByText('Welcome back')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Discord' })).toBeDisabled();
    expect(screen.getByText('Discord sign-in is not configured on this server')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue with CrazyGames' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_TEXT.missingCredentials);
    type('Username', 'alice');
    type(/^Password/, 'secret1');
    fireEvent.submit(screen.getByRole('button', { name: 'Login' }).closest('form') as HTMLFormElement);
    // Issue 22: not 'Please complete the security check' but a busy button until the check is done.
    expect(screen.getByRole('button', { name: VERIFYING_TEXT })).toBeDisabled();
    expect(screen.queryByText(AUTH_TEXT.botCheckMissing)).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });
});

describe('the signup modal', () => {
  it('refuses mismatched passwords', () => {
    wrap(<AuthModal payload={{ mode: 'signup' }} onClose={() => undefined} />);
    expect(screen.getByText('Create an Account')).toBeInTheDocument();
    type('Username', 'alice');
    type(/^Password/, 'secret1');
    type('Confirm password', 'secret2');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_TEXT.passwordsDoNotMatch);
  });
});

describe('the logout modal', () => {
  it('asks for confirmation and Cancel closes it', () => {
    const onClose = vi.fn();
    wrap(<AuthModal payload={{ mode: 'logout' }} onClose={onClose} />);
    expect(screen.getByText('Confirm Logout')).toBeInTheDocument();
    expect(screen.getByText('Are you sure you want to log out? You will need to log back in to access your account.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});

describe('Change Password', () => {
  it('checks all fields, the match and the length, in that order', () => {
    expect(changePasswordError({ current: '', next: 'abcdef', confirm: 'abcdef' })).toBe(AUTH_TEXT.passwordFieldsRequired);
    expect(changePasswordError({ current: 'x', next: 'abcdef', confirm: 'abcdeg' })).toBe(AUTH_TEXT.newPasswordsDoNotMatch);
    expect(changePasswordError({ current: 'x', next: 'abc', confirm: 'abc' })).toBe(AUTH_TEXT.passwordTooShort);
    expect(changePasswordError({ current: 'x', next: 'abcdef', confirm: 'abcdef' })).toBeNull();
    const long = 'n'.repeat(200);
    expect(changePasswordError({ current: 'x', next: long, confirm: long })).toBe(AUTH_TEXT.newPasswordTooLong);
    expect(changePasswordError({ current: 'c'.repeat(500), next: 'abcdef', confirm: 'abcdef' })).toBe(AUTH_TEXT.passwordTooLong);
    expect(changePasswordError({ current: 'x', next: '        ', confirm: '        ' })).toBe(AUTH_TEXT.passwordBlank);
  });

  it('shows the checks in the modal without calling the server', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    wrap(<ChangePasswordModal opened onClose={() => undefined} />);
    const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    submit();
    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_TEXT.passwordFieldsRequired);
    type('Current password', 'old-one');
    type('New password', 'abc');
    type('Confirm new password', 'abd');
    submit();
    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_TEXT.newPasswordsDoNotMatch);
    type('Confirm new password', 'abc');
    submit();
    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_TEXT.passwordTooShort);
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });
});
