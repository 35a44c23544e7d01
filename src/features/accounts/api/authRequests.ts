// The requests behind the auth machine's `authenticate` actor, with failures turned into the
// machine's AuthFailure (server text, or network) so the machine stays free of fetch.
import { AUTH_TEXT, login, logout, register } from '../../../../contract/auth';
import type { AuthFailure, AuthRequest } from '../../../../machines/auth';
import { ApiError, call } from '../../../api/client';
import { serverErrorText } from '../../../api/errors';
import { botCheckTokenFor } from '../headlessBotCheck';

/** Times a sign-in answered BOT_CHECK_HARDER is retried with a check solved for the name. */
const HARDER_RETRIES = 2;

class BotCheckFailed extends Error {}

export function toAuthFailure(error: unknown): AuthFailure {
  if (error instanceof BotCheckFailed) return { kind: 'server', text: AUTH_TEXT.botCheckFailed };
  if (error instanceof ApiError) return { kind: 'server', text: serverErrorText(error) };
  return { kind: 'network' };
}

export async function authenticate({ mode, submission }: AuthRequest) {
  try {
    if (mode === 'logout') return await call(logout, { body: {} });
    const username = submission.username.trim();
    let token = submission.token;
    for (let retry = 0; ; retry++) {
      const body = { username, password: submission.password, turnstile_token: token };
      try {
        if (mode === 'login') return await call(login, { body: { ...body, remember_me: true } });
        return await call(register, { body });
      } catch (error) {
        // Recent failed attempts at this name (or from this address) ask a harder check than the
        // one solved in the background: solve that one, for this name, and send again.
        if (!(error instanceof ApiError && error.code === 'BOT_CHECK_HARDER') || retry >= HARDER_RETRIES) throw error;
        token = await botCheckTokenFor(username).catch((): never => { throw new BotCheckFailed(); });
      }
    }
  } catch (error) {
    throw toAuthFailure(error);
  }
}
