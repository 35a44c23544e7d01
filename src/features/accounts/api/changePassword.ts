// POST /api/userChangePassword: every other session ends; this client gets a fresh one. After a
// recent failed attempt at this account (or from this address) the server asks for the bot check
// (BOT_CHECK_REQUIRED), or a harder one than was solved (BOT_CHECK_HARDER): the check is solved
// off-screen for this name, as hard as it now asks, and the change sent again.
import { useMutation } from '@tanstack/react-query';
import { changePassword as changePasswordEndpoint } from '../../../../contract/auth';
import { ApiError, call } from '../../../api/client';
import type { MutationConfig } from '../../../api/mutation';
import { botCheckTokenFor } from '../headlessBotCheck';

/** Times a change asked for a (harder) bot check is sent again with one solved for the name. */
const BOT_CHECK_RETRIES = 2;
const ASKS_FOR_CHECK = new Set(['BOT_CHECK_REQUIRED', 'BOT_CHECK_HARDER']);

export async function changePassword({ username, ...fields }: { username: string; currentPassword: string; newPassword: string }) {
  let token: string | undefined;
  for (let retry = 0; ; retry++) {
    try {
      return await call(changePasswordEndpoint, { body: { ...fields, ...(token ? { turnstile_token: token } : {}) } });
    } catch (error) {
      if (!(error instanceof ApiError && ASKS_FOR_CHECK.has(error.code ?? '')) || retry >= BOT_CHECK_RETRIES) throw error;
      token = await botCheckTokenFor(username);
    }
  }
}

export function useChangePassword(config: MutationConfig<typeof changePassword> = {}) {
  return useMutation({ ...config, mutationFn: changePassword });
}
