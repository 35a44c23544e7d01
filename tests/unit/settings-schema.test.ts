// contract/settings.ts against the spec's settings table and its defaults, row by row.
import { describe, expect, it } from 'vitest';
import { DEFAULT_KEY_BINDINGS } from '../../contract/keys';
import {
  DEFAULT_DISABLED_SECTIONS, DEFAULT_SETTINGS, FIELD_NAMES, HIDDEN_SETTINGS, SECTION_LABELS, SETTINGS_FIELDS, SIDEBAR_ORDERS,
  Settings, formatSliderValue, isHiddenSetting, parseSetting, type FieldDef,
} from '../../contract/settings';

type Row = [name: string, section: string, spec: string];
// Every row of the spec's table: switch | slider min..max/step | select a,b,c
const TABLE: Row[] = [
  ['language', 'general', 'select en,es,fr,de,ja,ko,zh,ru'], ['theme', 'general', 'select system,light,dark'],
  ['showFps', 'general', 'switch'], ['showNetworkStats', 'general', 'switch'], ['autoLogin', 'general', 'switch'],
  ['hardwareAcceleration', 'general', 'switch'], ['backgroundProcessing', 'general', 'switch'], ['showBalanceToClan', 'general', 'switch'],
  ['mouseSensitivity', 'mouse', 'slider 0.1..10/0.1'], ['adsSensitivity', 'mouse', 'slider 0.1..2/0.05'], ['scopedSensitivity', 'mouse', 'slider 0.1..2/0.05'],
  ['invertY', 'mouse', 'switch'], ['mouseAcceleration', 'mouse', 'switch'], ['rawInput', 'mouse', 'switch'],
  ['pollingRate', 'mouse', 'select 125,250,500,1000'], ['dpi', 'mouse', 'slider 400..3200/100'],
  ['masterVolume', 'audio', 'slider 0..100/1'], ['musicVolume', 'audio', 'slider 0..100/1'], ['sfxVolume', 'audio', 'slider 0..100/1'],
  ['voiceChatVolume', 'audio', 'slider 0..100/1'], ['ambientVolume', 'audio', 'slider 0..100/1'],
  ['audioDevice', 'audio', 'select default,headphones,speakers'], ['audioQuality', 'audio', 'select low,medium,high'],
  ['spatialAudio', 'audio', 'switch'], ['muteWhenInactive', 'audio', 'switch'], ['startupSound', 'audio', 'switch'],
  ['region-v2', 'regions', 'select auto,nyc,sf,frankfurt,singapore'], ['serverType', 'regions', 'select all,official,community'],
  ['matchmakingPriority', 'regions', 'select balanced,connection,skill,casual'],
  ['crossRegion', 'regions', 'switch'], ['lowLatencyMode', 'regions', 'switch'], ['autoDeclineHighPing', 'regions', 'switch'],
  ['resolution', 'video', 'select 720p,1080p,1440p,4k'], ['fullscreen', 'video', 'switch'], ['dynamicResolution', 'video', 'switch'], ['vsync', 'video', 'switch'],
  ['brightness', 'video', 'slider 0..100/1'], ['fov', 'video', 'slider 60..120/1'], ['qualityPreset', 'video', 'select low,medium,high,ultra,custom'],
  ['antiAliasing', 'video', 'select off,fxaa,smaa,taa'], ['renderScale', 'video', 'slider 50..200/1'], ['textureQuality', 'video', 'slider 0..3/1'],
  ['frameRateLimit', 'video', 'slider 30..240/10'],
  ['difficulty', 'gameplay', 'select easy,normal,hard,veteran'],
  ...['autoReload', 'autoWeaponSwitch', 'toggleAds', 'dynamicCrosshair', 'hitMarker', 'damageNumbers', 'killFeed', 'teammateOutlines'].map((n): Row => [n, 'gameplay', 'switch']),
  ['crosshairStyle', 'gameplay', 'select default,dot,cross,circle,custom'], ['crosshairSize', 'gameplay', 'slider 1..5/0.5'], ['hudScale', 'gameplay', 'slider 80..120/5'],
  ['sprintMode', 'keyboard', 'select hold,doubleTap,toggle'],
];

// The spec's defaults, verbatim.
const SPEC_DEFAULTS: Record<string, unknown> = {
  language: 'en', theme: 'dark', showFps: true, autoLogin: true, hardwareAcceleration: true, mouseSensitivity: 1, adsSensitivity: 1,
  scopedSensitivity: 0.75, rawInput: true, pollingRate: '1000', dpi: 800, masterVolume: 80, musicVolume: 60, sfxVolume: 90,
  voiceChatVolume: 70, ambientVolume: 75, audioQuality: 'high', 'region-v2': 'auto', serverType: 'all', matchmakingPriority: 'balanced',
  resolution: '1080p', fullscreen: true, brightness: 50, fov: 90, qualityPreset: 'high', antiAliasing: 'taa', renderScale: 100,
  textureQuality: 2, frameRateLimit: 144, difficulty: 'normal', crosshairStyle: 'default', crosshairSize: 2, hudScale: 100, sprintMode: 'hold',
};

const describeField = (f: FieldDef) =>
  f.kind === 'switch' ? 'switch' : f.kind === 'slider' ? `slider ${f.min}..${f.max}/${f.step}` : `select ${f.options.map(([v]) => v).join(',')}`;

describe('the settings schema', () => {
  it('has exactly the rows of the table, each with its section, control and range', () => {
    expect([...FIELD_NAMES].sort()).toEqual(TABLE.map(([n]) => n).sort());
    for (const [name, section, spec] of TABLE) {
      const field = SETTINGS_FIELDS[name as keyof typeof SETTINGS_FIELDS];
      expect({ name, section: field.section, spec: describeField(field) }).toEqual({ name, section, spec });
    }
  });

  it('uses the spec\'s defaults and documents the others as chosen', () => {
    for (const [name, value] of Object.entries(SPEC_DEFAULTS)) expect([name, DEFAULT_SETTINGS[name as keyof typeof DEFAULT_SETTINGS]]).toEqual([name, value]);
    for (const name of FIELD_NAMES) {
      const f: FieldDef = SETTINGS_FIELDS[name];
      if (!(name in SPEC_DEFAULTS)) expect(f.chosen ?? (f.kind === 'select' && f.default === f.options[0]?.[0]), name).toBeTruthy();
    }
    expect(DEFAULT_SETTINGS.keyBindingsV2).toEqual(DEFAULT_KEY_BINDINGS);
    expect(Settings.safeParse(DEFAULT_SETTINGS).success).toBe(true);
  });

  it('accepts the bounds and steps and rejects what is outside', () => {
    for (const name of FIELD_NAMES) {
      const f: FieldDef = SETTINGS_FIELDS[name];
      if (f.kind !== 'slider') continue;
      expect(parseSetting(name, f.min)).toBe(f.min);
      expect(parseSetting(name, f.max)).toBe(f.max);
      expect(parseSetting(name, f.min - f.step)).toBeUndefined();
      expect(parseSetting(name, f.max + f.step)).toBeUndefined();
      expect(parseSetting(name, f.min + f.step / 2)).toBeUndefined();
      expect(parseSetting(name, String(f.default))).toBeUndefined();
    }
    expect(parseSetting('mouseSensitivity', 2.3)).toBe(2.3);
    expect(parseSetting('theme', '')).toBeUndefined();
    expect(parseSetting('showFps', 'true')).toBeUndefined();
    expect(parseSetting('nope', 1)).toBeUndefined();
    expect(parseSetting('keyBindingsV2', { moveForward: 600 })).toBeUndefined();
    expect(Settings.safeParse({ ...DEFAULT_SETTINGS, extra: 1 }).success).toBe(false);
  });

  it('never offers an empty select value', () => {
    for (const name of FIELD_NAMES) {
      const f: FieldDef = SETTINGS_FIELDS[name];
      if (f.kind === 'select') for (const [v, label] of f.options) { expect(v).not.toBe(''); expect(label).not.toBe(''); }
    }
  });

  it('formats 240 fps as Unlimited and texture quality as Low..Ultra', () => {
    expect(formatSliderValue(SETTINGS_FIELDS.frameRateLimit, 240)).toBe('Unlimited');
    expect(formatSliderValue(SETTINGS_FIELDS.frameRateLimit, 144)).toBe('144 FPS');
    expect([0, 1, 2, 3].map((v) => formatSliderValue(SETTINGS_FIELDS.textureQuality, v))).toEqual(['Low', 'Medium', 'High', 'Ultra']);
  });

  it('configures sections, both sidebar orders, the disabled and hidden lists', () => {
    expect(SECTION_LABELS.mouse).toBe('Mouse Settings');
    expect(SECTION_LABELS.accounts).toBe('Account');
    expect(SIDEBAR_ORDERS.clansSecond[1]).toBe('clans');
    expect([...SIDEBAR_ORDERS.standard].sort()).toEqual(Object.keys(SECTION_LABELS).sort());
    expect([...SIDEBAR_ORDERS.clansSecond].sort()).toEqual(Object.keys(SECTION_LABELS).sort());
    expect(DEFAULT_DISABLED_SECTIONS).toEqual(['general', 'video']);
    const hidden = new Set<string>(HIDDEN_SETTINGS);
    for (const name of ['audioDevice', 'audioQuality', 'spatialAudio', 'serverType', 'crossRegion', 'matchmakingPriority', 'lowLatencyMode',
      'autoDeclineHighPing', 'difficulty', 'autoWeaponSwitch', 'teammateOutlines', 'crosshairStyle', 'crosshairSize', 'hudScale',
      'pollingRate', 'rawInput', 'dpi', 'mouseAcceleration'] as const) expect(isHiddenSetting(name, hidden), name).toBe(true);
    for (const name of ['mouseSensitivity', 'invertY', 'masterVolume', 'fov', 'region-v2', 'keyBindingsV2'] as const) expect(isHiddenSetting(name, hidden), name).toBe(false);
  });
});
