// The rule for settings that follow a logged-in player (src/settings-store/sync.ts): the
// account copy wins when there is one, else the local settings are uploaded; an upload keeps the
// account's values for what this host may not change; applying (through the store's rules)
// writes only accepted settings.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, HIDDEN_SETTINGS, SIDEBAR_ORDERS, settingsWithDefaults, type AccountSettingsUpload, type SettingsValues } from '../../contract/settings';
import { memoryStorage, type KeyValueStorage } from '../../src/settings-store/storage';
import { createSettingsStore, type SettingsAccount } from '../../src/settings-store/store';
import { firstSyncPlan, sameValue, uploadCopy } from '../../src/settings-store/sync';
import { fakeGameLink } from '../support/fakeGameLink';

let kv: KeyValueStorage;
const config = { hidden: HIDDEN_SETTINGS, disabledSections: ['general' as const, 'video' as const], order: SIDEBAR_ORDERS.standard };
const storeFor = (account?: SettingsAccount) => createSettingsStore({ config, game: fakeGameLink(), storage: kv, log: { warn: () => undefined }, ...(account ? { account } : {}) });
beforeEach(() => { kv = memoryStorage(); });

const account: SettingsValues = { ...DEFAULT_SETTINGS, masterVolume: 20, fov: 110, dpi: 1600, keyBindingsV2: { ...DEFAULT_SETTINGS.keyBindingsV2, jump: 273 } };

describe('first sync after login', () => {
  it('applies the account copy when there is one (it wins over local values)', () => {
    expect(firstSyncPlan({ settings: account, languageChosen: true })).toEqual({ kind: 'apply', copy: { settings: account, languageChosen: true } });
  });
  it('uploads the local settings when the account has none', () => {
    expect(firstSyncPlan(null)).toEqual({ kind: 'upload' });
  });
});

describe('applying the account copy to local storage', () => {
  it('writes the accepted settings, overriding local ones, and never hidden or disabled ones', async () => {
    storeFor().change('masterVolume', 90);
    const store = storeFor({ load: vi.fn(async () => ({ settings: account, languageChosen: true })), save: vi.fn(async (s: AccountSettingsUpload) => ({ settings: settingsWithDefaults(s), languageChosen: true })) });
    store.followAccount('u-1');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(kv.getItem('game_settings_masterVolume')).toBe('20');
    const loaded = storeFor().getValues();
    expect(loaded.masterVolume).toBe(20);
    expect(loaded.keyBindingsV2.jump).toBe(273);
    expect(kv.getItem('game_settings_fov')).toBeNull(); // Video is disabled here
    expect(kv.getItem('game_settings_dpi')).toBeNull(); // hidden
    expect(loaded.fov).toBe(DEFAULT_SETTINGS.fov);
  });
});

describe('what is uploaded', () => {
  it('takes local values for accepted settings and keeps the account\'s for the others', () => {
    const store = storeFor();
    store.change('masterVolume', 55);
    const copy = uploadCopy({ settings: account, languageChosen: true }, store.getValues(), store.accepts, false);
    expect(copy.masterVolume).toBe(55);
    expect(copy.keyBindingsV2).toEqual(DEFAULT_SETTINGS.keyBindingsV2); // local bindings are accepted here
    expect(copy.fov).toBe(110); // Video disabled on this host: the other host's choice survives
    expect(copy.dpi).toBe(1600); // hidden here
    expect(settingsWithDefaults(copy)).toEqual(copy); // a valid, whole object
  });
  it('falls back to the defaults for settings this host may not change when the account has none', () => {
    const store = storeFor();
    const copy = uploadCopy(null, { ...store.getValues(), fov: 61 }, store.accepts, false);
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
