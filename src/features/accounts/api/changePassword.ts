// POST /api/userChangePassword: every other session ends; this client gets a fresh one.
import { useMutation } from '@tanstack/react-query';
import { changePassword as changePasswordEndpoint } from '../../../../contract/auth';
import { call } from '../../../api/client';
import type { MutationConfig } from '../../../api/mutation';

export function changePassword(body: { currentPassword: string; newPassword: string }) {
  return call(changePasswordEndpoint, { body });
}

export function useChangePassword(config: MutationConfig<typeof changePassword> = {}) {
  return useMutation({ ...config, mutationFn: changePassword });
}
