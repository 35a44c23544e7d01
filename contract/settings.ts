// The settings object the shell keeps and sends to the game.
// One table describes every field (section, control, range, default); the zod schema, the
// overlay's controls and the tests are all derived from it, so they cannot drift apart.
// Defaults the spec leaves out ("not shown") are chosen here and marked `chosen`.
import { z } from 'zod';
import { DEFAULT_KEY_BINDINGS, KeyBindings, SPRINT_MODES, SPRINT_MODE_LABELS } from './keys';
import { defineEndpoint } from './http';
import { DEFAULT_LOCALE, LOCALES, LOCALE_NAMES } from './locales';

export { SETTINGS_STORAGE_PREFIX } from './settingsStorage';

/** Sidebar sections and their labels. */
export const SECTION_LABELS = {
  general: 'General',
  mouse: 'Mouse Settings',
  audio: 'Audio',
  regions: 'Regions',
  video: 'Video',
  gameplay: 'Gameplay',
  accounts: 'Account',
  keyboard: 'Keyboard',
  about: 'About',
  airdrops: 'Airdrops',
  clans: 'Clans',
} as const;
export type SectionId = keyof typeof SECTION_LABELS;
export const SECTION_IDS = Object.keys(SECTION_LABELS) as SectionId[];
export const isSectionId = (value: unknown): value is SectionId => typeof value === 'string' && value in SECTION_LABELS;

/** The two sidebar orders: configuration, not code (clans is second in one variant). */
export const SIDEBAR_ORDERS = {
  standard: ['general', 'mouse', 'audio', 'regions', 'video', 'gameplay', 'accounts', 'keyboard', 'about', 'airdrops', 'clans'],
  clansSecond: ['general', 'clans', 'mouse', 'audio', 'regions', 'video', 'gameplay', 'accounts', 'keyboard', 'about', 'airdrops'],
} as const satisfies Record<string, readonly SectionId[]>;
export type SidebarOrder = keyof typeof SIDEBAR_ORDERS;

/** The current configuration's disabled sections: hidden from the sidebar, their settings frozen. */
export const DEFAULT_DISABLED_SECTIONS: readonly SectionId[] = ['general', 'video'];
/** The spec's list above, named as the preset a parent passes (`?settingsDisabled=general,video`). */
export const SPEC_DISABLED_SECTIONS = DEFAULT_DISABLED_SECTIONS;
/**
 * What the shell disables when the parent says nothing: Video only. General holds the language,
 * so a player must be able to reach it; its settings the shell cannot act on are
 * hidden instead (SHELL_HIDDEN_GENERAL).
 */
export const SHELL_DISABLED_SECTIONS: readonly SectionId[] = ['video'];
/**
 * General's settings nothing can act on (the shell has no light theme; a page cannot switch the
 * browser's hardware acceleration or background processing): hidden unless the parent lists its
 * own. The others (FPS, network stats, auto login) are the game's, sent to it like every setting.
 */
export const SHELL_HIDDEN_GENERAL = ['theme', 'hardwareAcceleration', 'backgroundProcessing'] as const;
export const DEFAULT_SECTION: SectionId = 'accounts';

/**
 * The settings hidden by default, as option keys. A field is hidden when its name or its `option` group is
 * listed. Hidden settings are never saved, are removed from storage, and updates are ignored.
 * Non-field entries (melee, security, legal...) are kept so the whole list is one source.
 */
export const HIDDEN_SETTINGS = [
  'audioDevice', 'audioQuality', 'spatialAudio', 'muteWhenInactive', 'startupSound',
  'serverType', 'crossRegion', 'matchmakingPreferences', 'matchmakingPriority', 'lowLatencyMode', 'autoDeclineHighPing',
  'difficulty', 'autoWeaponSwitch', 'teammateOutlines', 'crosshair', 'hudScale',
  'pollingRate', 'rawInput', 'dpi', 'advanced_mouse',
  'export', 'meleeWeapon', 'useAbility', 'useUltimate', 'throwGrenade', 'interact', 'voice', 'map', 'scoreboard', 'inventory',
  // 'profileLogout' is in the spec's list (SPEC_HIDDEN_SETTINGS) but not in the default one: a
  // player on a shared computer must be able to sign out. A parent that wants
  // the spec's configuration passes SPEC_HIDDEN_SETTINGS (or any list naming profileLogout).
  'security', 'notifications', 'profileMembership', 'walletsLogout', 'legal',
] as const;

/** The seeds' hidden list as written, Profile Log Out included, for a parent to pass. */
export const SPEC_HIDDEN_SETTINGS = [...HIDDEN_SETTINGS, 'profileLogout'] as const;

/** Option keys the parent may hide (the current configuration hides them all, as the spec's list does). */
export const PARENT_HIDEABLE_OPTIONS = [
  'advanced_mouse', 'rawInput', 'pollingRate', 'dpi', 'audio_settings', 'serverType', 'crossRegion',
  'matchmakingPreferences', 'difficulty', 'autoWeaponSwitch', 'crosshair', 'hudScale', 'teammateOutlines',
] as const;

interface Base { section: SectionId; label: string; description?: string; /** Option group that hides it, besides its own name. */ option?: string; chosen?: true }
export interface SwitchField extends Base { kind: 'switch'; default: boolean }
export interface SliderField extends Base {
  kind: 'slider'; min: number; max: number; step: number; default: number;
  /** How the value reads on the slider's label (e.g. 240 -> 'Unlimited'). */
  format?: 'percent' | 'fps' | 'texture' | 'multiplier';
}
export interface SelectField extends Base { kind: 'select'; options: ReadonlyArray<readonly [value: string, label: string]>; default: string }
export type FieldDef = SwitchField | SliderField | SelectField;

const sw = (section: SectionId, label: string, def: boolean, extra: Partial<Base> = {}): SwitchField => ({ kind: 'switch', section, label, default: def, ...extra });
const sl = (section: SectionId, label: string, min: number, max: number, step: number, def: number, extra: Partial<SliderField> = {}): SliderField =>
  ({ kind: 'slider', section, label, min, max, step, default: def, ...extra });
const se = (section: SectionId, label: string, options: ReadonlyArray<readonly [string, string]>, def: string, extra: Partial<Base> = {}): SelectField =>
  ({ kind: 'select', section, label, options, default: def, ...extra });
const opts = (...values: string[]) => values.map((v) => [v, v.charAt(0).toUpperCase() + v.slice(1)] as const);
const C = { chosen: true } as const;

/** The crosshair styles; the demo game draws each. */
export const CROSSHAIR_STYLES = ['default', 'dot', 'cross', 'circle', 'custom'] as const;
export type CrosshairStyle = (typeof CROSSHAIR_STYLES)[number];

/** The spec's settings table, row by row. Order within a section is display order. */
export const SETTINGS_FIELDS = {
  language: se('general', 'Language', LOCALES.map((code) => [code, LOCALE_NAMES[code]] as const), DEFAULT_LOCALE),
  theme: se('general', 'Theme', opts('system', 'light', 'dark'), 'dark'),
  showFps: sw('general', 'Show FPS', true),
  showNetworkStats: sw('general', 'Show Network Stats', false, C),
  autoLogin: sw('general', 'Auto Login', true),
  hardwareAcceleration: sw('general', 'Hardware Acceleration', true),
  backgroundProcessing: sw('general', 'Background Processing', false, C),
  // Private by default: other players (a profile, the clan lists) see a player's TripCoin balance
  // only when its owner switches this on (the server reads it from the saved settings; the key
  // keeps its first name so saved settings stay valid). docs/domain/money.md has the rule.
  showBalanceToClan: sw('general', 'Show my TripCoin balance to other players', false, C),

  mouseSensitivity: sl('mouse', 'Mouse Sensitivity', 0.1, 10, 0.1, 1, { format: 'multiplier' }),
  adsSensitivity: sl('mouse', 'ADS Sensitivity', 0.1, 2, 0.05, 1, { format: 'multiplier' }),
  scopedSensitivity: sl('mouse', 'Scoped Sensitivity', 0.1, 2, 0.05, 0.75, { format: 'multiplier' }),
  invertY: sw('mouse', 'Invert Y Axis', false, C),
  mouseAcceleration: sw('mouse', 'Mouse Acceleration', false, { ...C, option: 'advanced_mouse' }),
  rawInput: sw('mouse', 'Raw Input', true, { option: 'advanced_mouse' }),
  pollingRate: se('mouse', 'Polling Rate', [['125', '125 Hz'], ['250', '250 Hz'], ['500', '500 Hz'], ['1000', '1000 Hz']], '1000', { option: 'advanced_mouse' }),
  dpi: sl('mouse', 'DPI', 400, 3200, 100, 800, { option: 'advanced_mouse' }),

  masterVolume: sl('audio', 'Master Volume', 0, 100, 1, 80, { format: 'percent' }),
  musicVolume: sl('audio', 'Music Volume', 0, 100, 1, 60, { format: 'percent' }),
  sfxVolume: sl('audio', 'Sound Effects Volume', 0, 100, 1, 90, { format: 'percent' }),
  voiceChatVolume: sl('audio', 'Voice Chat Volume', 0, 100, 1, 70, { format: 'percent' }),
  ambientVolume: sl('audio', 'Ambient Volume', 0, 100, 1, 75, { format: 'percent' }),
  audioDevice: se('audio', 'Audio Device', opts('default', 'headphones', 'speakers'), 'default', { ...C, option: 'audio_settings' }),
  audioQuality: se('audio', 'Audio Quality', opts('low', 'medium', 'high'), 'high', { option: 'audio_settings' }),
  spatialAudio: sw('audio', 'Spatial Audio', true, { ...C, option: 'audio_settings' }),
  muteWhenInactive: sw('audio', 'Mute When Inactive', false, { ...C, option: 'audio_settings' }),
  startupSound: sw('audio', 'Startup Sound', true, { ...C, option: 'audio_settings' }),

  'region-v2': se('regions', 'Region', [['auto', 'Auto'], ['nyc', 'New York'], ['sf', 'San Francisco'], ['frankfurt', 'Frankfurt'], ['singapore', 'Singapore']], 'auto'),
  serverType: se('regions', 'Server Type', opts('all', 'official', 'community'), 'all'),
  matchmakingPriority: se('regions', 'Matchmaking Priority', opts('balanced', 'connection', 'skill', 'casual'), 'balanced', { option: 'matchmakingPreferences' }),
  crossRegion: sw('regions', 'Cross-Region Play', false, C),
  lowLatencyMode: sw('regions', 'Low Latency Mode', false, { ...C, description: 'Only servers with ping below 50 ms are used; auto-decline applies above 100 ms.' }),
  autoDeclineHighPing: sw('regions', 'Auto-Decline High Ping', false, C),

  resolution: se('video', 'Resolution', [['720p', '720p'], ['1080p', '1080p'], ['1440p', '1440p'], ['4k', '4K']], '1080p'),
  fullscreen: sw('video', 'Fullscreen', true),
  dynamicResolution: sw('video', 'Dynamic Resolution', false, C),
  vsync: sw('video', 'V-Sync', false, C),
  brightness: sl('video', 'Brightness', 0, 100, 1, 50, { format: 'percent' }),
  fov: sl('video', 'Field of View', 60, 120, 1, 90),
  qualityPreset: se('video', 'Quality Preset', opts('low', 'medium', 'high', 'ultra', 'custom'), 'high'),
  antiAliasing: se('video', 'Anti-Aliasing', [['off', 'Off'], ['fxaa', 'FXAA'], ['smaa', 'SMAA'], ['taa', 'TAA']], 'taa'),
  renderScale: sl('video', 'Render Scale', 50, 200, 1, 100, { format: 'percent' }),
  textureQuality: sl('video', 'Texture Quality', 0, 3, 1, 2, { format: 'texture' }),
  frameRateLimit: sl('video', 'Frame Rate Limit', 30, 240, 10, 144, { format: 'fps' }),

  difficulty: se('gameplay', 'Difficulty', opts('easy', 'normal', 'hard', 'veteran'), 'normal'),
  autoReload: sw('gameplay', 'Auto Reload', true, C),
  autoWeaponSwitch: sw('gameplay', 'Auto Weapon Switch', false, C),
  toggleAds: sw('gameplay', 'Toggle ADS', false, C),
  dynamicCrosshair: sw('gameplay', 'Dynamic Crosshair', true, { ...C, option: 'crosshair' }),
  hitMarker: sw('gameplay', 'Hit Marker', true, C),
  damageNumbers: sw('gameplay', 'Damage Numbers', true, C),
  killFeed: sw('gameplay', 'Kill Feed', true, C),
  teammateOutlines: sw('gameplay', 'Teammate Outlines', true, C),
  crosshairStyle: se('gameplay', 'Crosshair Style', opts(...CROSSHAIR_STYLES), 'default', { option: 'crosshair' }),
  crosshairSize: sl('gameplay', 'Crosshair Size', 1, 5, 0.5, 2, { option: 'crosshair' }),
  hudScale: sl('gameplay', 'HUD Scale', 80, 120, 5, 100, { format: 'percent' }),

  sprintMode: se('keyboard', 'Sprint Mode', SPRINT_MODES.map((m) => [m, SPRINT_MODE_LABELS[m]] as const), 'hold'),
} as const satisfies Record<string, FieldDef>;

export type FieldName = keyof typeof SETTINGS_FIELDS | 'keyBindingsV2';
export const FIELD_NAMES = Object.keys(SETTINGS_FIELDS) as Array<keyof typeof SETTINGS_FIELDS>;
export const TEXTURE_QUALITY_LABELS = ['Low', 'Medium', 'High', 'Ultra'] as const;
export const UNLIMITED_FRAME_RATE = 240;

/**
 * A number inside the range, on the step grid (within float noise) or equal to the default:
 * the spec's default frameRateLimit 144 is off its own 30..240/10 grid and must still be valid.
 */
/**
 * A slider value moved onto the field's step grid, within its range. Arrow keys step from the
 * current value, so from frameRateLimit's off-grid default 144 they gave 154 and 164, which the
 * schema refuses and were never saved: every slider move lands on the grid (150, 160, …).
 */
export function snapToStep(f: Pick<SliderField, 'min' | 'max' | 'step'>, value: number): number {
  if (!Number.isFinite(value)) return f.min;
  const steps = Math.round((value - f.min) / f.step);
  const snapped = Math.min(f.max, Math.max(f.min, f.min + steps * f.step));
  // Float noise of 0.1-sized steps (0.30000000000000004) is rounded away.
  return Number(snapped.toFixed(6));
}

function sliderSchema(f: SliderField) {
  return z.number().finite().min(f.min).max(f.max).refine((v) => v === f.default || Math.abs((v - f.min) / f.step - Math.round((v - f.min) / f.step)) < 1e-6, 'off the step grid');
}
function fieldSchema(f: FieldDef): z.ZodType<boolean | number | string> {
  if (f.kind === 'switch') return z.boolean();
  if (f.kind === 'slider') return sliderSchema(f);
  return z.enum(f.options.map(([v]) => v) as [string, ...string[]]);
}

export const FIELD_SCHEMAS: Record<keyof typeof SETTINGS_FIELDS, z.ZodType<boolean | number | string>> = Object.fromEntries(
  FIELD_NAMES.map((name) => [name, fieldSchema(SETTINGS_FIELDS[name])]),
) as Record<keyof typeof SETTINGS_FIELDS, z.ZodType<boolean | number | string>>;

type FieldValue<F> = F extends SwitchField ? boolean : F extends SliderField ? number : string;
export type SettingsValues = { -readonly [K in keyof typeof SETTINGS_FIELDS]: FieldValue<(typeof SETTINGS_FIELDS)[K]> } & { keyBindingsV2: KeyBindings };

export const DEFAULT_SETTINGS: SettingsValues = {
  ...(Object.fromEntries(FIELD_NAMES.map((name) => [name, SETTINGS_FIELDS[name].default])) as Omit<SettingsValues, 'keyBindingsV2'>),
  keyBindingsV2: { ...DEFAULT_KEY_BINDINGS },
};

/** The whole object, strict: every field present and in range (export files, the server). */
export const Settings = z.object({
  ...FIELD_SCHEMAS,
  keyBindingsV2: KeyBindings,
}).strict() as unknown as z.ZodType<SettingsValues>;

/** Validates one (name, value); returns the parsed value or undefined. */
export function parseSetting(name: string, value: unknown): SettingsValues[FieldName] | undefined {
  if (name === 'keyBindingsV2') {
    const parsed = KeyBindings.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  }
  if (!Object.hasOwn(SETTINGS_FIELDS, name)) return undefined; // 'toString' is no setting
  const parsed = FIELD_SCHEMAS[name as keyof typeof SETTINGS_FIELDS].safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

export function isFieldName(name: string): name is FieldName {
  return name === 'keyBindingsV2' || Object.hasOwn(SETTINGS_FIELDS, name);
}

/** The section a setting belongs to. */
export function sectionOf(name: FieldName): SectionId {
  return name === 'keyBindingsV2' ? 'keyboard' : SETTINGS_FIELDS[name].section;
}

/** Hidden by the default list or a parent's: its own name or its option group is listed. */
export function isHiddenSetting(name: FieldName, hidden: ReadonlySet<string>): boolean {
  if (hidden.has(name)) return true;
  if (name === 'keyBindingsV2') return false;
  const option = (SETTINGS_FIELDS[name] as FieldDef).option;
  return option !== undefined && hidden.has(option);
}

/** The decimals a slider's step has (1 → 0, 0.5 → 1, 0.05 → 2): a plain value always shows that many. */
export function stepDecimals(step: number): number {
  const text = String(step);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** Text a slider shows for its value (English; the shell's is src/features/settings/sliderFormat.ts). */
export function formatSliderValue(f: SliderField, value: number): string {
  if (f.format === 'fps') return value >= UNLIMITED_FRAME_RATE ? 'Unlimited' : `${value} FPS`;
  if (f.format === 'texture') return TEXTURE_QUALITY_LABELS[Math.round(value)] ?? String(value);
  if (f.format === 'percent') return `${value}%`;
  if (f.format === 'multiplier') return `${value.toFixed(2)}x`;
  return value.toFixed(stepDecimals(f.step));
}

/**
 * Every setting from an untrusted object (a stored account copy written by an older or newer
 * build): each valid field kept, each missing or invalid one replaced by its default. Unknown
 * fields are dropped. Bindings are merged over the defaults, as local storage does.
 */
export function settingsWithDefaults(raw: unknown): SettingsValues {
  const source = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? raw as Record<string, unknown> : {};
  const values: Record<string, unknown> = {};
  for (const name of [...FIELD_NAMES, 'keyBindingsV2'] as FieldName[]) {
    const parsed = name in source ? parseSetting(name, source[name]) : undefined;
    if (name === 'keyBindingsV2') values[name] = { ...DEFAULT_SETTINGS.keyBindingsV2, ...(parsed as SettingsValues['keyBindingsV2'] | undefined) };
    else values[name] = parsed ?? DEFAULT_SETTINGS[name];
  }
  return values as SettingsValues;
}

// ---- Export files (beyond the spec): the whole settings object, validated on import ----

export const SETTINGS_EXPORT_FORMAT = 'tripshell-settings';
export const SETTINGS_EXPORT_VERSION = 1;
export const SETTINGS_EXPORT_FILENAME = 'tripshell-settings.json';

export const SettingsExport = z.object({
  format: z.literal(SETTINGS_EXPORT_FORMAT),
  version: z.literal(SETTINGS_EXPORT_VERSION),
  exportedAt: z.string().max(64).optional(),
  settings: Settings,
}).strict();

export function settingsExportOf(values: SettingsValues, now = new Date()): z.infer<typeof SettingsExport> {
  return { format: SETTINGS_EXPORT_FORMAT, version: SETTINGS_EXPORT_VERSION, exportedAt: now.toISOString(), settings: values };
}

/** Largest settings file accepted (an export is about 2 KB). */
export const SETTINGS_IMPORT_MAX_BYTES = 64 * 1024;

export const SETTINGS_IMPORT_TEXT = {
  notJson: 'This file is not a settings export: it is not valid JSON.',
  tooLarge: 'This file is too large to be a settings export.',
  wrongFormat: 'This file is not a TripShell settings export.',
  invalid: (path: string, message: string) => `This settings file is invalid: ${path} ${message}. Nothing was changed.`,
} as const;

export type SettingsImportResult = { ok: true; settings: SettingsValues } | { ok: false; error: string };

/**
 * Reads an export file's text. All or nothing: every field must be present and valid (the same
 * strict schema the server uses), or the whole file is refused with a message naming the first
 * problem.
 */
export function parseSettingsImport(text: string): SettingsImportResult {
  if (text.length > SETTINGS_IMPORT_MAX_BYTES) return { ok: false, error: SETTINGS_IMPORT_TEXT.tooLarge };
  let json: unknown;
  try { json = JSON.parse(text); } catch { return { ok: false, error: SETTINGS_IMPORT_TEXT.notJson }; }
  if (json === null || typeof json !== 'object' || (json as { format?: unknown }).format !== SETTINGS_EXPORT_FORMAT) {
    return { ok: false, error: SETTINGS_IMPORT_TEXT.wrongFormat };
  }
  const parsed = SettingsExport.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const keys = issue ? issue.path.filter((p) => p !== 'settings').map(String) : [];
    const field = keys[0] !== undefined && keys[0] in SETTINGS_FIELDS ? SETTINGS_FIELDS[keys[0] as keyof typeof SETTINGS_FIELDS] : undefined;
    const where = keys.length === 0 ? 'the file' : field ? `${field.label} (${keys.join('.')})` : keys.join('.');
    let problem = 'is not valid';
    if (issue?.code === 'unrecognized_keys') problem = `has an unknown setting (${issue.keys.join(', ')})`;
    else if (issue?.code === 'too_big') problem = `is above its maximum of ${String(issue.maximum)}`;
    else if (issue?.code === 'too_small') problem = `is below its minimum of ${String(issue.minimum)}`;
    else if (issue?.code === 'invalid_type') problem = /received undefined/.test(issue.message) ? 'is missing' : `should be a ${issue.expected}`;
    else if (issue?.code === 'invalid_value') problem = 'is not one of its options';
    else if (issue?.code === 'custom') problem = `is ${issue.message}`;
    return { ok: false, error: SETTINGS_IMPORT_TEXT.invalid(where, problem) };
  }
  return { ok: true, settings: parsed.data.settings };
}

// ---- Settings that follow a logged-in player (beyond the spec) ----

export const AccountSettings = z.object({
  /** The player's saved copy, or null before the first upload. */
  settings: Settings.nullable(),
  updatedAt: z.string().nullable(),
  /**
   * Whether the copy holds a language the player chose. When false, `settings.language` is only
   * the default: each device shows its host's or browser's language instead.
   */
  languageChosen: z.boolean(),
});
export type AccountSettings = z.infer<typeof AccountSettings>;

export const getAccountSettings = defineEndpoint({
  method: 'GET', path: '/api/settings', access: 'user', summary: 'The settings saved to the player\'s account (null when none yet)',
  response: AccountSettings,
});
/**
 * What a device uploads: the whole settings object, where `language` is present only when the
 * player chose one (absent, each device follows its host's or browser's language).
 */
export const AccountSettingsUpload = z.object({
  ...FIELD_SCHEMAS,
  language: FIELD_SCHEMAS.language.optional(),
  keyBindingsV2: KeyBindings,
}).strict() as unknown as z.ZodType<AccountSettingsUpload>;
export type AccountSettingsUpload = Omit<SettingsValues, 'language'> & { language?: SettingsValues['language'] };

export const putAccountSettings = defineEndpoint({
  method: 'PUT', path: '/api/settings', access: 'user', summary: 'Save the whole settings object to the player\'s account (language only when chosen)',
  body: AccountSettingsUpload, response: AccountSettings,
});

export const settingsEndpoints = { getAccountSettings, putAccountSettings };
