// POST /api/mythicalBridgeFinalize with an Idempotency-Key (the machine keeps it across retries, so a
// retry never burns twice): the machine's `finalize`. Once the transfer is confirmed the modal
// refreshes the shared inventory (invalidateInventory): the ticket is gone.
import { bridgeFinalize } from '../../../../contract/bridge';
import type { FinalizeRequest, FinalizeResult } from '../../../../machines/mythical-bridge';
import { call } from '../../../api/client';
import { idempotencyHeaders } from '../../../api/idempotency';
import { toFailure } from './failure';

export async function finalizeBridge({ destinationWallet, idempotencyKey }: FinalizeRequest): Promise<FinalizeResult> {
  try {
    return await call(bridgeFinalize, { body: { destinationWallet }, headers: idempotencyHeaders(bridgeFinalize, idempotencyKey) });
  } catch (error) {
    throw toFailure(error);
  }
}
