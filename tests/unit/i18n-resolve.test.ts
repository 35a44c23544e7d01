// Which language the shell speaks: the player's choice, then the host's, then the browser's, then English.
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../contract/locales';
import { SETTINGS_FIELDS } from '../../contract/settings';
import { matchLocale, resolveLocale } from '../../src/i18n/resolve';
import { currentLocale, i18n, setChosenLocale, setHostLocale } from '../../src/i18n';

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

describe('the runtime language', () => {
  it('switches at once, sets <html lang>, and a choice outranks the host', async () => {
    await setHostLocale('de-DE');
    expect(currentLocale()).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    await setChosenLocale('ja');
    expect(i18n.locale).toBe('ja');
    await setHostLocale('fr');
    expect(currentLocale()).toBe('ja');
    await setChosenLocale(null);
    expect(currentLocale()).toBe('fr');
    await setHostLocale(null);
    expect(currentLocale()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });
});
