// How the market reads a failed request (spec part 2 §8): the server's text, else the fallback;
// a listing that is gone (410 / NFT_ALREADY_SOLD) gets its own handling.
import { NFT_ALREADY_SOLD } from '../../../contract/marketplace';
import { ApiError } from '../../api/client';

export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.textOr(fallback) : fallback;
}

export function isAlreadySold(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 410 || error.code === NFT_ALREADY_SOLD);
}

/** A definitive answer from the server (as opposed to no answer at all). */
export function isServerAnswer(error: unknown): boolean {
  return error instanceof ApiError;
}
