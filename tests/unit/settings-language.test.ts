// The `language` setting has one owner (src/settings-store/language.ts): what the first screen
// hands the shell's language before the store exists is the store's own choice, never a value
// that only mirrored the page's language; a reset forgets it for both.
import { afterEach, describe, expect, it } from 'vitest';
import { HIDDEN_SETTINGS, SIDEBAR_ORDERS } from '../../contract/settings';
import { currentLocale } from '../../src/i18n';
import { browserLanguageTag, followLanguage, forgetLanguage, onLanguageChange, setChosenLocale, startLanguage, storedLanguageChoice } from '../../src/settings-store/language';
import { createSettingsStore } from '../../src/settings-store/store';
import { fakeGameLink } from '../support/fakeGameLink';

const make = () => createSettingsStore({ config: { hidden: HIDDEN_SETTINGS, disabledSections: [], order: SIDEBAR_ORDERS.standard }, game: fakeGameLink(), log: { warn: () => undefined } });

afterEach(() => { localStorage.clear(); });

describe('the language setting\'s one owner', () => {
  it('hands the first screen the player\'s choice, not the page\'s language the setting mirrored', () => {
    const store = make();
    store.followPageLanguage('ja');
    expect(store.getValues().language).toBe('ja');
    expect(storedLanguageChoice(window)).toBeNull();
    expect(store.change('language', 'de')).toBe(true);
    expect(storedLanguageChoice(window)).toBe('de');
    expect(make().languageChoice()).toBe('de');
  });

  it('forgets the choice on a reset, for the next visit\'s first screen too', () => {
    const store = make();
    expect(store.change('language', 'fr')).toBe(true);
    forgetLanguage(store);
    expect(store.languageChoice()).toBeNull();
    expect(storedLanguageChoice(window)).toBeNull();
  });

  it('reads nothing from an entry that is not a language', () => {
    localStorage.setItem('game_settings_language', '"xx"');
    expect(storedLanguageChoice(window)).toBeNull();
    localStorage.setItem('game_settings_language', '{oops');
    expect(storedLanguageChoice(window)).toBeNull();
  });
});

describe('the language\'s owner, the one way to start and hear it', () => {
  afterEach(async () => { await setChosenLocale(null); });

  it('starts the page in the stored choice over the browser\'s languages', async () => {
    localStorage.setItem('game_settings_language', '"de"');
    await startLanguage(window);
    expect(currentLocale()).toBe('de');
    expect(document.documentElement.lang).toBe('de');
  });

  it('tells its listeners of a choice the settings store made, and stops telling them when asked', async () => {
    await startLanguage(window);
    const store = make();
    const stopStore = followLanguage(store);
    const heard: string[] = [];
    const stop = onLanguageChange((locale) => { heard.push(locale); });
    expect(store.change('language', 'fr')).toBe(true);
    // Lingui tells of a catalog's loading too: what counts is the language heard last.
    await expect.poll(() => heard.at(-1)).toBe('fr');
    stop();
    const heardBefore = heard.length;
    expect(store.change('language', 'ja')).toBe(true);
    await expect.poll(() => currentLocale()).toBe('ja');
    expect(heard).toHaveLength(heardBefore);
    stopStore();
  });

  it('gives the host API the browser\'s first language tag, and English for one that is no tag', () => {
    const nav = (languages: string[], language = languages[0] ?? '') => ({ navigator: { languages, language } as unknown as Navigator });
    expect(browserLanguageTag(nav(['pt-BR', 'en']))).toBe('pt-BR');
    expect(browserLanguageTag(nav(['<script>']))).toBe('en');
    expect(browserLanguageTag(nav([`en-${'x'.repeat(40)}`]))).toBe('en');
    expect(browserLanguageTag(nav([], ''))).toBe('en');
  });
});
