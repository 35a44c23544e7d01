// The requests behind the auth machine's `authenticate` actor, with failures turned into the
// machine's AuthFailure (server text, or network) so the machine stays free of fetch.
import { login, logout, register } from '../../../../contract/auth';
import type { AuthFailure, AuthRequest } from '../../../../machines/auth';
import { ApiError, call } from '../../../api/client';
import { serverErrorText } from '../../../api/errors';

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
