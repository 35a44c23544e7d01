// POST /api/discord/create: a new game account for a pending Discord identity. The caller
// signs the player in with the answer (signedIn, which writes whoami).
import { useMutation } from '@tanstack/react-query';
import { discordCreate } from '../../../../contract/accounts';
import { call } from '../../../api/client';
import type { MutationConfig } from '../../../api/mutation';

export function createDiscordAccount(body: { discordId: string; username: string; accessToken?: string }) {
  return call(discordCreate, { body });
}

export function useCreateDiscordAccount(config: MutationConfig<typeof createDiscordAccount> = {}) {
  return useMutation({ ...config, mutationFn: createDiscordAccount });
}
