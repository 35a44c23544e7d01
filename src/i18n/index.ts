// The shell's language at run time (Lingui). One language is active; its catalog is the only one
// downloaded (one chunk per language, compiled at build time by scripts/i18nCatalogs.ts) and is
// loaded in two parts: the first screen's texts (start-up waits for startI18n before the
// loading screen shows words and before React renders), the rest meanwhile and before the overlays (Shell waits for whenCatalogComplete). Switching loads the other
// catalog, then every component re-renders at once (I18nProvider) and <html lang> follows.
//
// Inputs, in precedence order (resolve.ts): the player's choice (the `language` setting, whose one
// owner is src/settings-store/language.ts: handed to startI18n, then setChosenLocale), setHostLocale (the host API: Discord's
// user locale, the portal's system info), navigator.languages, English.
import { getHostLocale, subscribeHostLocale } from '../lib/hostLocale';
import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../contract/locales';
import type en from './catalogs/en.json';
import { resolveLocale } from './resolve';
import { withWordForms } from './wordForms';

export { i18n };
export type MessageId = keyof typeof en;
export type MessageValues = Record<string, string | number | Date | null | undefined>;

type Loader = () => Promise<{ default: Messages }>;
/** Per language: what the first screen says (awaited before the first render), then the rest. */
const loaders: Record<Locale, { first: Loader; rest: Loader }> = {
  en: { first: () => import('virtual:i18n-catalog/en/first'), rest: () => import('virtual:i18n-catalog/en/rest') },
  es: { first: () => import('virtual:i18n-catalog/es/first'), rest: () => import('virtual:i18n-catalog/es/rest') },
  fr: { first: () => import('virtual:i18n-catalog/fr/first'), rest: () => import('virtual:i18n-catalog/fr/rest') },
  de: { first: () => import('virtual:i18n-catalog/de/first'), rest: () => import('virtual:i18n-catalog/de/rest') },
  ja: { first: () => import('virtual:i18n-catalog/ja/first'), rest: () => import('virtual:i18n-catalog/ja/rest') },
  ko: { first: () => import('virtual:i18n-catalog/ko/first'), rest: () => import('virtual:i18n-catalog/ko/rest') },
  zh: { first: () => import('virtual:i18n-catalog/zh/first'), rest: () => import('virtual:i18n-catalog/zh/rest') },
  ru: { first: () => import('virtual:i18n-catalog/ru/first'), rest: () => import('virtual:i18n-catalog/ru/rest') },
};

/** One message in the active language (for code outside React: toasts, machines' texts, errors). */
export function t(id: MessageId, values?: MessageValues): string {
  return i18n._(id, withWordForms(values));
}

/** The active language (English until startI18n has run). */
export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

interface State { chosen: unknown; host: unknown; browser: readonly unknown[]; doc: Document | null }
const state: State = { chosen: null, host: null, browser: [], doc: null };
const complete = new Map<Locale, Promise<void>>();
let pending: Promise<void> = Promise.resolve();

/** Loads the rest of a language's catalog (once), merged into what is loaded. */
function loadRest(locale: Locale): Promise<void> {
  let done = complete.get(locale);
  if (!done) {
    done = loaders[locale].rest().then(({ default: messages }) => { i18n.load(locale, messages); });
    complete.set(locale, done);
  }
  return done;
}

/**
 * Switches to a language. At boot (`firstOnly`) only the first screen's texts are loaded, the rest
 * when asked for (whenCatalogComplete); a later switch awaits the whole catalog, so no text shows its id meanwhile.
 */
async function activate(locale: Locale, firstOnly: boolean): Promise<void> {
  const first = loaders[locale].first().then(({ default: messages }) => { i18n.load(locale, messages); });
  // At boot the rest waits until asked for (whenCatalogComplete, by React's first screen after the
  // game's first frame): its download would compete with the game's.
  await (firstOnly ? first : Promise.all([first, loadRest(locale)]));
  i18n.activate(locale);
  if (state.doc) state.doc.documentElement.lang = locale;
}

/** Resolves when the active language's whole catalog is loaded (the overlays wait for it). */
export function whenCatalogComplete(): Promise<void> {
  return pending.then(() => loadRest(currentLocale())).catch((error: unknown) => { console.warn('i18n: could not load the texts', error); });
}

/** Re-resolves and switches when the answer changed; resolves when the language is active. */
function apply(firstOnly = false): Promise<void> {
  pending = pending.then(() => {
    const next = resolveLocale(state);
    return next === i18n.locale ? undefined : activate(next, firstOnly);
  }).catch((error: unknown) => { console.warn('i18n: could not load the language', error); });
  return pending;
}

/** The player's own choice (the `language` setting), or null when they never made one. */
export function setChosenLocale(locale: string | null): Promise<void> {
  state.chosen = locale;
  return apply();
}

/** The language the page would speak without the player's choice (host, browser, English). */
export function pageLocale(): Locale {
  return resolveLocale({ ...state, chosen: null });
}

/** Calls `listener` after each switch of the active language; returns the unsubscribe. */
export function subscribeLocale(listener: (locale: Locale) => void): () => void {
  return i18n.on('change', () => { listener(currentLocale()); });
}

/** The host's locale (Discord's user locale, the portal's language), or null when it has none. */
export function setHostLocale(locale: string | null): Promise<void> {
  state.host = locale;
  return apply();
}

/** Boot: the language from what the page knows now, its catalog loaded (await before rendering). */
let unsubscribeHost: (() => void) | null = null;

/** `chosen`: the player's earlier choice, as the `language` setting's owner read it (settings-store/language.ts). */
export function startI18n(win: Window, chosen: Locale | null = null): Promise<void> {
  state.doc = win.document;
  state.browser = win.navigator.languages ?? [win.navigator.language];
  state.chosen = chosen;
  // The host's locale (Discord's user locale, the portal's system info), as the host API learns
  // it (src/lib/hostLocale.ts): known now, or followed when it arrives.
  state.host = getHostLocale();
  if (!unsubscribeHost) unsubscribeHost = subscribeHostLocale((locale) => { void setHostLocale(locale); });
  return apply(true);
}
