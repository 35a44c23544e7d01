// The settings the demo game honours, and how a message from the shell changes them. Pure, so
// it is tested without WebGL. Every (name, value) is read with the contract's own parser
// (contract/game.ts parseSettingChanged, by each setting's schema in contract/settings.ts):
// anything malformed, of another setting's type or out of the setting's range is ignored, and the
// game keeps its previous value rather than guessing (the shell validates before sending, so a
// bad value means a bug worth seeing in the HUD, not a value worth clamping).
import { parseSettingChanged, type SettingChanged } from '../../contract/game';
import { DEFAULT_KEY_BINDINGS, type KeyBindings, type SprintMode } from '../../contract/keys';
import { CROSSHAIR_STYLES, SETTINGS_FIELDS, UNLIMITED_FRAME_RATE, type CrosshairStyle, type FieldName } from '../../contract/settings';

export { CROSSHAIR_STYLES, UNLIMITED_FRAME_RATE, type CrosshairStyle };

export interface GameSettings {
  mouseSensitivity: number;
  adsSensitivity: number;
  invertY: boolean;
  /** Horizontal field of view in degrees on a 16:9 screen (see verticalFov in scene.ts). */
  fov: number;
  keyBindings: KeyBindings;
  sprintMode: SprintMode;
  crosshairStyle: CrosshairStyle;
  crosshairSize: number;
  showFps: boolean;
  /** Frames per second cap; UNLIMITED_FRAME_RATE means unlimited. */
  frameRateLimit: number;
  /** The player's language (the shell's `language` setting): the HUD's words follow it. */
  language: string;
}

const F = SETTINGS_FIELDS;

/** The default settings, read from contract/settings.ts. */
export const DEFAULT_GAME_SETTINGS: GameSettings = Object.freeze({
  mouseSensitivity: F.mouseSensitivity.default,
  adsSensitivity: F.adsSensitivity.default,
  invertY: F.invertY.default,
  fov: F.fov.default,
  keyBindings: { ...DEFAULT_KEY_BINDINGS },
  sprintMode: F.sprintMode.default as SprintMode,
  crosshairStyle: F.crosshairStyle.default as CrosshairStyle,
  crosshairSize: F.crosshairSize.default,
  showFps: F.showFps.default,
  frameRateLimit: F.frameRateLimit.default,
  language: F.language.default,
});

/** Setting name as the shell sends it -> the game's own field. */
const FIELDS = {
  mouseSensitivity: 'mouseSensitivity',
  adsSensitivity: 'adsSensitivity',
  invertY: 'invertY',
  fov: 'fov',
  sprintMode: 'sprintMode',
  crosshairStyle: 'crosshairStyle',
  crosshairSize: 'crosshairSize',
  showFps: 'showFps',
  frameRateLimit: 'frameRateLimit',
  language: 'language',
} as const satisfies Partial<Record<FieldName, keyof GameSettings>>;

export const KEY_BINDINGS_SETTING = 'keyBindingsV2';

/** The setting names this game reacts to; others (audio, region, ...) are recorded only. */
export const HONOURED_SETTINGS: readonly string[] = [...Object.keys(FIELDS), KEY_BINDINGS_SETTING];

function jsonValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/**
 * Returns the new settings, or the same object when the value is ignored. The (name, value)
 * pair is read with the contract's own parser (contract/game.ts parseSettingChanged): a value
 * of another type or out of the setting's range is ignored, as the shell would never send it.
 */
export function applySetting(state: GameSettings, name: unknown, value: unknown): GameSettings {
  const change = parseSettingChanged({ name, value });
  if (!change) return state;
  if (change.name === KEY_BINDINGS_SETTING) {
    if (Object.keys(change.value).length === 0) return state;
    return { ...state, keyBindings: { ...state.keyBindings, ...change.value } };
  }
  if (!Object.hasOwn(FIELDS, change.name)) return state;
  const field = FIELDS[change.name as keyof typeof FIELDS];
  if (state[field] === change.value) return state;
  return { ...state, [field]: change.value };
}

/** OnSettingChanged's argument: JSON {name, value}, by the contract's parser. Null when it is not that. */
export function parseSettingChange(raw: unknown): SettingChanged | null {
  return parseSettingChanged(raw);
}

/** OnAllSettings' argument: JSON of the whole settings object. Each known field is applied on its own. */
export function applyAllSettings(state: GameSettings, raw: unknown): GameSettings {
  const all = jsonValue(raw);
  if (typeof all !== 'object' || all === null || Array.isArray(all)) return state;
  let next = state;
  for (const name of HONOURED_SETTINGS) {
    if (Object.hasOwn(all, name)) next = applySetting(next, name, (all as Record<string, unknown>)[name]);
  }
  return next;
}

/** Short text for the HUD line, e.g. "fov = 100". */
export function describeSettingValue(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
