// POST /api/crates/open {crateVersionId}, with a fresh Idempotency-Key per opening: one crate
// spent, one item won. The crate-open machine's `openCrate` actor; refreshes the inventory and
// the shops after an opening.
import type { QueryClient } from '@tanstack/react-query';
import { openCrate as openCrateEndpoint, type CrateVersionId } from '../../../../contract/crates';
import { call } from '../../../api/client';
import { idempotencyHeaders, newIdempotencyKey } from '../../../api/idempotency';
import { refreshAfterCrates } from './invalidate';

export function openCrate(version: CrateVersionId, idempotencyKey = newIdempotencyKey('crates')) {
  return call(openCrateEndpoint, { body: { crateVersionId: version }, headers: idempotencyHeaders(openCrateEndpoint, idempotencyKey) });
}

/** Opens one crate and refreshes what the opening changed. */
export async function openCrateAndRefresh(client: QueryClient, version: CrateVersionId) {
  const result = await openCrate(version);
  void refreshAfterCrates(client);
  return result;
}
