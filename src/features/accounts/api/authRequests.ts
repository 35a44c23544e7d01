// The requests behind the auth machine's `authenticate` actor, with failures turned into the
// machine's AuthFailure (server text, or network) so the machine stays free of fetch.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { CurrentUser, login, logout, register } from '../../../../contract/auth';
import { SHELL_TO_GAME } from '../../../../contract/gameConstants';
import type { AuthFailure, AuthRequest } from '../../../../machines/auth';
import { ApiError, call } from '../../../api/client';
import { currentUserQuery } from '../../../api/currentUser';
import { serverErrorText } from '../../../api/errors';
import { useGameLink } from '../../../game-link/context';
import { botCheckTokenFor } from '../headlessBotCheck';
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

/** After a login, signup or logout: the whoami cache holds who is playing now and the game hears
 * it (OnUserData), then whoami is read again. Answers the player, or null for another answer. */
export function useAuthAnswer(): (answer: unknown) => CurrentUser | null {
  const client = useQueryClient();
  const game = useGameLink();
  return useCallback((answer) => {
    const parsed = CurrentUser.safeParse(answer);
    if (parsed.success) {
      client.setQueryData(currentUserQuery.queryKey, parsed.data);
      game.send(SHELL_TO_GAME.userData, parsed.data);
    }
    void client.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    return parsed.success ? parsed.data : null;
  }, [client, game]);
}
