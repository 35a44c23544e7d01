// The shell's language at run time (Lingui). One language is active; its catalog is the only one
// downloaded (one chunk per language, compiled at build time by scripts/i18nCatalogs.ts) and is
// loaded before the first paint (src/main.tsx awaits startI18n). Switching loads the other
// catalog, then every component re-renders at once (I18nProvider) and <html lang> follows.
//
// Inputs, in precedence order (resolve.ts): setChosenLocale (the `language` setting, when the
// player made a choice: the settings store reports it), setHostLocale (the host API: Discord's
// user locale, the portal's system info), navigator.languages, English.
import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../contract/locales';
import { SETTINGS_STORAGE_PREFIX } from '../../contract/settingsStorage';
import type en from './catalogs/en.json';
import { resolveLocale } from './resolve';

export { i18n };
export type MessageId = keyof typeof en;
export type MessageValues = Record<string, string | number | Date | null | undefined>;

const loaders: Record<Locale, () => Promise<{ default: Messages }>> = {
  en: () => import('virtual:i18n-catalog/en'),
  es: () => import('virtual:i18n-catalog/es'),
  fr: () => import('virtual:i18n-catalog/fr'),
  de: () => import('virtual:i18n-catalog/de'),
  ja: () => import('virtual:i18n-catalog/ja'),
  ko: () => import('virtual:i18n-catalog/ko'),
  zh: () => import('virtual:i18n-catalog/zh'),
  ru: () => import('virtual:i18n-catalog/ru'),
};

/** One message in the active language (for code outside React: toasts, machines' texts, errors). */
export function t(id: MessageId, values?: MessageValues): string {
  return i18n._(id, values);
}

/** The active language (English until startI18n has run). */
export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

interface State { chosen: unknown; host: unknown; browser: readonly unknown[]; doc: Document | null }
const state: State = { chosen: null, host: null, browser: [], doc: null };
const loaded = new Set<Locale>();
let pending: Promise<void> = Promise.resolve();

async function activate(locale: Locale): Promise<void> {
  if (!loaded.has(locale)) {
    const { default: messages } = await loaders[locale]();
    i18n.load(locale, messages);
    loaded.add(locale);
  }
  i18n.activate(locale);
  if (state.doc) state.doc.documentElement.lang = locale;
}

/** Re-resolves and switches when the answer changed; resolves when the language is active. */
function apply(): Promise<void> {
  pending = pending.then(() => {
    const next = resolveLocale(state);
    return next === i18n.locale ? undefined : activate(next);
  }).catch((error: unknown) => { console.warn('i18n: could not load the language', error); });
  return pending;
}

/** The player's own choice (the `language` setting), or null when they never made one. */
export function setChosenLocale(locale: string | null): Promise<void> {
  state.chosen = locale;
  return apply();
}

/** The host's locale (Discord's user locale, the portal's language), or null when it has none. */
export function setHostLocale(locale: string | null): Promise<void> {
  state.host = locale;
  return apply();
}

/** What the player chose earlier on this device (read before the settings store exists). */
export function storedLocaleChoice(win: Window): Locale | null {
  try {
    const raw = win.localStorage.getItem(`${SETTINGS_STORAGE_PREFIX}language`);
    const value: unknown = raw === null ? null : JSON.parse(raw);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

/** Boot: the language from what the page knows now, its catalog loaded (await before rendering). */
export function startI18n(win: Window): Promise<void> {
  state.doc = win.document;
  state.browser = win.navigator.languages ?? [win.navigator.language];
  state.chosen = storedLocaleChoice(win);
  return apply();
}
