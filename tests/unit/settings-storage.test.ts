// src/settings-store/storage.ts writes through (prefix, JSON, blocked storage);
// the rules on what is stored (hidden list, disabled sections, bad values) are the store's and
// are checked here through it, on the same storage.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, HIDDEN_SETTINGS, SIDEBAR_ORDERS, type SectionId } from '../../contract/settings';
import { browserStorage, createSettingsStorage, memoryStorage, type KeyValueStorage } from '../../src/settings-store/storage';
import { createSettingsStore } from '../../src/settings-store/store';
import { fakeGameLink } from '../support/fakeGameLink';

const quiet = () => undefined;
const storeOn = (storage: KeyValueStorage, disabledSections: SectionId[] = [], warn: (...args: unknown[]) => void = quiet) =>
  createSettingsStore({ config: { hidden: HIDDEN_SETTINGS, disabledSections, order: SIDEBAR_ORDERS.standard }, game: fakeGameLink(), storage, log: { warn } });

describe('settings storage', () => {
  afterEach(() => { vi.restoreAllMocks(); });

  it('writes name/value pairs under game_settings_ as JSON and reads them back', () => {
    const storage = memoryStorage();
    const settings = createSettingsStorage({ storage, log: quiet });
    settings.write('mouseSensitivity', 2.5);
    settings.write('keyBindingsV2', { moveForward: 273 });
    expect(storage.getItem('game_settings_mouseSensitivity')).toBe('2.5');
    expect(settings.read('keyBindingsV2')).toEqual({ moveForward: 273 });
    expect(settings.read('masterVolume')).toBeUndefined();
    settings.remove('mouseSensitivity');
    expect(storage.getItem('game_settings_mouseSensitivity')).toBeNull();
  });

  it('loads through the store: stored values back, bindings merged over the defaults', () => {
    const storage = memoryStorage();
    const store = storeOn(storage);
    expect(store.change('mouseSensitivity', 2.5)).toBe(true);
    expect(store.change('keyBindingsV2', { ...DEFAULT_SETTINGS.keyBindingsV2, moveForward: 273 })).toBe(true);
    expect(storage.getItem('game_settings_mouseSensitivity')).toBe('2.5');
    storage.setItem('game_settings_keyBindingsV2', '{"moveForward":273}');
    const loaded = storeOn(storage).getValues();
    expect(loaded.mouseSensitivity).toBe(2.5);
    expect(loaded.keyBindingsV2).toEqual({ ...DEFAULT_SETTINGS.keyBindingsV2, moveForward: 273 });
    expect(loaded.masterVolume).toBe(80);
  });

  it('never saves hidden settings, ignores stored ones, and removes them at start', () => {
    const storage = memoryStorage();
    storage.setItem('game_settings_dpi', '1600');
    storage.setItem('game_settings_crosshairStyle', '"dot"');
    const store = storeOn(storage);
    expect(store.change('dpi', 1200)).toBe(false);
    expect(store.getValues().dpi).toBe(800);
    expect(store.getValues().crosshairStyle).toBe('default');
    expect(storage.getItem('game_settings_dpi')).toBeNull();
    expect(storage.getItem('game_settings_crosshairStyle')).toBeNull();
  });

  it('ignores updates to settings of disabled sections', () => {
    const storage = memoryStorage();
    const store = storeOn(storage, ['video']);
    expect(store.accepts('fov')).toBe(false);
    expect(store.change('fov', 100)).toBe(false);
    expect(storage.getItem('game_settings_fov')).toBeNull();
    expect(storeOn(storage, []).change('fov', 100)).toBe(true);
  });

  it('replaces bad JSON, wrong types and out-of-range values by defaults and logs them', () => {
    const storage = memoryStorage();
    storage.setItem('game_settings_fov', '{broken');
    storage.setItem('game_settings_masterVolume', '500');
    storage.setItem('game_settings_theme', '"neon"');
    storage.setItem('game_settings_keyBindingsV2', '{"moveForward":-4}');
    const log = vi.fn();
    const loaded = storeOn(storage, [], log).getValues();
    expect(loaded.fov).toBe(90);
    expect(loaded.masterVolume).toBe(80);
    expect(loaded.theme).toBe('dark');
    expect(loaded.keyBindingsV2).toEqual(DEFAULT_SETTINGS.keyBindingsV2);
    expect(log).toHaveBeenCalledTimes(4);
  });

  it('only logs when saving or reading throws', () => {
    const throwing: KeyValueStorage = {
      getItem: () => { throw new Error('denied'); },
      setItem: () => { throw new Error('quota'); },
      removeItem: () => { throw new Error('denied'); },
    };
    const log = vi.fn();
    let store: ReturnType<typeof storeOn> | undefined;
    expect(() => { store = storeOn(throwing, [], log); }).not.toThrow(); // removing hidden entries throws too
    expect(store?.getValues()).toEqual(DEFAULT_SETTINGS);
    expect(() => store?.change('masterVolume', 10)).not.toThrow();
    expect(store?.getValues().masterVolume).toBe(10); // kept in memory
    expect(log).toHaveBeenCalled();
  });

  it('falls back to memory when localStorage cannot even be touched (sandboxed iframe)', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => { throw new DOMException('blocked', 'SecurityError'); });
    const log = vi.fn();
    const storage = browserStorage(log);
    storage.setItem('a', '1');
    expect(storage.getItem('a')).toBe('1');
    expect(log).toHaveBeenCalledOnce();
  });
});

describe('settings where the browser refuses localStorage (framed hosts)', () => {
  afterEach(() => { vi.restoreAllMocks(); });
  const refuse = () => vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => { throw new DOMException('blocked', 'SecurityError'); });
  const make = () => createSettingsStore({ config: { hidden: HIDDEN_SETTINGS, disabledSections: [], order: SIDEBAR_ORDERS.standard }, game: fakeGameLink(), log: { warn: quiet } });

  it('says so in a log line that ends with its words, not with a printed "undefined"', () => {
    refuse();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    createSettingsStore({ config: { hidden: HIDDEN_SETTINGS, disabledSections: [], order: SIDEBAR_ORDERS.standard }, game: fakeGameLink() });
    createSettingsStorage();
    const lines = warn.mock.calls.filter((args) => String(args[0]).includes('localStorage is unavailable'));
    expect(lines).toHaveLength(2);
    for (const args of lines) expect(args).toEqual(['settings: localStorage is unavailable, keeping settings in memory']);
  });

  it('keeps them in this visit only, and says so through keeper()', () => {
    refuse();
    expect(make().keeper()).toBe('visit');
    vi.restoreAllMocks();
    expect(make().keeper()).toBe('browser');
  });

  it('moves them into the host storage: its values apply, except those changed in this visit, which are written there', () => {
    refuse();
    const host = memoryStorage();
    host.setItem('game_settings_masterVolume', '12');
    host.setItem('game_settings_fov', '100');
    const game = fakeGameLink();
    const store = createSettingsStore({ config: { hidden: HIDDEN_SETTINGS, disabledSections: [], order: SIDEBAR_ORDERS.standard }, game, log: { warn: quiet } });
    expect(store.change('fov', 75)).toBe(true);
    const heard = vi.fn();
    store.subscribe(heard);
    expect(store.adoptHostStorage(host)).toBe(true);
    expect(store.keeper()).toBe('host');
    expect(heard).toHaveBeenCalled();
    expect(store.getValues().masterVolume).toBe(12);
    expect(store.getValues().fov).toBe(75); // changed here: this visit's choice wins
    expect(host.getItem('game_settings_fov')).toBe('75');
    expect(game.sent).toContainEqual({ method: 'OnSettingChanged', payload: { name: 'masterVolume', value: 12 } });
    // from now on every change goes there
    store.change('mouseSensitivity', 3);
    expect(host.getItem('game_settings_mouseSensitivity')).toBe('3');
    // what a reload then reads from the same host storage
    const again = createSettingsStore({ config: { hidden: HIDDEN_SETTINGS, disabledSections: [], order: SIDEBAR_ORDERS.standard }, game: fakeGameLink(), log: { warn: quiet } });
    again.adoptHostStorage(host);
    expect(again.getValues()).toMatchObject({ masterVolume: 12, fov: 75, mouseSensitivity: 3 });
  });

  it('refuses bad values from the host storage like any stored value, and is a no-op where the browser keeps them', () => {
    refuse();
    const host = memoryStorage();
    host.setItem('game_settings_masterVolume', '"loud"');
    const store = make();
    store.adoptHostStorage(host);
    expect(store.getValues().masterVolume).toBe(DEFAULT_SETTINGS.masterVolume);
    vi.restoreAllMocks();
    const browser = make();
    expect(browser.adoptHostStorage(host)).toBe(false);
    expect(browser.keeper()).toBe('browser');
  });
});
