// Which language the shell speaks: the player's choice, then the host's, then the browser's, then English.
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../contract/locales';
import { SETTINGS_FIELDS } from '../../contract/settings';
import { matchLocale, resolveLocale } from '../../src/i18n/resolve';
import { currentLocale, i18n } from '../../src/i18n';
import { setHostLocale } from '../../src/lib/hostLocale';
import { effectiveLanguage, setChosenLocale, startLanguage } from '../../src/settings-store/language';

describe('resolveLocale', () => {
  it('takes the choice over the host over the browser over English', () => {
    expect(resolveLocale({ chosen: 'ru', host: 'fr', browser: ['de-DE'] })).toBe('ru');
    expect(resolveLocale({ chosen: null, host: 'fr', browser: ['de-DE'] })).toBe('fr');
    expect(resolveLocale({ chosen: null, host: null, browser: ['pt-BR', 'de-DE', 'ja'] })).toBe('de');
    expect(resolveLocale({ chosen: null, host: 'pt-BR', browser: ['it'] })).toBe('en');
  });
  it('reads BCP 47 tags and ignores what is not one of ours', () => {
    expect(matchLocale('zh-Hans-CN')).toBe('zh');
    expect(matchLocale('ES_mx')).toBe('es');
    expect(matchLocale('ja')).toBe('ja');
    expect(matchLocale('english')).toBeNull();
    expect(matchLocale(42)).toBeNull();
  });
  it('offers in the settings exactly the languages the shell has', () => {
    expect(SETTINGS_FIELDS.language.options.map(([code]) => code)).toEqual(LOCALES);
  });
});

describe('the runtime language, decided by its owner', () => {
  it('switches at once, sets <html lang>, and a choice outranks the host, the host the browser', async () => {
    setHostLocale('de-DE');
    await expect.poll(() => currentLocale()).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    await setChosenLocale('ja');
    expect(i18n.locale).toBe('ja');
    setHostLocale('fr');
    expect(effectiveLanguage()).toBe('ja');
    await setChosenLocale(null);
    expect(currentLocale()).toBe('fr');
    setHostLocale(null);
    await expect.poll(() => currentLocale()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('reads the browser\'s languages at start, below the host\'s locale and the choice', async () => {
    Object.defineProperty(window.navigator, 'languages', { configurable: true, get: () => ['pt-BR', 'ko-KR'] });
    try {
      await startLanguage(window);
      expect(currentLocale()).toBe('ko');
      setHostLocale('ru-RU');
      await expect.poll(() => currentLocale()).toBe('ru');
      await setChosenLocale('es');
      expect(currentLocale()).toBe('es');
    } finally {
      delete (window.navigator as { languages?: unknown }).languages;
      setHostLocale(null);
      await setChosenLocale(null);
      await startLanguage(window);
    }
  });
});
