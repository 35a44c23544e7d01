// A listing that is gone (410 / NFT_ALREADY_SOLD) gets its own handling; every
// other failure reads through src/api/errors.ts.
import { NFT_ALREADY_SOLD } from '../../../contract/marketplace';
import { ApiError } from '../../api/client';

export function isAlreadySold(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 410 || error.code === NFT_ALREADY_SOLD);
}
