// Which language the shell speaks: the player's own choice (the `language` setting, once they
// made one) over the host's locale (Discord's user locale, the portal's system info) over the
// browser's languages over English. Pure: the runtime (index.ts) feeds it.
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../contract/locales';

/** A BCP 47 tag ('de-DE', 'pt_BR', 'zh-Hant-TW') to one of our languages, or null. */
export function matchLocale(tag: unknown): Locale | null {
  if (typeof tag !== 'string') return null;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(primary) ? primary : null;
}

export interface LocaleSources {
  /** The player's saved choice (null: never chosen). */
  chosen: unknown;
  /** The host's locale, when the host gave one. */
  host: unknown;
  /** The browser's languages, most preferred first. */
  browser: readonly unknown[];
}

export function resolveLocale({ chosen, host, browser }: LocaleSources): Locale {
  return matchLocale(chosen) ?? matchLocale(host) ?? browser.map(matchLocale).find((l) => l !== null) ?? DEFAULT_LOCALE;
}
