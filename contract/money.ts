// The API's schemas for TripCoin amounts; the arithmetic and the symbol are in ./coins.ts
// (zod-free), re-exported here.
import { z } from 'zod';
import { parseTripcoins } from './coins';

export { TC_SYMBOL, TC_SCALE, parseTripcoins, hundredthsToNumber, formatTripcoins } from './coins';

/** An amount in the API: a positive number with at most two decimals. */
export const TripcoinAmount = z
  .union([z.number(), z.string()])
  .refine((v) => { const p = parseTripcoins(v); return p !== null && p > 0n; }, { message: 'Amount must be a positive number with at most 2 decimals' });

/** A balance as the API answers it (below zero only as the debt of a refunded purchase). */
export const TripcoinBalance = z.number();
