// The one settings store of the page, created once at start (app/boot.ts): it loads and
// validates (storage.ts, by the contract's schemas), saves, tells the game, and keeps a
// logged-in player's settings in their account (the rule is sync.ts). The parent's hidden
// settings and disabled sections (config.ts) are applied here and nowhere else: a hidden or
// disabled setting is never saved, sent, uploaded over, or replaced by the account copy.
//   - when the game (re)loads it gets the whole object (OnAllSettings);
//   - each accepted change reaches it as (name, value) (OnSettingChanged);
//   - the account copy wins at login when there is one (applied, saved, sent), else the local
//     settings are uploaded; then every change is uploaded, debounced.
import { SHELL_TO_GAME } from '../../contract/gameConstants';
import { isFieldName, type FieldName, type SettingsValues } from '../../contract/settings';
import type { GameLink } from '../game-link/link';
import type { SettingsConfig } from './config';
import { createSettingsStorage, type KeyValueStorage, type SettingsStorage } from './storage';
import { ACCOUNT_UPLOAD_DEBOUNCE_MS, applyToStorage, firstSyncPlan, sameValue, uploadCopy } from './sync';

export type SettingValue = SettingsValues[FieldName];

/** The account's copy, through GET/PUT /api/settings (src/app passes the API calls). */
export interface SettingsAccount {
  load(): Promise<SettingsValues | null>;
  save(settings: SettingsValues): Promise<SettingsValues>;
}

export interface SettingsStoreOptions {
  config: SettingsConfig;
  game: Pick<GameLink, 'send' | 'status' | 'subscribe'>;
  account?: SettingsAccount;
  storage?: KeyValueStorage;
  log?: Pick<Console, 'warn'>;
}

export interface SettingsStore {
  readonly config: SettingsConfig;
  readonly storage: SettingsStorage;
  getValues(): SettingsValues;
  /** Called after every change of the values (one change, many, or the account copy). */
  subscribe(listener: () => void): () => void;
  /** Whether the parent lets the player change this setting. */
  accepts(name: FieldName): boolean;
  /** Validates, saves and tells the game; false when refused (invalid, hidden or disabled). */
  change(name: FieldName, value: SettingValue): boolean;
  /** Applies many values (reset, import): each accepted one that differs is saved and sent. Returns how many changed. */
  changeMany(next: Partial<SettingsValues>): number;
  /** Starts following a logged-in player's account (null: logged out, nothing synced). Returns the stop. */
  followAccount(userId: string | null): () => void;
  /** Stops listening to the game. */
  dispose(): void;
}

export function createSettingsStore(options: SettingsStoreOptions): SettingsStore {
  const { config, game, account } = options;
  const log = options.log ?? console;
  const storage = createSettingsStorage({ hidden: config.hidden, disabledSections: config.disabledSections, ...(options.storage ? { storage: options.storage } : {}) });
  storage.cleanup();
  let values = storage.load();
  const listeners = new Set<() => void>();
  const changeListeners = new Set<() => void>();

  const notify = () => { for (const listener of [...listeners]) listener(); };
  const changed = () => { notify(); for (const listener of [...changeListeners]) listener(); };

  // The whole object reaches the game as soon as it has loaded (and again after a Retry).
  let lastStatus = game.status();
  const tellAll = () => game.send(SHELL_TO_GAME.allSettings, values);
  if (lastStatus === 'loaded') tellAll();
  const offGame = game.subscribe(() => {
    const status = game.status();
    if (status === 'loaded' && lastStatus !== 'loaded') tellAll();
    lastStatus = status;
  });

  const store: SettingsStore = {
    config,
    storage,
    getValues: () => values,
    subscribe(listener) {
      listeners.add(listener);
      return () => { listeners.delete(listener); };
    },
    accepts: (name) => storage.accepts(name),
    change(name, value) {
      if (!storage.save(name, value)) return false;
      values = { ...values, [name]: value };
      game.send(SHELL_TO_GAME.settingChanged, { name, value });
      changed();
      return true;
    },
    changeMany(next) {
      const applied: Record<string, SettingValue> = {};
      for (const [name, value] of Object.entries(next) as Array<[string, SettingValue]>) {
        if (!isFieldName(name) || !storage.accepts(name) || sameValue(values[name], value)) continue;
        if (!storage.save(name, value)) continue;
        applied[name] = value;
        game.send(SHELL_TO_GAME.settingChanged, { name, value });
      }
      const count = Object.keys(applied).length;
      if (count > 0) {
        values = { ...values, ...applied } as SettingsValues;
        changed();
      }
      return count;
    },
    followAccount(userId) {
      if (userId === null || !account) return () => undefined;
      let copy: SettingsValues | null = null;
      let ready = false;
      let stopped = false;
      let pending = false;
      let timer: ReturnType<typeof setTimeout> | undefined;

      const upload = async () => {
        pending = false;
        try {
          copy = await account.save(uploadCopy(copy, storage.load(), storage.accepts));
        } catch (error) {
          log.warn('settings: could not save the settings to the account', error);
        }
      };
      const schedule = () => {
        pending = true;
        if (!ready) return; // uploaded once the account copy is known
        clearTimeout(timer);
        timer = setTimeout(() => { void upload(); }, ACCOUNT_UPLOAD_DEBOUNCE_MS);
      };
      changeListeners.add(schedule);

      void (async () => {
        try {
          const plan = firstSyncPlan(await account.load());
          if (stopped) return;
          if (plan.kind === 'apply') {
            copy = plan.settings;
            applyToStorage(storage, plan.settings);
            values = storage.load();
            notify();
            if (game.status() === 'loaded') tellAll();
          } else {
            await upload();
          }
          ready = true;
          if (pending && !stopped) schedule();
        } catch (error) {
          log.warn('settings: could not load the settings saved to the account', error);
        }
      })();

      return () => {
        stopped = true;
        changeListeners.delete(schedule);
        // A change still waiting is saved now (it may be refused if this was a logout).
        if (timer !== undefined && pending) { clearTimeout(timer); void upload(); }
      };
    },
    dispose: () => offGame(),
  };
  return store;
}
