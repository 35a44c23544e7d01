// The settings rules the store applies, in one place: which settings the parent hides
// (config.ts), which sections it disables, and what a valid value is (the contract's
// parser, by each setting's own schema). Storage and the account sync never decide these.
import { parseSettingChanged, type SettingChanged } from '../../contract/game';
import {
  DEFAULT_SETTINGS, FIELD_NAMES, isHiddenSetting, parseSetting, sectionOf, type FieldName, type SectionId, type SettingsValues,
} from '../../contract/settings';
import type { SettingsConfig } from './config';
import type { SettingsStorage } from './storage';

export const ALL_SETTING_NAMES: readonly FieldName[] = [...FIELD_NAMES, 'keyBindingsV2'];

export interface SettingsRules {
  /** Hidden by the parent: never read, saved, sent or replaced. */
  hidden(name: FieldName): boolean;
  /** Whether the player may change it here: not hidden, and its section not disabled. */
  accepts(name: FieldName): boolean;
  /** A change the store may make: a known name, accepted here, with a value valid for it. Null otherwise. */
  check(name: string, value: unknown): SettingChanged | null;
}

export function settingsRules(config: Pick<SettingsConfig, 'hidden' | 'disabledSections'>): SettingsRules {
  const hiddenNames = new Set<string>(config.hidden);
  const disabled = new Set<SectionId>(config.disabledSections);
  const hidden = (name: FieldName) => isHiddenSetting(name, hiddenNames);
  const accepts = (name: FieldName) => !hidden(name) && !disabled.has(sectionOf(name));
  return {
    hidden,
    accepts,
    check(name, value) {
      const change = parseSettingChanged({ name, value });
      return change && accepts(change.name) ? change : null;
    },
  };
}

/** Bindings are kept merged over the defaults, so a new action still gets its key. */
export function withDefaultBindings(change: SettingChanged): SettingChanged {
  return change.name === 'keyBindingsV2' ? { name: change.name, value: { ...DEFAULT_SETTINGS.keyBindingsV2, ...change.value } } : change;
}

/**
 * Every setting as stored where valid and not hidden, the default otherwise (anyone can edit
 * localStorage: what comes back is validated and an invalid entry logged). A disabled section's
 * stored values are still read: the parent stops changes there, not what was chosen before.
 */
export function loadSettings(storage: SettingsStorage, rules: SettingsRules, log: (message: string) => void, defaults: Partial<SettingsValues> = {}): SettingsValues {
  const values: Record<string, unknown> = { ...DEFAULT_SETTINGS, ...defaults, keyBindingsV2: { ...DEFAULT_SETTINGS.keyBindingsV2 } };
  for (const name of ALL_SETTING_NAMES) {
    if (rules.hidden(name)) continue; // never saved, so never read either
    const stored = storage.read(name);
    if (stored === undefined) continue;
    const parsed = parseSetting(name, stored);
    if (parsed === undefined) {
      log(`settings: stored ${name} is invalid, using the default`);
      continue;
    }
    values[name] = withDefaultBindings({ name, value: parsed } as SettingChanged).value;
  }
  return values as SettingsValues;
}

/** The names to remove from storage at start: hidden settings (they may predate the hidden list). */
export function hiddenEntries(config: Pick<SettingsConfig, 'hidden'>, rules: SettingsRules): string[] {
  return [...new Set([...config.hidden, ...ALL_SETTING_NAMES.filter((n) => rules.hidden(n))])];
}
