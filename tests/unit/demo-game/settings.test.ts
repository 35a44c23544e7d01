// The demo game's settings logic: what each message from the shell changes, and that
// malformed or out-of-range values are ignored rather than applied.
import { describe, expect, it } from 'vitest';
import { DEFAULT_KEY_BINDINGS, KEY } from '../../../contract/keys';
import {
  DEFAULT_GAME_SETTINGS,
  HONOURED_SETTINGS,
  applyAllSettings,
  applySetting,
  describeSettingValue,
  parseSettingChange,
} from '../../../demo-game/src/settings';

const base = DEFAULT_GAME_SETTINGS;

describe('applySetting', () => {
  it('starts from the default settings', () => {
    expect(base).toMatchObject({ mouseSensitivity: 1, fov: 90, sprintMode: 'hold', crosshairStyle: 'default', crosshairSize: 2, showFps: true, invertY: false });
    expect(base.keyBindings).toEqual(DEFAULT_KEY_BINDINGS);
  });

  it.each([
    ['mouseSensitivity', 0.1, 0.1],
    ['mouseSensitivity', 10, 10],
    ['adsSensitivity', 0.5, 0.5],
    ['fov', 60, 60],
    ['fov', 120, 120],
    ['invertY', true, true],
    ['showFps', false, false],
    ['sprintMode', 'toggle', 'toggle'],
    ['sprintMode', 'doubleTap', 'doubleTap'],
    ['crosshairStyle', 'dot', 'dot'],
    ['crosshairStyle', 'custom', 'custom'],
    ['crosshairSize', 1, 1],
    ['crosshairSize', 4.5, 4.5],
    ['frameRateLimit', 240, 240],
  ] as const)('%s = %j applies %j', (name, value, expected) => {
    const next = applySetting(base, name, value);
    expect(next[name]).toBe(expected);
    expect(next).not.toBe(base);
  });

  it.each([
    ['mouseSensitivity', 0],
    ['mouseSensitivity', 10.5],
    ['mouseSensitivity', 'fast'],
    ['mouseSensitivity', null],
    ['mouseSensitivity', Number.NaN],
    ['mouseSensitivity', Number.POSITIVE_INFINITY],
    ['fov', 59],
    ['fov', 121],
    ['fov', ''],
    ['fov', [90]],
    ['fov', { value: 90 }],
    ['invertY', 1],
    ['invertY', 'yes'],
    ['showFps', null],
    ['sprintMode', 'run'],
    ['sprintMode', ''],
    ['crosshairStyle', 'star'],
    ['crosshairSize', 0.5],
    ['crosshairSize', 6],
    ['frameRateLimit', 20],
    // Another type than the setting's own, even one a lenient reader could convert: the
    // contract's parser (the one the shell validates with) refuses it.
    ['mouseSensitivity', '2.5'],
    ['fov', '110'],
    ['invertY', 'true'],
    ['showFps', 'false'],
    ['fov', true],
    ['sprintMode', 2],
  ] as const)('%s = %j is ignored', (name, value) => {
    expect(applySetting(base, name, value)).toBe(base);
  });

  it('ignores settings the game does not use, and non-string names', () => {
    expect(applySetting(base, 'theme', 'light')).toBe(base);
    expect(applySetting(base, 'masterVolume', 10)).toBe(base);
    expect(applySetting(base, '__proto__', {})).toBe(base);
    expect(applySetting(base, 'toString', 'x')).toBe(base);
    expect(applySetting(base, 42, 1)).toBe(base);
  });

  it('returns the same object when the value does not change', () => {
    expect(applySetting(base, 'fov', 90)).toBe(base);
  });

  it('never mutates the state it was given', () => {
    const copy = structuredClone(base);
    applySetting(base, 'fov', 100);
    applySetting(base, 'keyBindingsV2', { moveForward: KEY.UpArrow });
    expect(base).toEqual(copy);
  });
});

describe('keyBindingsV2', () => {
  it('rebinds from a bindings object (a JSON string in its place is not one)', () => {
    expect(applySetting(base, 'keyBindingsV2', { moveForward: KEY.UpArrow }).keyBindings.moveForward).toBe(273);
    expect(applySetting(base, 'keyBindingsV2', { jump: KEY.Mouse2 }).keyBindings.jump).toBe(325);
    expect(applySetting(base, 'keyBindingsV2', JSON.stringify({ jump: KEY.Mouse2 }))).toBe(base);
  });

  it('keeps the other bindings when a partial map arrives', () => {
    const next = applySetting(base, 'keyBindingsV2', { moveForward: KEY.UpArrow });
    expect(next.keyBindings).toEqual({ ...DEFAULT_KEY_BINDINGS, moveForward: KEY.UpArrow });
  });

  it('accepts 0 (unbound)', () => {
    expect(applySetting(base, 'keyBindingsV2', { jump: 0 }).keyBindings.jump).toBe(0);
  });

  it('ignores a map with an invalid entry, as the contract\'s schema does', () => {
    expect(applySetting(base, 'keyBindingsV2', { moveForward: 273, jump: -1 })).toBe(base);
    expect(applySetting(base, 'keyBindingsV2', { moveForward: 273, fire: 'x' })).toBe(base);
    expect(applySetting(base, 'keyBindingsV2', { moveForward: 273, '': 97 })).toBe(base);
  });

  it.each([[null], ['not json'], [[119]], [42], [{ jump: -1 }], [{}]])('ignores %j', (value) => {
    expect(applySetting(base, 'keyBindingsV2', value)).toBe(base);
  });
});

describe('parseSettingChange (OnSettingChanged argument)', () => {
  it('reads JSON {name, value}', () => {
    expect(parseSettingChange('{"name":"fov","value":100}')).toEqual({ name: 'fov', value: 100 });
    expect(parseSettingChange({ name: 'showFps', value: false })).toEqual({ name: 'showFps', value: false });
  });

  it('types the value by the setting\'s name', () => {
    const change = parseSettingChange('{"name":"crosshairStyle","value":"dot"}');
    expect(change).toEqual({ name: 'crosshairStyle', value: 'dot' });
  });

  it.each([
    ['{'], ['[]'], ['"fov"'], ['{"value":1}'], [42], [undefined], ['{"name":3,"value":1}'],
    // a name and a value that do not agree, or a name that is no setting
    ['{"name":"fov","value":"wide"}'], ['{"name":"fov","value":"110"}'], ['{"name":"showFps","value":1}'], ['{"name":"fov","value":500}'],
    ['{"name":"noSuchSetting","value":1}'], ['{"name":"toString","value":1}'],
  ])('rejects %j', (raw) => {
    expect(parseSettingChange(raw)).toBeNull();
  });
});

describe('applyAllSettings (OnAllSettings argument)', () => {
  it('applies every honoured field of the whole object and ignores the rest', () => {
    const all = {
      language: 'en', theme: 'dark', showFps: false, mouseSensitivity: 3, adsSensitivity: 1, invertY: true, fov: 105,
      sprintMode: 'toggle', crosshairStyle: 'cross', crosshairSize: 3, frameRateLimit: 60, masterVolume: 80,
      keyBindingsV2: { ...DEFAULT_KEY_BINDINGS, jump: KEY.F },
    };
    const next = applyAllSettings(base, JSON.stringify(all));
    expect(next).toMatchObject({ showFps: false, mouseSensitivity: 3, invertY: true, fov: 105, sprintMode: 'toggle', crosshairStyle: 'cross', crosshairSize: 3, frameRateLimit: 60 });
    expect(next.keyBindings.jump).toBe(KEY.F);
  });

  it('applies the good fields of an object with some bad ones', () => {
    const next = applyAllSettings(base, { fov: 500, mouseSensitivity: 2, crosshairStyle: 'star' });
    expect(next).toMatchObject({ fov: 90, mouseSensitivity: 2, crosshairStyle: 'default' });
  });

  it.each([['{broken'], ['null'], ['[1,2]'], [7], [undefined]])('ignores %j', (raw) => {
    expect(applyAllSettings(base, raw)).toBe(base);
  });

  it('knows the settings the game honours', () => {
    expect([...HONOURED_SETTINGS].sort()).toEqual(
      ['adsSensitivity', 'crosshairSize', 'crosshairStyle', 'fov', 'frameRateLimit', 'invertY', 'keyBindingsV2', 'language', 'mouseSensitivity', 'showFps', 'sprintMode'].sort(),
    );
  });
});

describe('describeSettingValue', () => {
  it('shortens long values for the HUD', () => {
    expect(describeSettingValue(100)).toBe('100');
    expect(describeSettingValue('dot')).toBe('dot');
    expect(describeSettingValue({ a: 'x'.repeat(100) })).toHaveLength(40);
    expect(describeSettingValue(undefined)).toBe('undefined');
  });
});
