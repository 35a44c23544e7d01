// The shell's languages (the settings' `language` choices): code and the language's own name.
// Kept apart from settings.ts (zod) because the first screen needs the list before zod loads.
export const LOCALE_NAMES = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  ja: '日本語',
  ko: '한국어',
  zh: '中文',
  ru: 'Русский',
} as const;
export type Locale = keyof typeof LOCALE_NAMES;
export const LOCALES = Object.keys(LOCALE_NAMES) as Locale[];
export const DEFAULT_LOCALE: Locale = 'en';
export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && value in LOCALE_NAMES;
