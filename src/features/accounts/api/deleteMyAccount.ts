// POST /api/account/delete: the account is deleted for good (server/services/accounts/deletion.ts);
// every session ends, so the page and the game become anonymous, as after a logout.
import { useMutation } from '@tanstack/react-query';
import { deleteMyAccount as deleteEndpoint } from '../../../../contract/rights';
import { call } from '../../../api/client';
import type { MutationConfig } from '../../../api/mutation';
import { useAuthAnswer } from './authRequests';

export const deleteMyAccount = (confirm: { password: string } | { confirmUsername: string }) => call(deleteEndpoint, { body: confirm });

export function useDeleteMyAccount(config: MutationConfig<typeof deleteMyAccount> = {}) {
  const answer = useAuthAnswer();
  return useMutation({
    ...config,
    mutationFn: deleteMyAccount,
    onSuccess: (...args) => {
      answer(args[0]);
      return config.onSuccess?.(...args);
    },
  });
}
