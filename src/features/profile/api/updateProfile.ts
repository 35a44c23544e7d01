// PUT /api/profile: your own location and bio. A saved change refreshes every profile shown.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateProfile as updateProfileEndpoint, type UpdateProfileBody } from '../../../../contract/profile';
import { call } from '../../../api/client';
import type { MutationConfig } from '../../../api/mutation';
import { PROFILE_KEY } from './keys';

export function updateProfile(body: UpdateProfileBody) {
  return call(updateProfileEndpoint, { body });
}

export function useUpdateProfile(config: MutationConfig<typeof updateProfile> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: updateProfile,
    onSuccess: (...args) => { void client.invalidateQueries({ queryKey: PROFILE_KEY }); return config.onSuccess?.(...args); },
  });
}
