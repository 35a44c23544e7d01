// The requests behind the auth machine's `authenticate` actor, with failures turned into the
// machine's AuthFailure (server text, or network) so the machine stays free of fetch.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { CurrentUser, isLoggedIn, login, register } from '../../../../contract/auth';
import type { AuthFailure, AuthRequest } from '../../../../machines/auth';
import { ApiError, call } from '../../../api/client';
import { currentUserQuery } from '../../../api/currentUser';
import { serverErrorText } from '../../../api/errors';
import { botCheckTokenFor } from '../headlessBotCheck';
import { logOut, signedOut } from '../signOut';
import { AUTH_TEXT } from '../../../i18n/texts';

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
    if (mode === 'logout') return await logOut();
    const username = submission.username.trim();
    let token = submission.token;
    for (let retry = 0; ; retry++) {
      const body = { username, password: submission.password, turnstile_token: token };
      try {
        if (mode === 'login') return await call(login, { body: { ...body, remember_me: true } });
        return await call(register, { body: submission.birthDate ? { ...body, birth_date: submission.birthDate } : body });
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

/** After a login, signup or logout: the whoami cache holds who is playing now (the game hears it
 * from there: playerToGame.ts), then whoami is read again; a logout's answer is the sign-out
 * (signOut.ts). Answers the player, or null for another answer. */
export function useAuthAnswer(): (answer: unknown) => CurrentUser | null {
  const client = useQueryClient();
  return useCallback((answer) => {
    const parsed = CurrentUser.safeParse(answer);
    if (parsed.success && !isLoggedIn(parsed.data)) { signedOut(client); return parsed.data; }
    if (parsed.success) client.setQueryData(currentUserQuery.queryKey, parsed.data);
    void client.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    return parsed.success ? parsed.data : null;
  }, [client]);
}
