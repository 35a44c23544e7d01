// Where settings live between visits (spec part 1 §3.1): one localStorage entry per setting,
// `game_settings_<name>` -> JSON. Storage only writes through: the settings store (store.ts)
// decides what is valid, hidden or disabled and what is written; this file reads, writes and
// removes entries. Storage is a convenience, never a reason to fail: every failure is logged
// and the overlay carries on (in memory when the browser blocks storage in a third-party iframe).
import { SETTINGS_STORAGE_PREFIX } from '../../contract/settings';

/** The part of the Web Storage API used here (the host adapter or a test can supply one). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => { map.set(key, String(value)); },
    removeItem: (key) => { map.delete(key); },
  };
}

/** localStorage if it can be used at all; merely touching it throws in some sandboxed iframes. */
export function browserStorage(log: (message: string, error: unknown) => void = console.warn): KeyValueStorage {
  try {
    const storage = window.localStorage;
    const probe = `${SETTINGS_STORAGE_PREFIX}__probe`;
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return storage;
  } catch (error) {
    log('settings: localStorage is unavailable, keeping settings in memory', error);
    return memoryStorage();
  }
}

export interface SettingsStorageOptions {
  storage?: KeyValueStorage;
  log?: (message: string, error?: unknown) => void;
}

export interface SettingsStorage {
  /** What is stored for one setting, JSON-decoded; undefined when nothing is (or it cannot be read). Not validated: the store does that. */
  read(name: string): unknown;
  /** Writes one setting's value as JSON (the store decided it may). */
  write(name: string, value: unknown): void;
  /** Removes one setting's entry. */
  remove(name: string): void;
}

export function createSettingsStorage(options: SettingsStorageOptions = {}): SettingsStorage {
  const log = options.log ?? ((message: string, error?: unknown) => console.warn(message, error));
  const storage = options.storage ?? browserStorage(log);
  const key = (name: string) => `${SETTINGS_STORAGE_PREFIX}${name}`;
  return {
    read(name) {
      try {
        const raw = storage.getItem(key(name));
        return raw === null ? undefined : (JSON.parse(raw) as unknown);
      } catch (error) {
        log(`settings: could not read ${name}`, error);
        return undefined;
      }
    },
    write(name, value) {
      try { storage.setItem(key(name), JSON.stringify(value)); } catch (error) { log(`settings: could not save ${name}`, error); }
    },
    remove(name) {
      try { storage.removeItem(key(name)); } catch (error) { log(`settings: could not remove ${name}`, error); }
    },
  };
}
