// The `language` setting has one owner (src/settings-store/language.ts): what the first screen
// hands the shell's language before the store exists is the store's own choice, never a value
// that only mirrored the page's language; a reset forgets it for both.
import { afterEach, describe, expect, it } from 'vitest';
import { HIDDEN_SETTINGS, SIDEBAR_ORDERS } from '../../contract/settings';
import { forgetLanguage, storedLanguageChoice } from '../../src/settings-store/language';
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
