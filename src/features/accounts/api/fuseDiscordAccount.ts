// POST /api/discord/fuse: links a pending Discord identity to an existing account (its username
// and password). The caller signs the player in with the answer (signedIn, which writes whoami).
import { useMutation } from '@tanstack/react-query';
import { discordFuse } from '../../../../contract/accounts';
import { call } from '../../../api/client';
import type { MutationConfig } from '../../../api/mutation';
import { botCheckTokenFor } from '../headlessBotCheck';

/** The fuse needs the bot check like sign-in: solved for the name, off-screen. */
export async function fuseDiscordAccount(body: { discordId: string; username: string; password: string; accessToken?: string }) {
  return call(discordFuse, { body: { ...body, turnstile_token: await botCheckTokenFor(body.username) } });
}

export function useFuseDiscordAccount(config: MutationConfig<typeof fuseDiscordAccount> = {}) {
  return useMutation({ ...config, mutationFn: fuseDiscordAccount });
}
