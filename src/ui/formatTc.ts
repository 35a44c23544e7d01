// TripCoins on screen (spec part 2 §9): the Ŧ symbol and two decimals, with thousands separators
// for display ("Ŧ1,234.50"). Messages whose wording the spec fixes use contract/ helpers instead.
import { formatTripcoins, TC_SYMBOL } from '../../contract/money';

/** 1234.5 -> "Ŧ1,234.50" */
export function formatTc(amount: number | bigint): string {
  return `${TC_SYMBOL}${formatTripcoins(amount)}`;
}
