// Accounts and sessions: spec part 1 §5, §7, §8 and part 2 §5 (change password).
import { z } from 'zod';
import { defineEndpoint, EmptyBody } from './http';

export const AUTH_TEXT = {
  missingCredentials: 'Please enter both username and password',
  passwordsDoNotMatch: 'Passwords do not match',
  botCheckMissing: 'Please complete the security check',
  botCheckFailed: 'Security check failed. Please try again.',
  botCheckExpired: 'Security check expired. Please verify again.',
  loginFailed: 'Failed to authenticate. Please try again.',
  registerFailed: 'Failed to create account. Please try again.',
  logoutFailed: 'Failed to log out. Please try again.',
  network: 'An unexpected error occurred. Please try again later.',
  loggedOut: 'You have been logged out successfully.',
  invalidCredentials: 'Invalid username or password',
  usernameTaken: 'That username is already taken',
  usernameRule: 'Username must be 3-20 characters: letters, digits and underscores',
  passwordTooLong: 'Password must be at most 128 characters',
  passwordFieldsRequired: 'Please fill in all password fields',
  newPasswordsDoNotMatch: 'New passwords do not match',
  passwordTooShort: 'New password must be at least 6 characters long',
  signupPasswordTooShort: 'Password must be at least 6 characters long',
  currentPasswordWrong: 'Current password is incorrect',
  changePasswordFailed: 'Failed to change password. Please try again.',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  notLoggedIn: 'Not logged in',
} as const;

/**
 * Usernames: 3 to 20 characters, ASCII letters, digits and underscores. Unique regardless of
 * case ("Alice" and "alice" are one name); the spelling chosen at signup is kept for display.
 */
export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,20}$/;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).min(1, message).max(max, message);

export const LoginBody = z.object({
  username: requiredText(AUTH_TEXT.missingCredentials, 64),
  password: requiredText(AUTH_TEXT.missingCredentials, PASSWORD_MAX),
  remember_me: z.boolean().optional().default(true),
  turnstile_token: requiredText(AUTH_TEXT.botCheckMissing, 20_000),
});

export const RegisterBody = z.object({
  username: requiredText(AUTH_TEXT.missingCredentials, 64).refine((u) => USERNAME_PATTERN.test(u), AUTH_TEXT.usernameRule),
  password: requiredText(AUTH_TEXT.missingCredentials, PASSWORD_MAX).refine((p) => p.length >= PASSWORD_MIN, AUTH_TEXT.signupPasswordTooShort),
  turnstile_token: requiredText(AUTH_TEXT.botCheckMissing, 20_000),
});

export const ChangePasswordBody = z.object({
  currentPassword: requiredText(AUTH_TEXT.passwordFieldsRequired, PASSWORD_MAX),
  newPassword: requiredText(AUTH_TEXT.passwordFieldsRequired, PASSWORD_MAX).refine((p) => p.length >= PASSWORD_MIN, AUTH_TEXT.passwordTooShort),
});

/** The current user as GET /api/whoami answers it. Logged in: verified !== 0 and no error. */
export const CurrentUser = z.object({
  uuid: z.string(),
  username: z.string(),
  verified: z.number().int(),
  isAdmin: z.boolean(),
  error: z.string().optional(),
  accountCreatedAt: z.string().optional(),
  lastLoginAt: z.string().nullable().optional(),
  preferred_address: z.string().nullable().optional(),
  modular_wallets: z.array(z.object({ address: z.string() })).optional(),
  /** False when the account signs in only through Discord or the portal (no password to change). */
  hasPassword: z.boolean().optional(),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

export const ANONYMOUS_USER: CurrentUser = { uuid: 'anonymous', username: 'Anonymous', verified: 0, isAdmin: false };

export function isLoggedIn(user: CurrentUser | undefined | null): boolean {
  return !!user && user.verified !== 0 && !user.error;
}

/** What login and register answer: the user data the shell hands to the game. */
export const AuthSuccess = CurrentUser.extend({ status: z.literal('ok') });

export const LogoutSuccess = CurrentUser.extend({ status: z.literal('logged_out'), message: z.string() });

export const MessageAnswer = z.object({ message: z.string() });

export const register = defineEndpoint({
  method: 'POST', path: '/api/register', access: 'public', summary: 'Create an account and log in',
  body: RegisterBody, response: AuthSuccess,
});
export const login = defineEndpoint({
  method: 'POST', path: '/api/login', access: 'public', summary: 'Log in with username and password',
  body: LoginBody, response: AuthSuccess,
});
export const logout = defineEndpoint({
  method: 'POST', path: '/api/logout', access: 'public', summary: 'End this session',
  body: EmptyBody, response: LogoutSuccess,
});
export const whoami = defineEndpoint({
  method: 'GET', path: '/api/whoami', access: 'public', summary: 'The current user, or the anonymous identity',
  response: CurrentUser,
});
export const changePassword = defineEndpoint({
  method: 'POST', path: '/api/userChangePassword', access: 'user', summary: 'Change password; ends every other session',
  body: ChangePasswordBody, response: MessageAnswer,
});

export const authEndpoints = { register, login, logout, whoami, changePassword };
