// The one settings store (src/settings-store/store.ts): the game gets the whole object when it
// loads (and after a Retry), each change as (name, value); the parent's disabled sections are
// applied in the store; a logged-in player's account copy wins and is sent to a running game,
// and later changes are uploaded, debounced.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHELL_TO_GAME } from '../../contract/gameConstants';
import { DEFAULT_SETTINGS, HIDDEN_SETTINGS, SIDEBAR_ORDERS, settingsWithDefaults, type AccountSettingsUpload, type SettingsValues } from '../../contract/settings';
import { createSettingsStorage, memoryStorage } from '../../src/settings-store/storage';
import { createSettingsStore, type SettingsAccount } from '../../src/settings-store/store';
import { ACCOUNT_UPLOAD_DEBOUNCE_MS } from '../../src/settings-store/sync';
import { fakeGameLink } from '../support/fakeGameLink';
import { recordedGame } from '../support/recordedGame';
import { flush } from '../support/async';

const config = { disabledSections: ['video' as const], hidden: HIDDEN_SETTINGS, order: SIDEBAR_ORDERS.standard };

function account(copy: SettingsValues | null, languageChosen = false) {
  const saved: AccountSettingsUpload[] = [];
  const api: SettingsAccount = {
    load: vi.fn(async () => (copy ? { settings: copy, languageChosen } : null)),
    save: vi.fn(async (settings: AccountSettingsUpload) => {
      saved.push(settings);
      return { settings: settingsWithDefaults(settings), languageChosen: settings.language !== undefined };
    }),
  };
  return { api, saved };
}

beforeEach(() => { vi.useRealTimers(); });
afterEach(() => { vi.useRealTimers(); });

describe('the settings store', () => {
  it('tells the game the whole object once it loads, and again after a reload, with the changes made between', () => {
    const game = recordedGame('loading');
    const store = createSettingsStore({ config, game, storage: memoryStorage() });
    expect(game.sentWith(SHELL_TO_GAME.allSettings)).toHaveLength(0);
    game.setStatus('loaded');
    expect(game.sentWith(SHELL_TO_GAME.allSettings)).toEqual([DEFAULT_SETTINGS]);
    game.setStatus('error');
    expect(store.change('masterVolume', 40)).toBe(true);
    game.setStatus('loading');
    game.setStatus('loaded');
    expect(game.sentWith(SHELL_TO_GAME.allSettings)).toEqual([DEFAULT_SETTINGS, { ...DEFAULT_SETTINGS, masterVolume: 40 }]);
    expect(game.sentWith(SHELL_TO_GAME.settingChanged)).toEqual([]);
    expect(game.tooEarly).toEqual([]);
  });

  it('saves and sends an accepted change, and refuses one in a disabled section', () => {
    const game = fakeGameLink();
    const storage = memoryStorage();
    const store = createSettingsStore({ config, game, storage });
    const seen = vi.fn();
    store.subscribe(seen);
    expect(store.change('masterVolume', 40)).toBe(true);
    expect(store.getValues().masterVolume).toBe(40);
    expect(game.sentWith(SHELL_TO_GAME.settingChanged)).toEqual([{ name: 'masterVolume', value: 40 }]);
    expect(seen).toHaveBeenCalledTimes(1);
    expect(store.change('fov', 110)).toBe(false); // Video is disabled by the parent
    expect(store.change('masterVolume', 400)).toBe(false); // out of range
    expect(game.sentWith(SHELL_TO_GAME.settingChanged)).toHaveLength(1);
    expect(createSettingsStore({ config, game, storage }).getValues().masterVolume).toBe(40); // kept
  });

  it('applies the account copy at login (except disabled settings) and tells the running game', async () => {
    const game = fakeGameLink();
    const store = createSettingsStore({ config, game, storage: memoryStorage(), account: account({ ...DEFAULT_SETTINGS, masterVolume: 12, fov: 120 }).api });
    store.followAccount('u-1');
    await flush();
    expect(store.getValues().masterVolume).toBe(12);
    expect(store.getValues().fov).toBe(DEFAULT_SETTINGS.fov);
    expect(game.sentWith(SHELL_TO_GAME.allSettings).at(-1)).toMatchObject({ masterVolume: 12 });
  });

  it('uploads the local settings when the account has none, then each change after a pause; logged out, nothing', async () => {
    const game = fakeGameLink();
    const { api, saved } = account(null);
    const store = createSettingsStore({ config, game, storage: memoryStorage(), account: api });
    store.followAccount(null)();
    expect(api.load).not.toHaveBeenCalled();
    const stop = store.followAccount('u-1');
    await flush();
    expect(saved).toHaveLength(1);
    vi.useFakeTimers();
    store.change('masterVolume', 33);
    store.change('masterVolume', 34);
    expect(saved).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(ACCOUNT_UPLOAD_DEBOUNCE_MS);
    expect(saved).toHaveLength(2);
    expect(saved[1]?.masterVolume).toBe(34);
    stop();
    store.change('masterVolume', 35);
    await vi.advanceTimersByTimeAsync(ACCOUNT_UPLOAD_DEBOUNCE_MS * 2);
    expect(saved).toHaveLength(2);
  });
});

describe('one truth for settings: the store', () => {
  it('decides what is hidden or disabled: storage writes whatever it is given, the store refuses and ignores it', () => {
    const kv = memoryStorage();
    const storage = createSettingsStorage({ storage: kv, log: () => undefined });
    storage.write('dpi', 1600); // hidden
    storage.write('fov', 100); // Video is disabled by this parent
    expect(kv.getItem('game_settings_dpi')).toBe('1600');
    expect(kv.getItem('game_settings_fov')).toBe('100');
    const store = createSettingsStore({ config, game: fakeGameLink(), storage: kv });
    expect(store.getValues().dpi).toBe(DEFAULT_SETTINGS.dpi);
    expect(kv.getItem('game_settings_dpi')).toBeNull();
    expect(store.accepts('fov')).toBe(false);
    expect(store.change('fov', 110)).toBe(false);
    expect(kv.getItem('game_settings_fov')).toBe('100');
  });

  it('applies the account copy through itself: subscribers told once, each changed setting written once, nothing read back', async () => {
    const kv = memoryStorage();
    const spied = { getItem: vi.fn(kv.getItem), setItem: vi.fn(kv.setItem), removeItem: vi.fn(kv.removeItem) };
    const game = fakeGameLink();
    const copy = { ...DEFAULT_SETTINGS, masterVolume: 12, fov: 120, dpi: 1600, keyBindingsV2: { ...DEFAULT_SETTINGS.keyBindingsV2, jump: 273 } };
    const store = createSettingsStore({ config, game, storage: spied, account: account(copy).api });
    const seen = vi.fn();
    store.subscribe(seen);
    spied.getItem.mockClear();
    spied.setItem.mockClear();
    store.followAccount('u-1');
    await flush();
    expect(seen).toHaveBeenCalledTimes(1);
    expect(spied.getItem).not.toHaveBeenCalled();
    // fov: Video disabled here; dpi: hidden. Only the two accepted settings that differ are written.
    expect(spied.setItem.mock.calls.map(([key]) => key).sort()).toEqual(['game_settings_keyBindingsV2', 'game_settings_masterVolume']);
    expect(store.getValues()).toMatchObject({ masterVolume: 12, fov: DEFAULT_SETTINGS.fov, dpi: DEFAULT_SETTINGS.dpi });
    expect(store.getValues().keyBindingsV2.jump).toBe(273);
    expect(game.sentWith(SHELL_TO_GAME.allSettings)).toHaveLength(2); // at start, and the account copy
  });

  it('sends OnSettingChanged as the contract types it, and refuses a name whose value is another setting\'s type', () => {
    const game = fakeGameLink();
    const store = createSettingsStore({ config, game, storage: memoryStorage() });
    expect(store.change('masterVolume', 'loud' as never)).toBe(false);
    expect(store.change('noSuchSetting' as never, 1)).toBe(false);
    expect(store.changeMany({ masterVolume: 41, theme: 3 as never })).toBe(1);
    expect(game.sentWith(SHELL_TO_GAME.settingChanged)).toEqual([{ name: 'masterVolume', value: 41 }]);
  });
});

// The language setting is the player's choice only once they make one. Until then it
// mirrors the page's language (the host's locale, which may arrive late, or the browser's), is
// never saved or uploaded as a choice, and an account copy whose language was never chosen (every
// copy saved before the language could be chosen held 'en') does not force English on a device.
describe('the language: a choice, or the page\'s language', () => {
  const languageNow = (game: ReturnType<typeof fakeGameLink>) => game.sentWith(SHELL_TO_GAME.settingChanged).filter((c) => c.name === 'language');

  it('follows the page\'s language while nothing was chosen: shown and sent to the game, never saved', () => {
    const kv = memoryStorage();
    const game = fakeGameLink();
    const store = createSettingsStore({ config, game, storage: kv, defaults: { language: 'en' } });
    expect(store.languageChoice()).toBeNull();
    store.followPageLanguage('fr'); // Discord's user locale arrived after the app chunk
    expect(store.getValues().language).toBe('fr');
    expect(languageNow(game)).toEqual([{ name: 'language', value: 'fr' }]);
    expect(kv.getItem('game_settings_language')).toBeNull();
    expect(store.languageChoice()).toBeNull();
  });

  it('keeps the player\'s choice over a later page language, and across a reload', () => {
    const kv = memoryStorage();
    const store = createSettingsStore({ config, game: fakeGameLink(), storage: kv, defaults: { language: 'en' } });
    expect(store.change('language', 'ja')).toBe(true);
    store.followPageLanguage('fr');
    expect(store.getValues().language).toBe('ja');
    const again = createSettingsStore({ config, game: fakeGameLink(), storage: kv, defaults: { language: 'de' } });
    expect(again.languageChoice()).toBe('ja');
  });

  it('an account copy without a chosen language leaves this device\'s language alone and uploads none', async () => {
    vi.useFakeTimers();
    const kv = memoryStorage();
    const game = fakeGameLink();
    const { api, saved } = account({ ...DEFAULT_SETTINGS, language: 'en', masterVolume: 30 }, false);
    const store = createSettingsStore({ config, game, storage: kv, account: api, defaults: { language: 'de' } });
    store.followAccount('u-1');
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getValues()).toMatchObject({ language: 'de', masterVolume: 30 });
    expect(store.languageChoice()).toBeNull();
    store.change('fov', 90);
    store.change('masterVolume', 31);
    await vi.advanceTimersByTimeAsync(ACCOUNT_UPLOAD_DEBOUNCE_MS + 10);
    expect(saved).toHaveLength(1);
    expect(saved[0]).not.toHaveProperty('language');
  });

  it('an account copy with a chosen language applies it as this device\'s choice, and an upload carries it', async () => {
    vi.useFakeTimers();
    const kv = memoryStorage();
    const { api, saved } = account({ ...DEFAULT_SETTINGS, language: 'ko' }, true);
    const store = createSettingsStore({ config, game: fakeGameLink(), storage: kv, account: api, defaults: { language: 'de' } });
    store.followAccount('u-1');
    await vi.advanceTimersByTimeAsync(0);
    expect(store.languageChoice()).toBe('ko');
    expect(kv.getItem('game_settings_language')).toBe('"ko"');
    store.change('masterVolume', 31);
    await vi.advanceTimersByTimeAsync(ACCOUNT_UPLOAD_DEBOUNCE_MS + 10);
    expect(saved.at(-1)?.language).toBe('ko');
  });

  it('a reset forgets the choice: the page\'s language again, the account told without one', async () => {
    vi.useFakeTimers();
    const kv = memoryStorage();
    const game = fakeGameLink();
    const { api, saved } = account(null);
    const store = createSettingsStore({ config, game, storage: kv, account: api, defaults: { language: 'en' } });
    store.followAccount('u-1');
    await vi.advanceTimersByTimeAsync(0);
    store.change('language', 'ru');
    await vi.advanceTimersByTimeAsync(ACCOUNT_UPLOAD_DEBOUNCE_MS + 10);
    expect(saved.at(-1)?.language).toBe('ru');
    store.forgetLanguageChoice('es');
    expect(store.languageChoice()).toBeNull();
    expect(store.getValues().language).toBe('es');
    expect(kv.getItem('game_settings_language')).toBeNull();
    expect(languageNow(game).at(-1)).toEqual({ name: 'language', value: 'es' });
    await vi.advanceTimersByTimeAsync(ACCOUNT_UPLOAD_DEBOUNCE_MS + 10);
    expect(saved.at(-1)).not.toHaveProperty('language');
  });

  it('adopting the host\'s storage without a language keeps mirroring the page', () => {
    const game = fakeGameLink();
    const store = createSettingsStore({ config, game, storage: memoryStorage(), keeper: 'visit', defaults: { language: 'ja' } });
    const host = memoryStorage();
    host.setItem('game_settings_masterVolume', '44');
    expect(store.adoptHostStorage(host)).toBe(true);
    expect(store.getValues()).toMatchObject({ language: 'ja', masterVolume: 44 });
    expect(store.languageChoice()).toBeNull();
  });
});
