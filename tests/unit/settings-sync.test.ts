// The rule for settings that follow a logged-in player (src/settings-store/sync.ts): the
// account copy wins when there is one, else the local settings are uploaded; an upload keeps the
// account's values for what this host may not change; applying writes only accepted settings.
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, HIDDEN_SETTINGS, settingsWithDefaults, type SettingsValues } from '../../contract/settings';
import { createSettingsStorage, memoryStorage, type KeyValueStorage } from '../../src/settings-store/storage';
import { applyToStorage, firstSyncPlan, sameValue, uploadCopy } from '../../src/settings-store/sync';

let kv: KeyValueStorage;
const storageFor = () => createSettingsStorage({ storage: kv, hidden: HIDDEN_SETTINGS, disabledSections: ['general', 'video'], log: () => undefined });
beforeEach(() => { kv = memoryStorage(); });

const account: SettingsValues = { ...DEFAULT_SETTINGS, masterVolume: 20, fov: 110, dpi: 1600, keyBindingsV2: { ...DEFAULT_SETTINGS.keyBindingsV2, jump: 273 } };

describe('first sync after login', () => {
  it('applies the account copy when there is one (it wins over local values)', () => {
    expect(firstSyncPlan(account)).toEqual({ kind: 'apply', settings: account });
  });
  it('uploads the local settings when the account has none', () => {
    expect(firstSyncPlan(null)).toEqual({ kind: 'upload' });
  });
});

describe('applying the account copy to local storage', () => {
  it('writes the accepted settings, overriding local ones, and never hidden or disabled ones', () => {
    const storage = storageFor();
    storage.save('masterVolume', 90);
    const written = applyToStorage(storage, account);
    expect(written).toBeGreaterThan(10);
    const loaded = storage.load();
    expect(loaded.masterVolume).toBe(20);
    expect(loaded.keyBindingsV2.jump).toBe(273);
    expect(kv.getItem('game_settings_fov')).toBeNull(); // Video is disabled here
    expect(kv.getItem('game_settings_dpi')).toBeNull(); // hidden
    expect(loaded.fov).toBe(DEFAULT_SETTINGS.fov);
  });
});

describe('what is uploaded', () => {
  it('takes local values for accepted settings and keeps the account\'s for the others', () => {
    const storage = storageFor();
    storage.save('masterVolume', 55);
    const copy = uploadCopy(account, storage.load(), storage.accepts);
    expect(copy.masterVolume).toBe(55);
    expect(copy.keyBindingsV2).toEqual(DEFAULT_SETTINGS.keyBindingsV2); // local bindings are accepted here
    expect(copy.fov).toBe(110); // Video disabled on this host: the other host's choice survives
    expect(copy.dpi).toBe(1600); // hidden here
    expect(settingsWithDefaults(copy)).toEqual(copy); // a valid, whole object
  });
  it('falls back to the defaults for settings this host may not change when the account has none', () => {
    const storage = storageFor();
    const copy = uploadCopy(null, { ...storage.load(), fov: 61 }, storage.accepts);
    expect(copy.fov).toBe(DEFAULT_SETTINGS.fov);
  });
});

describe('sameValue', () => {
  it('compares bindings by their entries', () => {
    expect(sameValue({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameValue(1, 1)).toBe(true);
    expect(sameValue('1', 1)).toBe(false);
  });
});
