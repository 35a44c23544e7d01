// TripCoins on screen: the Ŧ symbol and two decimals, with thousands separators
// for display ("Ŧ1,234.50"). Messages whose wording the spec fixes use contract/ helpers instead.
import { formatTripcoins, TC_SYMBOL } from '../../contract/money';
import { currentLocale } from '../i18n';
import { formatNumber } from '../i18n/format';

/** 1234.5 -> "Ŧ1,234.50" (English); other languages group and mark decimals their way ("Ŧ1.234,50", "Ŧ1 234,50"). */
export function formatTc(amount: number | bigint): string {
  return `${TC_SYMBOL}${formatTcAmount(amount)}`;
}

/** The figure alone, for a message that places the Ŧ itself ("Ŧ{1} on {2}"): "1,234.50", "1.234,50". */
export function formatTcAmount(amount: number | bigint): string {
  const locale = currentLocale();
  if (locale === 'en') return formatTripcoins(amount);
  const value = typeof amount === 'bigint' ? Number(amount) / 100 : amount;
  return formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 }, locale);
}
