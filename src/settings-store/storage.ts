// Where settings live between visits (spec part 1 §3.1): one localStorage entry per setting,
// `game_settings_<name>` -> JSON. Storage is a convenience, never a reason to fail: every
// failure is logged and the overlay carries on (in memory when the browser blocks storage in
// a third-party iframe). What comes back is validated, since anyone can edit localStorage.
import {
  DEFAULT_SETTINGS, FIELD_NAMES, HIDDEN_SETTINGS, SETTINGS_STORAGE_PREFIX, isFieldName, isHiddenSetting, parseSetting, sectionOf,
  type FieldName, type SectionId, type SettingsValues,
} from '../../contract/settings';

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
  hidden?: Iterable<string>;
  disabledSections?: Iterable<SectionId>;
  log?: (message: string, error?: unknown) => void;
}

export interface SettingsStorage {
  /** Every setting: stored where valid and allowed, the default otherwise. */
  load(): SettingsValues;
  /** Saves one setting; false (and nothing saved) when it is hidden, disabled or invalid. */
  save<N extends FieldName>(name: N, value: SettingsValues[N]): boolean;
  /** Whether an update to this setting is accepted (not hidden, section not disabled). */
  accepts(name: FieldName): boolean;
  /** Removes hidden settings from storage (they may predate the hidden list). */
  cleanup(): void;
}

export function createSettingsStorage(options: SettingsStorageOptions = {}): SettingsStorage {
  const log = options.log ?? ((message: string, error?: unknown) => console.warn(message, error));
  const storage = options.storage ?? browserStorage(log);
  const hidden = new Set<string>(options.hidden ?? HIDDEN_SETTINGS);
  const disabled = new Set<SectionId>(options.disabledSections ?? []);
  const key = (name: string) => `${SETTINGS_STORAGE_PREFIX}${name}`;
  const names: FieldName[] = [...FIELD_NAMES, 'keyBindingsV2'];

  const accepts = (name: FieldName) => !isHiddenSetting(name, hidden) && !disabled.has(sectionOf(name));

  const read = (name: FieldName): unknown => {
    try {
      const raw = storage.getItem(key(name));
      return raw === null ? undefined : (JSON.parse(raw) as unknown);
    } catch (error) {
      log(`settings: could not read ${name}`, error);
      return undefined;
    }
  };

  return {
    accepts,
    load() {
      const values: Record<string, unknown> = { ...DEFAULT_SETTINGS, keyBindingsV2: { ...DEFAULT_SETTINGS.keyBindingsV2 } };
      for (const name of names) {
        if (isHiddenSetting(name, hidden)) continue; // never saved, so never read either
        const stored = read(name);
        if (stored === undefined) continue;
        const parsed = parseSetting(name, stored);
        if (parsed === undefined) {
          log(`settings: stored ${name} is invalid, using the default`);
          continue;
        }
        // Stored bindings are merged over the defaults so a new action still gets its key.
        values[name] = name === 'keyBindingsV2' ? { ...DEFAULT_SETTINGS.keyBindingsV2, ...(parsed as SettingsValues['keyBindingsV2']) } : parsed;
      }
      return values as SettingsValues;
    },
    save(name, value) {
      if (!isFieldName(name) || !accepts(name) || parseSetting(name, value) === undefined) return false;
      try {
        storage.setItem(key(name), JSON.stringify(value));
      } catch (error) {
        log(`settings: could not save ${name}`, error);
      }
      return true;
    },
    cleanup() {
      for (const name of [...hidden, ...names.filter((n) => isHiddenSetting(n, hidden))]) {
        try { storage.removeItem(key(name)); } catch (error) { log(`settings: could not remove ${name}`, error); }
      }
    },
  };
}
