// src/settings-store/storage.ts: prefix, JSON, hidden list, disabled sections, bad values,
// blocked storage (spec part 1 §3.1).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../contract/settings';
import { browserStorage, createSettingsStorage, memoryStorage, type KeyValueStorage } from '../../src/settings-store/storage';

const quiet = () => undefined;

describe('settings storage', () => {
  afterEach(() => { vi.restoreAllMocks(); });

  it('saves name/value pairs under game_settings_ as JSON and loads them back', () => {
    const storage = memoryStorage();
    const settings = createSettingsStorage({ storage, log: quiet });
    expect(settings.save('mouseSensitivity', 2.5)).toBe(true);
    expect(settings.save('keyBindingsV2', { ...DEFAULT_SETTINGS.keyBindingsV2, moveForward: 273 })).toBe(true);
    expect(storage.getItem('game_settings_mouseSensitivity')).toBe('2.5');
    const loaded = createSettingsStorage({ storage, log: quiet }).load();
    expect(loaded.mouseSensitivity).toBe(2.5);
    expect(loaded.keyBindingsV2.moveForward).toBe(273);
    expect(loaded.masterVolume).toBe(80);
  });

  it('never saves hidden settings, ignores stored ones, and removes them on cleanup', () => {
    const storage = memoryStorage();
    storage.setItem('game_settings_dpi', '1600');
    storage.setItem('game_settings_crosshairStyle', '"dot"');
    const settings = createSettingsStorage({ storage, log: quiet });
    expect(settings.save('dpi', 1200)).toBe(false);
    expect(settings.load().dpi).toBe(800);
    expect(settings.load().crosshairStyle).toBe('default');
    settings.cleanup();
    expect(storage.getItem('game_settings_dpi')).toBeNull();
    expect(storage.getItem('game_settings_crosshairStyle')).toBeNull();
  });

  it('ignores updates to settings of disabled sections', () => {
    const storage = memoryStorage();
    const settings = createSettingsStorage({ storage, log: quiet, disabledSections: ['video'] });
    expect(settings.accepts('fov')).toBe(false);
    expect(settings.save('fov', 100)).toBe(false);
    expect(storage.getItem('game_settings_fov')).toBeNull();
    expect(createSettingsStorage({ storage, log: quiet, disabledSections: [] }).save('fov', 100)).toBe(true);
  });

  it('replaces bad JSON, wrong types and out-of-range values by defaults and logs them', () => {
    const storage = memoryStorage();
    storage.setItem('game_settings_fov', '{broken');
    storage.setItem('game_settings_masterVolume', '500');
    storage.setItem('game_settings_theme', '"neon"');
    storage.setItem('game_settings_keyBindingsV2', '{"moveForward":-4}');
    const log = vi.fn();
    const loaded = createSettingsStorage({ storage, log }).load();
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
    const settings = createSettingsStorage({ storage: throwing, log });
    expect(settings.load()).toEqual(DEFAULT_SETTINGS);
    expect(() => settings.save('masterVolume', 10)).not.toThrow();
    expect(() => settings.cleanup()).not.toThrow();
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
