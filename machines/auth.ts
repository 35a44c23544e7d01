// The auth modal's flow: idle → busy on a valid submit → success, or back
// to idle with the error text and the bot check reset (a token is single-use on the server).
// Pure: the request is an injected actor (`authenticate`), so tests and the shell provide it.
import { assign, fromPromise, setup } from 'xstate';
import { AUTH_TEXT, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_PATTERN, credentialsProblem, isBlankPassword } from '../contract/auth';

export type AuthMode = 'login' | 'signup' | 'logout';

export interface AuthSubmission {
  username: string;
  password: string;
  confirmPassword: string;
  token: string;
  /** Sign-up: the age screen's answer (YYYY-MM-DD), sent as birth_date. */
  birthDate?: string;
}

export interface AuthRequest { mode: AuthMode; submission: AuthSubmission }

/** What the injected actor rejects with: the server's text if it gave one, else a kind. */
export type AuthFailure = { kind: 'server'; text?: string } | { kind: 'network' };

export const AUTH_FALLBACK: Record<AuthMode, string> = {
  login: AUTH_TEXT.loginFailed,
  signup: AUTH_TEXT.registerFailed,
  logout: AUTH_TEXT.logoutFailed,
};

/** The text the modal shows for a failure of `mode`. */
export function failureText(mode: AuthMode, error: unknown): string {
  const failure = error as Partial<AuthFailure> | null;
  if (failure && failure.kind === 'network') return AUTH_TEXT.network;
  if (failure && failure.kind === 'server' && 'text' in failure && failure.text) return failure.text;
  return AUTH_FALLBACK[mode];
}

/** The guard text for a submission, or null when it may go to the server. */
export function validate(mode: AuthMode, s: AuthSubmission): string | null {
  if (mode === 'logout') return null;
  const problem = credentialsProblem(s.username, s.password, mode === 'signup');
  if (problem) return problem;
  if (mode === 'signup' && s.password !== s.confirmPassword) return AUTH_TEXT.passwordsDoNotMatch;
  if (!s.token) return AUTH_TEXT.botCheckMissing;
  return null;
}

export type AuthField = 'username' | 'password' | 'confirmPassword';

/**
 * Every field's problem at once, each for the field it belongs to (the form shows them under
 * their fields after a submit, not one per submit at the bottom). The same rules as validate.
 */
export function fieldProblems(mode: AuthMode, s: Omit<AuthSubmission, 'token'>): Partial<Record<AuthField, string>> {
  if (mode === 'logout') return {};
  const signup = mode === 'signup';
  const out: Partial<Record<AuthField, string>> = {};
  if (!s.username.trim()) out.username = AUTH_TEXT.missingCredentials;
  else if (s.username.length > USERNAME_MAX) out.username = AUTH_TEXT.usernameTooLong;
  else if (signup && !USERNAME_PATTERN.test(s.username)) out.username = AUTH_TEXT.usernameRule;
  if (!s.password) out.password = AUTH_TEXT.missingCredentials;
  else if (s.password.length > PASSWORD_MAX) out.password = AUTH_TEXT.passwordTooLong;
  else if (signup && s.password.length < PASSWORD_MIN) out.password = AUTH_TEXT.signupPasswordTooShort;
  else if (signup && isBlankPassword(s.password)) out.password = AUTH_TEXT.passwordBlank;
  if (signup && s.password !== s.confirmPassword) out.confirmPassword = AUTH_TEXT.passwordsDoNotMatch;
  return out;
}

export interface AuthContext {
  mode: AuthMode;
  error: string | null;
  /** Bumped whenever the bot-check widget must be reset (failure, close). */
  botCheckResets: number;
  result: unknown;
}

export type AuthEvent =
  | { type: 'SUBMIT'; submission: AuthSubmission }
  | { type: 'SET_MODE'; mode: AuthMode }
  | { type: 'RESET' };

const EMPTY: AuthSubmission = { username: '', password: '', confirmPassword: '', token: '' };

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as { mode: AuthMode },
  },
  actors: {
    // Replaced with .provide(); the default refuses so a missing provider is loud.
    authenticate: fromPromise<unknown, AuthRequest>(() => Promise.reject<unknown>({ kind: 'network' })),
  },
  guards: {
    valid: ({ context, event }) => event.type === 'SUBMIT' && validate(context.mode, event.submission) === null,
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({ mode: input.mode, error: null, botCheckResets: 0, result: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        SUBMIT: [
          { guard: 'valid', target: 'busy', actions: assign({ error: null }) },
          {
            actions: assign({
              error: ({ context, event }) => validate(context.mode, event.type === 'SUBMIT' ? event.submission : EMPTY),
            }),
          },
        ],
        SET_MODE: { actions: assign({ mode: ({ event }) => event.mode, error: null }) },
        RESET: { actions: assign({ error: null, botCheckResets: ({ context }) => context.botCheckResets + 1 }) },
      },
    },
    busy: {
      invoke: {
        src: 'authenticate',
        input: ({ context, event }) => ({
          mode: context.mode,
          submission: event.type === 'SUBMIT' ? event.submission : EMPTY,
        }),
        onDone: { target: 'success', actions: assign({ result: ({ event }) => event.output }) },
        onError: {
          target: 'idle',
          actions: assign({
            error: ({ context, event }) => failureText(context.mode, event.error),
            botCheckResets: ({ context }) => context.botCheckResets + 1,
          }),
        },
      },
    },
    success: { type: 'final' },
  },
});
