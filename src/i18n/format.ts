// Numbers, money and dates in the active language with the platform's Intl (no library): grouping
// and decimals per locale, month names, relative times. English keeps the spec's en-US forms.
import { TC_SYMBOL } from '../../contract/coins';
import type { Locale } from '../../contract/locales';
import { currentLocale } from './index';

/** The Intl locale of one of our languages (Simplified Chinese, US English). */
export function intlLocale(locale: Locale = currentLocale()): string {
  return locale === 'en' ? 'en-US' : locale === 'zh' ? 'zh-CN' : locale;
}

export function formatNumber(value: number | bigint, options?: Intl.NumberFormatOptions, locale?: Locale): string {
  return new Intl.NumberFormat(intlLocale(locale), options).format(value);
}

/** TripCoins: the Ŧ symbol, two decimals, the locale's grouping and decimal mark ("Ŧ1,234.50", "Ŧ1.234,50"). */
export function formatTcLocal(amount: number | bigint, locale?: Locale): string {
  return `${TC_SYMBOL}${formatNumber(typeof amount === 'bigint' ? Number(amount) : amount, { minimumFractionDigits: 2, maximumFractionDigits: 2 }, locale)}`;
}

export function formatDate(value: Date | number, options: Intl.DateTimeFormatOptions, locale?: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), options).format(value);
}

const RELATIVE_UNITS: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400], ['month', 30 * 86_400], ['week', 7 * 86_400], ['day', 86_400], ['hour', 3600], ['minute', 60], ['second', 1],
];

/** "3 days ago", "vor 3 Tagen", "3日前": `then` relative to `now` (ms since the epoch). */
export function formatRelative(then: number, now: number = Date.now(), locale?: Locale): string {
  const seconds = Math.round((then - now) / 1000);
  const [unit, size] = RELATIVE_UNITS.find(([, s]) => Math.abs(seconds) >= s) ?? ['second', 1];
  return new Intl.RelativeTimeFormat(intlLocale(locale), { numeric: 'auto' }).format(Math.round(seconds / size), unit);
}

/**
 * A decimal number as a person types it in their language: "12,50" in German, "1.234,5",
 * "12.50" in English, "1,234.5". Null when it is not a plain number. Accepts the locale's decimal
 * mark and its grouping (and the other mark when unambiguous: a single "," or "." followed by
 * one or two digits is a decimal mark anywhere, since prices have at most two decimals).
 */
export function parseDecimal(input: string, locale?: Locale): number | null {
  const parts = new Intl.NumberFormat(intlLocale(locale)).formatToParts(12345.6);
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  const group = parts.find((p) => p.type === 'group')?.value ?? ',';
  let text = input.trim().replace(/[\s\u00a0\u202f']/g, '');
  if (text === '') return null;
  if (text.includes(decimal)) {
    text = text.split(group === decimal ? '\u0000' : group).join('').replace(decimal, '.');
  } else if (/^[+-]?\d*[.,]\d{1,2}$/.test(text)) {
    text = text.replace(',', '.');
  } else {
    text = text.split(group).join('');
  }
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** Coins in hundredths as the server's messages write them (two decimals, no grouping: "1234.50"), with the locale's decimal mark. */
export function coinsPlain(hundredths: bigint, locale?: Locale): string {
  return formatNumber(Number(hundredths) / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }, locale);
}

/**
 * A decimal typed the player's way, written the way the API and the contract's checks read it
 * ("12,50" in German → "12.50", "1.234,5" → "1234.5"; "1,234.50" in English → "1234.50"). Only the
 * marks change, never the digits, so the checks still see every decimal that was typed; anything
 * that is not a plain decimal is returned as typed (and refused by the checks with their text).
 */
export function canonicalDecimal(input: string, locale: Locale = currentLocale()): string {
  const text = input.trim();
  const commaDecimal = new Intl.NumberFormat(intlLocale(locale)).formatToParts(1.5).find((p) => p.type === 'decimal')?.value === ',';
  if (commaDecimal) {
    // "12,50", "1.234,50", "1 234,50" (space, no-break or narrow no-break space as grouping)
    if (/^[+-]?\d{1,3}([.\s\u00a0\u202f]\d{3})*,\d*$/.test(text) || /^[+-]?\d+,\d*$/.test(text)) return text.replace(/[.\s\u00a0\u202f]/g, '').replace(',', '.');
    if (/^[+-]?\d{1,3}([\s\u00a0\u202f]\d{3})+$/.test(text)) return text.replace(/[\s\u00a0\u202f]/g, '');
    return text;
  }
  if (/^[+-]?\d{1,3}(,\d{3})+(\.\d*)?$/.test(text)) return text.replace(/,/g, '');
  if (/^[+-]?\d+,\d{1,2}$/.test(text)) return text.replace(',', '.');
  return text;
}

/** Megabytes with the locale's unit and decimal mark ("12.0 MB", "12,0 MB", "12.0MB"). */
export function formatMegabytes(value: number, fractionDigits = 0, locale?: Locale): string {
  return formatNumber(value, { style: 'unit', unit: 'megabyte', minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }, locale);
}

/** A whole percent from 0–100 the locale's way ("44%", "44 %", "44 %"). */
export function formatPercent(percent: number, locale?: Locale): string {
  return formatNumber(percent / 100, { style: 'percent', maximumFractionDigits: 0 }, locale);
}

/** A large number, short ("110K", "110.000", "11万", "1,03 Mio."): Intl's compact notation. */
export function formatCompact(value: number, locale?: Locale): string {
  return formatNumber(value, { notation: 'compact', maximumFractionDigits: value >= 1_000_000 ? 2 : 1 }, locale);
}

type DurationFormatCtor = new (locale: string, options: { style: 'narrow' | 'short' | 'long'; minutesDisplay?: 'auto' | 'always' }) => { format(d: Record<string, number>): string };

/**
 * A play time in hours and minutes: Intl.DurationFormat where the browser has it ("3h 25m", "3 Std. 25 Min.",
 * "3時間5分"), else each unit through the unit formatter joined by the locale's list ("3 h, 5 min").
 */
export function formatDuration(totalMinutes: number, locale?: Locale): string {
  const minutesAll = Math.max(0, Math.floor(totalMinutes));
  const hours = Math.floor(minutesAll / 60);
  const minutes = minutesAll % 60;
  const tag = intlLocale(locale);
  const parts: Record<string, number> = hours > 0 ? (minutes > 0 ? { hours, minutes } : { hours }) : { minutes };
  const Duration = (Intl as unknown as { DurationFormat?: DurationFormatCtor }).DurationFormat;
  // DurationFormat leaves out a unit whose value is 0 unless told to show it: a new player's
  // "0 minutes" would be an empty string (a Time played tile with no figure).
  if (Duration) return new Duration(tag, { style: 'narrow', minutesDisplay: hours > 0 ? 'auto' : 'always' }).format(parts);
  const units = Object.entries(parts).map(([unit, n]) => formatNumber(n, { style: 'unit', unit: unit === 'hours' ? 'hour' : 'minute', unitDisplay: 'narrow' }, locale));
  return new Intl.ListFormat(tag, { style: 'narrow', type: 'unit' }).format(units);
}
