// The settings the demo game honours, and how a message from the shell changes them. Pure, so
// it is tested without WebGL. Anything malformed or out of the §3.2 range is ignored: the game
// keeps its previous value rather than guessing (the shell validates before sending, so a bad
// value means a bug worth seeing in the HUD, not a value worth clamping).
import { z } from 'zod';
import { DEFAULT_KEY_BINDINGS, KeyCode, SprintMode, type KeyBindings } from '../../contract/keys';
import { CROSSHAIR_STYLES, SETTINGS_FIELDS, UNLIMITED_FRAME_RATE, type CrosshairStyle, type SliderField } from '../../contract/settings';

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
  /** Frames per second cap; UNLIMITED_FRAME_RATE means unlimited (§3.2). */
  frameRateLimit: number;
}

const F = SETTINGS_FIELDS;

/** §3.3 defaults, read from contract/settings.ts. */
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
});

// Numbers may arrive as JSON numbers or, from select-like controls, as numeric strings. The
// range is the slider's in contract/settings.ts (the step grid is the shell's to enforce).
const numberIn = ({ min, max }: SliderField) =>
  z.union([z.number(), z.string().trim().regex(/^-?\d+(\.\d+)?$/).transform(Number)]).pipe(z.number().finite().min(min).max(max));
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** Setting name as the shell sends it -> field and schema. */
const FIELDS = {
  mouseSensitivity: { field: 'mouseSensitivity', schema: numberIn(F.mouseSensitivity) },
  adsSensitivity: { field: 'adsSensitivity', schema: numberIn(F.adsSensitivity) },
  invertY: { field: 'invertY', schema: flag },
  fov: { field: 'fov', schema: numberIn(F.fov) },
  sprintMode: { field: 'sprintMode', schema: SprintMode },
  crosshairStyle: { field: 'crosshairStyle', schema: z.enum(CROSSHAIR_STYLES) },
  crosshairSize: { field: 'crosshairSize', schema: numberIn(F.crosshairSize) },
  showFps: { field: 'showFps', schema: flag },
  frameRateLimit: { field: 'frameRateLimit', schema: numberIn(F.frameRateLimit) },
} as const satisfies Record<string, { field: keyof GameSettings; schema: z.ZodType }>;

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

/** The valid entries of a bindings map; invalid entries are dropped, not the whole map. */
function validBindings(value: unknown): KeyBindings | null {
  const map = jsonValue(value);
  if (typeof map !== 'object' || map === null || Array.isArray(map)) return null;
  const valid: KeyBindings = {};
  for (const [action, code] of Object.entries(map)) {
    if (action.length > 0 && action.length <= 64 && KeyCode.safeParse(code).success) valid[action] = code as number;
  }
  return valid;
}

/** Returns the new settings, or the same object when the value is ignored. */
export function applySetting(state: GameSettings, name: unknown, value: unknown): GameSettings {
  if (typeof name !== 'string') return state;
  if (name === KEY_BINDINGS_SETTING) {
    const bindings = validBindings(value);
    if (!bindings || Object.keys(bindings).length === 0) return state;
    return { ...state, keyBindings: { ...state.keyBindings, ...bindings } };
  }
  if (!Object.hasOwn(FIELDS, name)) return state;
  const { field, schema } = FIELDS[name as keyof typeof FIELDS];
  const parsed = schema.safeParse(value);
  if (!parsed.success || state[field] === parsed.data) return state;
  return { ...state, [field]: parsed.data };
}

/** OnSettingChanged's argument: JSON {name, value}. Null when it is not that. */
export function parseSettingChange(raw: unknown): { name: string; value: unknown } | null {
  const message = jsonValue(raw);
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return null;
  const { name, value } = message as { name?: unknown; value?: unknown };
  return typeof name === 'string' ? { name, value } : null;
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
