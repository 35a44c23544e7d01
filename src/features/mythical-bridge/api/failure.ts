// How a failed bridge request reaches the machine (BridgeFailure). A refusal carries the
// server's text (src/api/errors.ts). An internal error (500, no details) or an answer that is
// not ours leaves the outcome unknown: the modal then shows its fallback and retries with the
// same Idempotency-Key. No answer at all is a network failure.
import type { BridgeFailure } from '../../../../machines/mythical-bridge';
import { ApiError } from '../../../api/client';
import { serverErrorText } from '../../../api/errors';

export function toFailure(error: unknown): BridgeFailure {
  if (error instanceof ApiError) {
    if (error.status === 500 || error.status === 504 || !error.body) return { kind: 'server', status: error.status, outcomeUnknown: true };
    return { kind: 'server', status: error.status, text: serverErrorText(error) };
  }
  return { kind: 'network' };
}
