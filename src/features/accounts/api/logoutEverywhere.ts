// POST /api/logoutEverywhere: every session of the player ends, this one included (no password is
// asked: see server/routes/auth.ts). The page and the game become anonymous, as after a logout.
import { useMutation } from '@tanstack/react-query';
import { logoutEverywhere as logoutEverywhereEndpoint } from '../../../../contract/auth';
import { call } from '../../../api/client';
import type { MutationConfig } from '../../../api/mutation';
import { useAuthAnswer } from './authRequests';

export const logoutEverywhere = () => call(logoutEverywhereEndpoint, { body: { everywhere: true } });

export function useLogoutEverywhere(config: MutationConfig<typeof logoutEverywhere> = {}) {
  const answer = useAuthAnswer();
  return useMutation({
    ...config,
    mutationFn: logoutEverywhere,
    onSuccess: (...args) => {
      answer(args[0]);
      return config.onSuccess?.(...args);
    },
  });
}
