// Where settings live between visits: one localStorage entry per setting,
// `game_settings_<name>` -> JSON. Storage only writes through: the settings store (store.ts)
// decides what is valid, hidden or disabled and what is written; this file reads, writes and
// removes entries. Storage is a convenience, never a reason to fail: every failure is logged
// and the overlay carries on (in memory when the browser blocks storage in a third-party iframe).
//
// Where localStorage is refused (Chromium with third-party cookies blocked denies it to the
// framed hosts, as do many webviews) the settings live in this visit's memory until a host
// offers its own storage (the portal's data module): then they move there (adopt). The store
// says which keeper holds them (SettingsKeeper); the overlay tells a logged-out player once when
// it is only this visit.
import { SETTINGS_STORAGE_PREFIX } from '../../contract/settings';
import { probeLocalStorage } from './localStorageProbe';

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

/** Who keeps the settings between visits: the page's localStorage, the host's storage, or nobody (this visit only). */
export type SettingsKeeper = 'browser' | 'host' | 'visit';

/** How storage reports a failure: a message, and the error when there is one. */
export type StorageLog = (message: string, error?: unknown) => void;

/**
 * A StorageLog over a console-like `warn`: the error is passed only when there is one, so a line
 * without an error does not end in a printed "undefined".
 */
export function storageLog(warn: (...args: unknown[]) => void): StorageLog {
  return (message, error) => { if (error === undefined) warn(message); else warn(message, error); };
}

/** localStorage if it can be used at all (merely touching it throws in some sandboxed iframes), else null. */
export function usableLocalStorage(win: Window = window, log: StorageLog = storageLog(console.warn)): KeyValueStorage | null {
  const storage = probeLocalStorage(win, `${SETTINGS_STORAGE_PREFIX}__probe`);
  if (!storage) log('settings: localStorage is unavailable, keeping settings in memory');
  return storage;
}

/** localStorage, or memory when it is refused. */
export function browserStorage(log: StorageLog = storageLog(console.warn)): KeyValueStorage {
  return usableLocalStorage(window, log) ?? memoryStorage();
}

export interface SettingsStorageOptions {
  storage?: KeyValueStorage;
  /** Who `storage` is (default: 'browser' when given; without it, localStorage when usable, else memory and 'visit'). */
  keeper?: SettingsKeeper;
  log?: StorageLog;
}

export interface SettingsStorage {
  /** What is stored for one setting, JSON-decoded; undefined when nothing is (or it cannot be read). Not validated: the store does that. */
  read(name: string): unknown;
  /** Writes one setting's value as JSON (the store decided it may). */
  write(name: string, value: unknown): void;
  /** Removes one setting's entry. */
  remove(name: string): void;
  /** Who keeps what is written now. */
  keeper(): SettingsKeeper;
  /**
   * This visit's settings move to a host's storage (only from 'visit'): what was written this
   * visit is written there, and the names written are returned (the store reads the rest from it).
   */
  adopt(storage: KeyValueStorage): ReadonlySet<string>;
}

export function createSettingsStorage(options: SettingsStorageOptions = {}): SettingsStorage {
  const log = options.log ?? storageLog(console.warn);
  const local = options.storage ? null : usableLocalStorage(window, log);
  let storage = options.storage ?? local ?? memoryStorage();
  let keeper: SettingsKeeper = options.keeper ?? (options.storage || local ? 'browser' : 'visit');
  /** Names written (or removed) while only this visit kept them. */
  const written = new Set<string>();
  const key = (name: string) => `${SETTINGS_STORAGE_PREFIX}${name}`;
  const copy = (from: KeyValueStorage, to: KeyValueStorage, name: string) => {
    const raw = from.getItem(key(name));
    if (raw === null) to.removeItem(key(name)); else to.setItem(key(name), raw);
  };
  return {
    keeper: () => keeper,
    adopt(next) {
      if (keeper !== 'visit') return new Set();
      const names = new Set(written);
      for (const name of names) {
        try { copy(storage, next, name); } catch (error) { log(`settings: could not save ${name}`, error); }
      }
      storage = next;
      keeper = 'host';
      return names;
    },
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
      if (keeper === 'visit') written.add(name);
      try { storage.setItem(key(name), JSON.stringify(value)); } catch (error) { log(`settings: could not save ${name}`, error); }
    },
    remove(name) {
      if (keeper === 'visit') written.add(name);
      try { storage.removeItem(key(name)); } catch (error) { log(`settings: could not remove ${name}`, error); }
    },
  };
}
