// The `language` setting's one owner. The player's choice is the settings store's (written to
// storage only when the player or their account chose it; otherwise the value mirrors the page's
// language); the shell's language (src/i18n) reads it from here: from storage before the store
// exists (storedLanguageChoice, handed to startI18n by the first screen), from the store after
// (followLanguage). A reset forgets the choice here too (forgetLanguage). Zod-free: the first
// screen reads the stored choice through it.
import { isLocale, type Locale } from '../../contract/locales';
import { SETTINGS_STORAGE_PREFIX } from '../../contract/settingsStorage';
import { currentLocale, pageLocale, setChosenLocale, subscribeLocale } from '../i18n';
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
