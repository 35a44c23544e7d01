// Settings that follow a logged-in player: the pure rules (unit-tested in
// tests/unit/settings-sync.test.ts); the settings store (store.ts) does the calls and applies
// the account copy through its own rules, like any other change.
//
// The rule when a player logs in (or starts the shell logged in):
//   - the account has a copy: the ACCOUNT COPY WINS. It is applied, written to local storage and
//     sent to the game; local values that differ are replaced (another device's later choice
//     beats this browser's older one, and a shared computer never pushes a stranger's settings
//     into an account).
//   - the account has no copy yet (first login ever with sync): the LOCAL SETTINGS ARE UPLOADED,
//     so what the player set up before making an account is kept.
// While logged in every accepted change is uploaded (debounced). While logged out local storage
// is the only source and nothing is sent.
import { DEFAULT_SETTINGS, FIELD_NAMES, type AccountSettingsUpload, type FieldName, type SettingsValues } from '../../contract/settings';

export const ACCOUNT_UPLOAD_DEBOUNCE_MS = 800;

/** The account's copy as the API answers it: `languageChosen` false means its language is only the default. */
export interface AccountCopy { settings: SettingsValues; languageChosen: boolean }

export type FirstSyncPlan = { kind: 'apply'; copy: AccountCopy } | { kind: 'upload' };

export function firstSyncPlan(account: AccountCopy | null): FirstSyncPlan {
  return account ? { kind: 'apply', copy: account } : { kind: 'upload' };
}

/**
 * The settings of an account copy that apply on this device: all of them, except a language the
 * player never chose (each device then shows its host's or browser's language).
 */
export function appliedFromAccount(copy: AccountCopy): Partial<SettingsValues> {
  if (copy.languageChosen) return copy.settings;
  const { language: _unchosen, ...rest } = copy.settings;
  return rest;
}

const ALL_NAMES: FieldName[] = [...FIELD_NAMES, 'keyBindingsV2'];

/**
 * What to upload: this browser's values for the settings it may change, and the account's own
 * values (else the defaults) for those it may not (hidden or in a disabled section here), so a
 * host that hides Video never wipes the Video choices made on another host.
 */
export function uploadCopy(
  account: AccountCopy | null, local: SettingsValues, accepts: (name: FieldName) => boolean, languageChosenHere: boolean,
): AccountSettingsUpload {
  const base = account?.settings ?? DEFAULT_SETTINGS;
  const out: Record<string, unknown> = {};
  for (const name of ALL_NAMES) out[name] = accepts(name) ? local[name] : base[name];
  // The language travels only as a choice: this device's, else the account's own.
  const chosen = accepts('language') ? languageChosenHere : account?.languageChosen === true;
  if (!chosen) delete out.language;
  return out as AccountSettingsUpload;
}

/** Equal settings values (bindings compared by their entries). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  const ea = Object.entries(a as Record<string, unknown>);
  return ea.length === Object.keys(b).length && ea.every(([k, v]) => (b as Record<string, unknown>)[k] === v);
}
