// The shell's language at run time (Lingui): the catalogs and the active one, nothing else. Which
// language is active is decided by its one owner, src/settings-store/language.ts (the player's
// choice, the host's locale, the browser's languages): it alone calls activateLocale. One language
// is active; its catalog is the only one downloaded (one chunk per language, compiled at build
// time by scripts/i18nCatalogs.ts) and is loaded in two parts: the first screen's texts (start-up
// waits for them before the loading screen shows words and before React renders), the rest
// meanwhile and before the overlays (Shell waits for whenCatalogComplete). Switching loads the
// other catalog, then every component re-renders at once and <html lang> follows.
import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../contract/locales';
import type en from './catalogs/en.json';
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

/** The active language (English until the language's owner started it). */
export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

const complete = new Map<Locale, Promise<void>>();
let pending: Promise<void> = Promise.resolve();
/** The page whose <html lang> follows the active language (set by the first activation that names it). */
let page: Document | null = null;

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
  if (page) page.documentElement.lang = locale;
}

/** Resolves when the active language's whole catalog is loaded (the overlays wait for it). */
export function whenCatalogComplete(): Promise<void> {
  return pending.then(() => loadRest(currentLocale())).catch((error: unknown) => { console.warn('i18n: could not load the texts', error); });
}

/**
 * Makes `locale` the active language (the language's owner, src/settings-store/language.ts, is
 * the only caller: it decides which). Switches queue, so the last one asked wins; resolves when
 * it is active. `firstOnly`: at boot, only the first screen's texts; `doc`: the page whose
 * <html lang> follows.
 */
export function activateLocale(locale: Locale, options: { firstOnly?: boolean; doc?: Document } = {}): Promise<void> {
  if (options.doc) page = options.doc;
  pending = pending.then(() => (locale === i18n.locale ? undefined : activate(locale, options.firstOnly ?? false)))
    .catch((error: unknown) => { console.warn('i18n: could not load the language', error); });
  return pending;
}

/** Calls `listener` after each switch of the active language; returns the unsubscribe. */
export function subscribeLocale(listener: (locale: Locale) => void): () => void {
  return i18n.on('change', () => { listener(currentLocale()); });
}
