// Accounts and sessions: sign-up, log-in, log-out, whoami and the password change.
import { z } from 'zod';
import { BirthDate } from './age';
import { defineEndpoint, EmptyBody } from './http';

export const AUTH_TEXT = {
  missingCredentials: 'Please enter both username and password',
  passwordChanged: 'Password updated successfully',
  passwordsDoNotMatch: 'Passwords do not match',
  botCheckMissing: 'Please complete the security check',
  botCheckFailed: 'Security check failed. Please try again.',
  botCheckExpired: 'Security check expired. Please verify again.',
  /** The check was solved at an easier level than this name or address now asks for (recent
   * failed attempts); the shell solves a harder one by itself and tries again. */
  botCheckHarder: 'The security check needs more work after recent failed attempts. Please try again.',
  loginFailed: 'Failed to authenticate. Please try again.',
  registerFailed: 'Failed to create account. Please try again.',
  logoutFailed: 'Failed to log out. Please try again.',
  network: 'An unexpected error occurred. Please try again later.',
  loggedOut: 'You have been logged out successfully.',
  invalidCredentials: 'Invalid username or password',
  usernameTaken: 'That username is already taken',
  usernameRule: 'Username must be 3-20 characters: letters, digits and underscores',
  usernameLookalike: 'That username looks the same as one already taken (I, l and 1, or O and 0, look alike)',
  usernameTooLong: 'Username must be at most 20 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  newPasswordTooLong: 'New password must be at most 128 characters',
  passwordBlank: 'Password cannot be only spaces',
  /** Shown under the sign-up fields before anything is refused. */
  usernameHint: '3-20 letters, digits or underscores',
  passwordHint: 'At least 6 characters',
  passwordFieldsRequired: 'Please fill in all password fields',
  newPasswordsDoNotMatch: 'New passwords do not match',
  passwordTooShort: 'New password must be at least 6 characters long',
  signupPasswordTooShort: 'Password must be at least 6 characters long',
  currentPasswordWrong: 'Current password is incorrect',
  changePasswordFailed: 'Failed to change password. Please try again.',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  /** Every password check of this server process is taken (503 with Retry-After). */
  passwordWorkBusy: 'The server is busy checking passwords. Please try again in a moment.',
  loggedOutEverywhere: 'You have been signed out on every device.',
  notLoggedIn: 'Not logged in',
  /** A log-in to an account the studio banned, with the studio's words to the player. */
  banned: (message: string) => `This account is banned: ${message}`,
  /** The same, when the studio wrote nothing for the player (their internal reason stays in the audit log). */
  bannedWithoutMessage: 'This account is banned',
} as const;

/**
 * Usernames: 3 to 20 characters, ASCII letters, digits and underscores. Unique regardless of
 * case ("Alice" and "alice" are one name); the spelling chosen at signup is kept for display.
 */
export const USERNAME_MAX = 20;
export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,20}$/;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

/** A password that is nothing but white space is refused wherever a password is chosen. */
export const isBlankPassword = (password: string): boolean => password.length > 0 && password.trim() === '';

/**
 * The first thing wrong with credentials typed into a form, in one order for the shell and the
 * server: missing, too long (naming the limit, never "please enter both" for a long value), and
 * when choosing (sign-up) the username rule, the minimum length and a blank password.
 */
export function credentialsProblem(username: string, password: string, choosing: boolean): string | null {
  if (!username.trim() || !password) return AUTH_TEXT.missingCredentials;
  if (username.length > USERNAME_MAX) return AUTH_TEXT.usernameTooLong;
  if (password.length > PASSWORD_MAX) return AUTH_TEXT.passwordTooLong;
  if (!choosing) return null;
  if (!USERNAME_PATTERN.test(username)) return AUTH_TEXT.usernameRule;
  if (password.length < PASSWORD_MIN) return AUTH_TEXT.signupPasswordTooShort;
  if (isBlankPassword(password)) return AUTH_TEXT.passwordBlank;
  return null;
}

const requiredText = (message: string, max: number, tooLong = message) =>
  z.string({ error: message }).min(1, message).max(max, tooLong);

/** Username and password as a login checks them (Discord fusion checks the same way). */
export const LoginCredentials = z.object({
  username: requiredText(AUTH_TEXT.missingCredentials, USERNAME_MAX, AUTH_TEXT.usernameTooLong),
  password: requiredText(AUTH_TEXT.missingCredentials, PASSWORD_MAX, AUTH_TEXT.passwordTooLong),
});

export const LoginBody = LoginCredentials.extend({
  remember_me: z.boolean().optional().default(true),
  turnstile_token: requiredText(AUTH_TEXT.botCheckMissing, 20_000),
});

export const RegisterBody = z.object({
  username: requiredText(AUTH_TEXT.missingCredentials, USERNAME_MAX, AUTH_TEXT.usernameTooLong).refine((u) => USERNAME_PATTERN.test(u), AUTH_TEXT.usernameRule),
  password: requiredText(AUTH_TEXT.missingCredentials, PASSWORD_MAX, AUTH_TEXT.passwordTooLong)
    .refine((p) => p.length >= PASSWORD_MIN, AUTH_TEXT.signupPasswordTooShort)
    .refine((p) => !isBlankPassword(p), AUTH_TEXT.passwordBlank),
  turnstile_token: requiredText(AUTH_TEXT.botCheckMissing, 20_000),
  /** The age screen's answer (contract/age.ts): optional, so a client written to the spec's call
   * still signs up (its player is asked before a first wager). Under 13 is refused, nothing kept. */
  birth_date: BirthDate.optional(),
});

export const ChangePasswordBody = z.object({
  currentPassword: requiredText(AUTH_TEXT.passwordFieldsRequired, PASSWORD_MAX, AUTH_TEXT.passwordTooLong),
  newPassword: requiredText(AUTH_TEXT.passwordFieldsRequired, PASSWORD_MAX, AUTH_TEXT.newPasswordTooLong)
    .refine((p) => p.length >= PASSWORD_MIN, AUTH_TEXT.passwordTooShort)
    .refine((p) => !isBlankPassword(p), AUTH_TEXT.passwordBlank),
  /** Asked for after a recent failed attempt at this account or from this address (400
   * BOT_CHECK_REQUIRED without it, BOT_CHECK_HARDER when solved too easily, as at sign-in). */
  turnstile_token: z.string().min(1).max(20_000).optional(),
});

/** Signing out everywhere is confirmed in the body: a JSON body, so no form or simple request of
 * another site can send it. */
export const LogoutEverywhereBody = z.object({ everywhere: z.literal(true) });

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
  method: 'POST', path: '/api/logout', access: 'public', readsPlayer: true, summary: 'End this session',
  body: EmptyBody, response: LogoutSuccess,
});
export const whoami = defineEndpoint({
  method: 'GET', path: '/api/whoami', access: 'public', readsPlayer: true, summary: 'The current user, or the anonymous identity',
  response: CurrentUser,
});
export const changePassword = defineEndpoint({
  method: 'POST', path: '/api/userChangePassword', access: 'user', summary: 'Change password; ends every other session',
  body: ChangePasswordBody, response: MessageAnswer,
});

export const logoutEverywhere = defineEndpoint({
  method: 'POST', path: '/api/logoutEverywhere', access: 'user', summary: 'End every session of this player, this one included',
  body: LogoutEverywhereBody, response: LogoutSuccess,
});

export const authEndpoints = { register, login, logout, whoami, changePassword, logoutEverywhere };
