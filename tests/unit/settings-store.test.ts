// The one settings store (src/settings-store/store.ts): the game gets the whole object when it
// loads (and after a Retry), each change as (name, value); the parent's disabled sections are
// applied in the store; a logged-in player's account copy wins and is sent to a running game,
// and later changes are uploaded, debounced.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHELL_TO_GAME } from '../../contract/gameConstants';
import { DEFAULT_SETTINGS, HIDDEN_SETTINGS, SIDEBAR_ORDERS, type SettingsValues } from '../../contract/settings';
import { memoryStorage } from '../../src/settings-store/storage';
import { createSettingsStore, type SettingsAccount } from '../../src/settings-store/store';
import { ACCOUNT_UPLOAD_DEBOUNCE_MS } from '../../src/settings-store/sync';
import { fakeGameLink } from '../support/fakeGameLink';

const config = { disabledSections: ['video' as const], hidden: HIDDEN_SETTINGS, order: SIDEBAR_ORDERS.standard };

function account(copy: SettingsValues | null) {
  const saved: SettingsValues[] = [];
  const api: SettingsAccount = {
    load: vi.fn(async () => copy),
    save: vi.fn(async (settings: SettingsValues) => { saved.push(settings); return settings; }),
  };
  return { api, saved };
}
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => { vi.useRealTimers(); });
afterEach(() => { vi.useRealTimers(); });

describe('the settings store', () => {
  it('tells the game the whole object once it loads, and again after a reload', () => {
    const game = fakeGameLink('loading');
    createSettingsStore({ config, game, storage: memoryStorage() });
    expect(game.sentWith(SHELL_TO_GAME.allSettings)).toHaveLength(0);
    game.setStatus('loaded');
    expect(game.sentWith(SHELL_TO_GAME.allSettings)).toEqual([DEFAULT_SETTINGS]);
    game.setStatus('error');
    game.setStatus('loaded');
    expect(game.sentWith(SHELL_TO_GAME.allSettings)).toHaveLength(2);
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
