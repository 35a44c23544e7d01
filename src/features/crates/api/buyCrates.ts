// POST /api/crates/buy (Base Set) and /api/crates/buy/v2 (Base Set II), with an Idempotency-Key
// (the caller keeps one per purchase attempt, so a retry is never charged twice). Refreshes the
// inventory and the shops whatever the answer (a failure can mean the supply changed).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buyCrates as buyV1, buyCratesV2, type CrateVersionId } from '../../../../contract/crates';
import { call } from '../../../api/client';
import { idempotencyHeaders } from '../../../api/idempotency';
import type { MutationConfig } from '../../../api/mutation';
import { refreshAfterCrates } from './invalidate';

export function buyCrates({ version, quantity, idempotencyKey }: { version: CrateVersionId; quantity: number; idempotencyKey: string }) {
  const endpoint = version === 1 ? buyCratesV2 : buyV1;
  return call(endpoint, { body: { quantity }, headers: idempotencyHeaders(endpoint, idempotencyKey) });
}

export function useBuyCrates(config: MutationConfig<typeof buyCrates> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: buyCrates,
    onSettled: (...args) => { void refreshAfterCrates(client); return config.onSettled?.(...args); },
  });
}
