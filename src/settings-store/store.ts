// The one settings store of the page, created once by src/app/App.tsx (tests create their
// own). It owns the values and the rules (rules.ts: the parent's hidden settings and disabled
// sections from config.ts, and each setting's validation by the contract's parser): a hidden or
// disabled setting is never saved, sent, uploaded over, or replaced by the account copy.
// Storage (storage.ts) only writes through what the store decided; components read the values
// from here (useSyncExternalStore), never a copy of their own.
//   - the game link gets the whole object (OnAllSettings) and hands it to every instance of the
//     game once it is ready (the link keeps the game's state; the store never watches the game);
//   - each accepted change reaches it as (name, value) (OnSettingChanged);
//   - the account copy wins at login when there is one (applied through the store's rules,
//     written through, sent), else the local settings are uploaded; then every change is
//     uploaded, debounced;
//   - where localStorage is refused the settings live in this visit's memory until the host
//     offers its own storage (adoptHostStorage: the portal's data module), whose values then
//     apply like the account copy, except those already changed in this visit.
import { SHELL_TO_GAME, type SettingChanged } from '../../contract/gameConstants';
import { parseSetting, type AccountSettingsUpload, type FieldName, type SettingsValues } from '../../contract/settings';
import type { GameLink } from '../game-link/link';
import type { SettingsConfig } from './config';
import { ALL_SETTING_NAMES, hiddenEntries, loadSettings, settingsRules, withDefaultBindings } from './rules';
import { createSettingsStorage, storageLog, type KeyValueStorage, type SettingsKeeper } from './storage';
import { ACCOUNT_UPLOAD_DEBOUNCE_MS, appliedFromAccount, firstSyncPlan, sameValue, uploadCopy, type AccountCopy } from './sync';

export type SettingValue = SettingsValues[FieldName];

/** The account's copy, through GET/PUT /api/settings (src/app passes the API calls). */
export interface SettingsAccount {
  load(): Promise<AccountCopy | null>;
  save(settings: AccountSettingsUpload): Promise<AccountCopy>;
}

export interface SettingsStoreOptions {
  config: SettingsConfig;
  game: Pick<GameLink, 'send'>;
  account?: SettingsAccount;
  storage?: KeyValueStorage;
  /** Who `storage` is (tests: 'visit' for a browser that refuses localStorage). */
  keeper?: SettingsKeeper;
  log?: Pick<Console, 'warn'>;
  /** Values used where nothing is stored instead of the contract's defaults (the language the page resolved). */
  defaults?: Partial<SettingsValues>;
}

export interface SettingsStore {
  readonly config: SettingsConfig;
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
  /** Who keeps the settings between visits now (subscribers hear when it changes). */
  keeper(): SettingsKeeper;
  /**
   * The host's storage (the portal's data module) where the browser refused localStorage: the
   * settings move there and its stored values apply, except those changed in this visit. A no-op
   * when the browser keeps them. Returns whether it was adopted.
   */
  adoptHostStorage(storage: KeyValueStorage): boolean;
  /**
   * The language the player chose (changed in settings, imported, or their account's choice), or
   * null while the `language` value only mirrors the page's language (host, browser).
   */
  languageChoice(): SettingsValues['language'] | null;
  /**
   * The page's language without a choice (the host's locale arrived, say): while the player has
   * not chosen one, the `language` value follows it and the game hears it; nothing is saved.
   */
  followPageLanguage(locale: SettingsValues['language']): void;
  /** Forgets the player's language choice (Reset): the value follows the page's language again. */
  forgetLanguageChoice(pageLocale: SettingsValues['language']): void;
}

export function createSettingsStore(options: SettingsStoreOptions): SettingsStore {
  const { config, game, account } = options;
  const log = options.log ?? console;
  const rules = settingsRules(config);
  const storage = createSettingsStorage({
    log: storageLog((...args) => log.warn(...args)),
    ...(options.storage ? { storage: options.storage } : {}),
    ...(options.keeper ? { keeper: options.keeper } : {}),
  });
  for (const name of hiddenEntries(config, rules)) storage.remove(name);
  let values = loadSettings(storage, rules, (message) => log.warn(message), options.defaults);
  // A stored language is a choice (the store writes it only when the player or their account
  // chose it); without one the value mirrors the page's language (options.defaults).
  let languageChosen = !rules.hidden('language') && parseSetting('language', storage.read('language')) !== undefined;
  const listeners = new Set<() => void>();
  const changeListeners = new Set<() => void>();

  const notify = () => { for (const listener of [...listeners]) listener(); };
  const changed = () => { notify(); for (const listener of [...changeListeners]) listener(); };

  // The whole object, once: the link keeps it (with each change after it) for every instance of the game.
  const tellAll = () => game.send(SHELL_TO_GAME.allSettings, values);
  tellAll();

  /** Writes accepted changes through to storage and into the values (the caller notifies). */
  const commit = (changes: readonly SettingChanged[]) => {
    if (changes.length === 0) return;
    const next: Record<string, unknown> = { ...values };
    for (const change of changes) {
      storage.write(change.name, change.value);
      next[change.name] = change.value;
      if (change.name === 'language') languageChosen = true;
    }
    values = next as SettingsValues;
  };
  /** The accepted, valid entries of `next` that differ from the current values. */
  const differing = (next: Partial<Record<string, unknown>>): SettingChanged[] => {
    const changes: SettingChanged[] = [];
    for (const [name, value] of Object.entries(next)) {
      const change = rules.check(name, value);
      if (change && !sameValue(values[change.name], change.value)) changes.push(change);
    }
    return changes;
  };

  /** The account copy, through the same rules as any change: written once, subscribers told once. */
  const applyAccount = (copy: AccountCopy) => {
    const settings = appliedFromAccount(copy);
    const changes = differing(Object.fromEntries(ALL_SETTING_NAMES.filter((name) => name in settings).map((name) => [name, settings[name]])));
    // The account's chosen language is this device's choice too, even where it equals the value shown.
    if (copy.languageChosen && !languageChosen && rules.accepts('language') && !changes.some((c) => c.name === 'language')) {
      storage.write('language', copy.settings.language);
      languageChosen = true;
    }
    commit(changes.map(withDefaultBindings));
    if (changes.length > 0) notify();
    if (changes.length > 0) tellAll();
  };

  const store: SettingsStore = {
    config,
    getValues: () => values,
    subscribe(listener) {
      listeners.add(listener);
      return () => { listeners.delete(listener); };
    },
    accepts: (name) => rules.accepts(name),
    change(name, value) {
      const change = rules.check(name, value);
      if (!change) return false;
      commit([change]);
      game.send(SHELL_TO_GAME.settingChanged, change);
      changed();
      return true;
    },
    changeMany(next) {
      const changes = differing(next);
      commit(changes);
      for (const change of changes) game.send(SHELL_TO_GAME.settingChanged, change);
      if (changes.length > 0) changed();
      return changes.length;
    },
    followAccount(userId) {
      if (userId === null || !account) return () => undefined;
      let copy: AccountCopy | null = null;
      let ready = false;
      let stopped = false;
      let pending = false;
      let timer: ReturnType<typeof setTimeout> | undefined;

      const upload = async () => {
        pending = false;
        try {
          copy = await account.save(uploadCopy(copy, values, rules.accepts, languageChosen));
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
            copy = plan.copy;
            applyAccount(plan.copy);
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
    keeper: () => storage.keeper(),
    adoptHostStorage(hostStorage) {
      if (storage.keeper() !== 'visit') return false;
      const changedHere = storage.adopt(hostStorage);
      const kept = loadSettings(storage, rules, (message) => log.warn(message));
      // A language counts only when the host's storage holds one (a choice); otherwise the value keeps mirroring the page.
      const keptHere = (name: FieldName) => !changedHere.has(name) && (name !== 'language' || parseSetting('language', storage.read('language')) !== undefined);
      const changes = differing(Object.fromEntries(ALL_SETTING_NAMES.filter(keptHere).map((name) => [name, kept[name]])));
      commit(changes);
      for (const change of changes) game.send(SHELL_TO_GAME.settingChanged, change);
      notify(); // the keeper changed, and maybe values
      if (changes.length > 0) for (const listener of [...changeListeners]) listener();
      return true;
    },
    languageChoice: () => (languageChosen ? values.language : null),
    followPageLanguage(locale) {
      if (languageChosen || values.language === locale || !rules.accepts('language')) return;
      values = { ...values, language: locale };
      game.send(SHELL_TO_GAME.settingChanged, { name: 'language', value: locale });
      notify(); // shown, not saved nor uploaded: it is not a choice
    },
    forgetLanguageChoice(pageLocale) {
      if (!rules.accepts('language')) return;
      const wasChosen = languageChosen;
      storage.remove('language');
      languageChosen = false;
      const differs = values.language !== pageLocale;
      if (differs) {
        values = { ...values, language: pageLocale };
        game.send(SHELL_TO_GAME.settingChanged, { name: 'language', value: pageLocale });
      }
      if (differs || wasChosen) changed(); // the account forgets it too
    },
  };
  return store;
}
