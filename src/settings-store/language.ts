// The player's language, its one owner: the chosen language (the `language` setting) and the
// effective one, decided here only: the player's choice, else the host's locale (what the host
// said, src/lib/hostLocale.ts; null where it said nothing), else the browser's languages
// (src/i18n/resolve.ts, pure). src/i18n only loads and activates the catalog this module names
// (activateLocale); nothing else reads the browser's language for the shell.
//   - start-up starts it (startLanguage: the stored choice, before the settings store exists);
//   - the settings store hands it the player's choices (followLanguage) and a reset (forgetLanguage);
//   - the shell hears the effective language here (onLanguageChange);
//   - the game hears it one way: the settings store's `language` value (OnAllSettings, then
//     OnSettingChanged), which mirrors the effective language while the player has not chosen;
//   - the server hears it one way: the settings sync (PUT /api/settings carries `language` only
//     as a choice), and the legal links' `?lang=` (effectiveLanguage);
//   - the host API asks it for the browser's tag where the host has none (browserLanguageTag).
// Zod-free: the first screen starts it.
import { HOST_LIMITS } from '../../contract/hostApi';
import { isLocale, type Locale } from '../../contract/locales';
import { SETTINGS_STORAGE_PREFIX } from '../../contract/settingsStorage';
import { activateLocale, currentLocale, subscribeLocale, whenCatalogComplete } from '../i18n';
import { resolveLocale } from '../i18n/resolve';
import { getHostLocale, subscribeHostLocale } from '../lib/hostLocale';
import type { SettingsStore } from './store';

/** What the player chose earlier on this device (the store's own entry, read before the store exists). */
export function storedLanguageChoice(win: Window): Locale | null {
  try {
    const raw = win.localStorage.getItem(`${SETTINGS_STORAGE_PREFIX}language`);
    const value: unknown = raw === null ? null : JSON.parse(raw);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

/** What the effective language is made of: the choice, the host's locale, the browser's languages. */
const sources: { chosen: string | null; host: string | null; browser: readonly unknown[] } = { chosen: null, host: null, browser: [] };
let stopHost: (() => void) | null = null;

/** The language the page speaks: the player's choice, else the host's locale, else the browser's. */
export function effectiveLanguage(): Locale {
  return resolveLocale(sources);
}

/** The language the page would speak without the player's choice (host, browser, English). */
export function pageLocale(): Locale {
  return resolveLocale({ ...sources, chosen: null });
}

/** The browser's languages, most preferred first (read here only). */
function browserLanguages(win: Pick<Window, 'navigator'>): readonly unknown[] {
  return win.navigator.languages ?? [win.navigator.language];
}

/** Start-up: the language from the stored choice, the host's locale and the browser; resolves once its first texts are in. */
export function startLanguage(win: Window): Promise<void> {
  sources.browser = browserLanguages(win);
  sources.chosen = storedLanguageChoice(win);
  // The host's locale as the host API learns it: known now, or followed when it arrives.
  sources.host = getHostLocale();
  stopHost ??= subscribeHostLocale((locale) => { sources.host = locale; void activateLocale(effectiveLanguage()); });
  return activateLocale(effectiveLanguage(), { firstOnly: true, doc: win.document });
}

/** The player's own choice (the `language` setting), or null when they made none; resolves when the language is active. */
export function setChosenLocale(locale: string | null): Promise<void> {
  sources.chosen = locale;
  return activateLocale(effectiveLanguage());
}

/** Calls `listener` after each switch of the effective language; returns the stop. */
export function onLanguageChange(listener: (locale: Locale) => void): () => void {
  return subscribeLocale(listener);
}

/** Resolves once the effective language's whole catalog is in (the overlays wait for it). */
export { whenCatalogComplete };

/** A BCP 47 language tag, as the host API's contract takes it. */
const LANGUAGE_TAG = /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/;

/** The browser's most preferred language tag ('en' when it names none we can pass on). */
export function browserLanguageTag(win: Pick<Window, 'navigator'>): string {
  const nav = win.navigator;
  const tag = nav.languages?.[0] ?? nav.language;
  return typeof tag === 'string' && tag.length <= HOST_LIMITS.localeMax && LANGUAGE_TAG.test(tag) ? tag : 'en';
}

/** The value of `language` where nothing is stored: the language the page speaks now (host, browser). */
export function pageLanguageDefault(): { language: Locale } {
  return { language: currentLocale() };
}

/**
 * The store's language and the shell's, kept together: the player's choice (a change in settings,
 * an import, their account's choice) drives the shell at once; while they have made none, the
 * setting mirrors the page's language (a host locale that arrives late, say), and the game hears
 * it either way. Returns the stop.
 */
export function followLanguage(store: SettingsStore): () => void {
  let last = store.languageChoice();
  const offStore = store.subscribe(() => {
    const next = store.languageChoice();
    if (next !== last) { last = next; void setChosenLocale(next); }
  });
  const offLocale = subscribeLocale((locale) => { store.followPageLanguage(locale); });
  store.followPageLanguage(currentLocale());
  return () => { offStore(); offLocale(); };
}

/** A reset's language is no language: the choice is forgotten and the value follows the page's language again. */
export function forgetLanguage(store: SettingsStore): void {
  store.forgetLanguageChoice(pageLocale());
}
