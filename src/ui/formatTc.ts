// TripCoins on screen (spec part 2 §9): the Ŧ symbol and two decimals, with thousands separators
// for display ("Ŧ1,234.50"). Messages whose wording the spec fixes use contract/ helpers instead.
import { formatTripcoins, TC_SYMBOL } from '../../contract/money';
import { currentLocale } from '../i18n';
import { formatNumber } from '../i18n/format';

/** 1234.5 -> "Ŧ1,234.50" (English); other languages group and mark decimals their way ("Ŧ1.234,50", "Ŧ1 234,50"). */
export function formatTc(amount: number | bigint): string {
  const locale = currentLocale();
  if (locale === 'en') return `${TC_SYMBOL}${formatTripcoins(amount)}`;
  const value = typeof amount === 'bigint' ? Number(amount) / 100 : amount;
  return `${TC_SYMBOL}${formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 }, locale)}`;
}
