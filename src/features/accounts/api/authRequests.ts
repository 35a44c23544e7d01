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

export function toAuthFailure(error: unknown): AuthFailure {
  if (error instanceof ApiError) return { kind: 'server', text: serverErrorText(error) };
  return { kind: 'network' };
}

export async function authenticate({ mode, submission }: AuthRequest) {
  try {
    if (mode === 'logout') return await call(logout, { body: {} });
    const body = { username: submission.username.trim(), password: submission.password, turnstile_token: submission.token };
    if (mode === 'login') return await call(login, { body: { ...body, remember_me: true } });
    return await call(register, { body });
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
