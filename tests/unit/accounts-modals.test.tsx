// The auth and Change Password modals' client-side checks, rendered in jsdom. The public config
// is seeded (Turnstile, whose script jsdom never loads) so no widget produces a token.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DISCORD_TEXT } from '../../contract/accounts';
import { AUTH_TEXT } from '../../contract/auth';
import { config } from '../../contract/system';
import { PROVIDER_TEXT } from '../../src/features/accounts/ProviderButtons';
import { fakeServer } from '../support/fakeServer';
import { changePasswordError } from '../../src/features/accounts/changePasswordValidation';
import { ChangePasswordModal } from '../../src/features/accounts/ChangePasswordModal';
import AuthModal, { VERIFYING_TEXT } from '../../src/features/accounts/AuthModal';
import { renderWithPublicConfig, renderWithShell, typeInto } from '../support/render';

/** The error line under a field (Mantine's, which the field's aria-describedby names). */
const fieldError = (label: RegExp | string) => {
  const input = screen.getByLabelText(label);
  const id = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).find((part) => part.endsWith('-error'));
  return (id && document.getElementById(id)?.textContent) || null;
};

describe('the login modal', () => {
  it('shows its texts and refuses empty fields, then waits for the security check still running', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderWithPublicConfig(<AuthModal payload={{ mode: 'login' }} onClose={() => undefined} />);
    expect(screen.getByText('Welcome back')).toBeInTheDocument();
    // A server without Discord: no Discord button at all, nor a note a player cannot act on.
    expect(screen.queryByRole('button', { name: 'Continue with Discord' })).toBeNull();
    expect(screen.queryByText('Discord sign-in is not configured on this server')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue with CrazyGames' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    // Each empty field says so under itself, both at once; nothing repeats it at the bottom.
    expect(fieldError('Username')).toBe(AUTH_TEXT.missingCredentials);
    expect(fieldError(/^Password/)).toBe(AUTH_TEXT.missingCredentials);
    expect(screen.queryByRole('alert')).toBeNull();
    typeInto('Username', 'alice');
    typeInto(/^Password/, 'secret1');
    fireEvent.submit(screen.getByRole('button', { name: 'Login' }).closest('form') as HTMLFormElement);
    // Not 'Please complete the security check' but a busy button until the check is done.
    expect(screen.getByRole('button', { name: VERIFYING_TEXT })).toBeDisabled();
    expect(screen.queryByText(AUTH_TEXT.botCheckMissing)).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });
});

describe('the signup modal', () => {
  it('refuses mismatched passwords', () => {
    renderWithPublicConfig(<AuthModal payload={{ mode: 'signup' }} onClose={() => undefined} />);
    expect(screen.getByText('Create an Account')).toBeInTheDocument();
    // The age screen comes first (tests/unit/age-screen.test.tsx): an adult's answer.
    for (const [part, value] of [['day', '1'], ['month', '4'], ['year', '1990']]) fireEvent.change(screen.getByTestId(`age-${part}`), { target: { value } });
    fireEvent.click(screen.getByTestId('age-continue'));
    typeInto('Username', 'alice');
    typeInto(/^Password/, 'secret1');
    typeInto('Confirm password', 'secret2');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(fieldError('Confirm password')).toBe(AUTH_TEXT.passwordsDoNotMatch);
  });

  it('shows every field\'s problem at once, each under its field, on the first press', () => {
    renderWithPublicConfig(<AuthModal payload={{ mode: 'signup' }} onClose={() => undefined} />);
    for (const [part, value] of [['day', '1'], ['month', '4'], ['year', '1990']]) fireEvent.change(screen.getByTestId(`age-${part}`), { target: { value } });
    fireEvent.click(screen.getByTestId('age-continue'));
    typeInto('Username', 'a!');
    typeInto(/^Password/, '123');
    typeInto('Confirm password', '1234');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(fieldError('Username')).toBe(AUTH_TEXT.usernameRule);
    expect(fieldError(/^Password/)).toBe(AUTH_TEXT.signupPasswordTooShort);
    expect(fieldError('Confirm password')).toBe(AUTH_TEXT.passwordsDoNotMatch);
    // Fixing a field clears its line at once.
    typeInto('Username', 'alice');
    expect(fieldError('Username')).toBeNull();
  });
});

describe('the logout modal', () => {
  it('asks for confirmation and Cancel closes it', () => {
    const onClose = vi.fn();
    renderWithPublicConfig(<AuthModal payload={{ mode: 'logout' }} onClose={onClose} />);
    expect(screen.getByText('Log out?')).toBeInTheDocument();
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
    renderWithPublicConfig(<ChangePasswordModal opened onClose={() => undefined} username="someone" />);
    const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    submit();
    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_TEXT.passwordFieldsRequired);
    typeInto('Current password', 'old-one');
    typeInto('New password', 'abc');
    typeInto('Confirm new password', 'abd');
    submit();
    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_TEXT.newPasswordsDoNotMatch);
    typeInto('Confirm new password', 'abc');
    submit();
    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_TEXT.passwordTooShort);
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });
});

describe('the Discord button while /api/config has not answered', () => {
  const answerLater = () => {
    const server = fakeServer();
    let release: (body: { status: number; body: unknown }) => void = () => undefined;
    server.handle(config, () => new Promise((resolve) => { release = resolve; }));
    return (discord: { enabled: boolean; clientId: string | null }) => release({ status: 200, body: {
      botCheck: { provider: 'turnstile', siteKey: 'test-key' }, discord: { ...discord, authorizeUrl: 'https://discord.com/oauth2/authorize' }, version: '1.3.0',
    } });
  };

  it('is busy until the server answers, then shows no Discord button (nor the "or" before it) when it is not configured', async () => {
    const answer = answerLater();
    renderWithShell(<AuthModal payload={{ mode: 'login' }} onClose={() => undefined} />);
    const button = () => screen.queryByRole('button', { name: 'Continue with Discord' });
    expect(button()).toHaveAttribute('aria-busy', 'true');
    expect(button()).toBeDisabled();
    answer({ enabled: false, clientId: null });
    await waitFor(() => expect(button()).toBeNull());
    expect(screen.queryByText(DISCORD_TEXT.notConfigured)).toBeNull();
    expect(screen.queryByText(/^or$/i)).toBeNull();
  });

  it('becomes the working button when the server has Discord configured, never saying otherwise', async () => {
    const answer = answerLater();
    renderWithShell(<AuthModal payload={{ mode: 'login' }} onClose={() => undefined} />);
    expect(screen.queryByText(DISCORD_TEXT.notConfigured)).toBeNull();
    answer({ enabled: true, clientId: '123456789012345678' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue with Discord' })).toBeEnabled());
    expect(screen.queryByText(DISCORD_TEXT.notConfigured)).toBeNull();
  });

  it('says it could not check, not "not configured", when /api/config fails', async () => {
    fakeServer().fail(config, 503, { error: 'down' });
    renderWithShell(<AuthModal payload={{ mode: 'login' }} onClose={() => undefined} />);
    expect(await screen.findByText(PROVIDER_TEXT.configFailed)).toBeInTheDocument();
    expect(screen.queryByText(DISCORD_TEXT.notConfigured)).toBeNull();
  });
});
