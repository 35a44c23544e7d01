// OnSettingChanged is typed by field name (contract/gameConstants.ts SettingChanged, re-exported
// by contract/game.ts): a name with a value of another setting's type does not compile (each
// expected-error line below fails `npm run typecheck` if it ever did), and parseSettingChanged, the
// contract's parser the demo game reads with, refuses the same at run time.
import { describe, expect, it } from 'vitest';
import { SHELL_TO_GAME, parseSettingChanged, type SettingChanged } from '../../contract/game';
import { fakeGameLink } from '../support/fakeGameLink';

describe('settingChanged, typed by field name', () => {
  it('compiles only when the name and the value agree', () => {
    const link = fakeGameLink();
    link.send(SHELL_TO_GAME.settingChanged, { name: 'fov', value: 100 });
    link.send(SHELL_TO_GAME.settingChanged, { name: 'crosshairStyle', value: 'dot' });
    link.send(SHELL_TO_GAME.settingChanged, { name: 'keyBindingsV2', value: { jump: 32 } });
    // @ts-expect-error fov is a number
    link.send(SHELL_TO_GAME.settingChanged, { name: 'fov', value: 'wide' });
    // @ts-expect-error showFps is a boolean
    link.send(SHELL_TO_GAME.settingChanged, { name: 'showFps', value: 1 });
    // @ts-expect-error bindings are a map of key codes
    link.send(SHELL_TO_GAME.settingChanged, { name: 'keyBindingsV2', value: true });
    // @ts-expect-error no such setting
    link.send(SHELL_TO_GAME.settingChanged, { name: 'noSuchSetting', value: 1 });
    // @ts-expect-error a changed setting has a name
    const nameless: SettingChanged = { value: 1 };
    expect(nameless).toBeDefined();
    expect(link.sentWith(SHELL_TO_GAME.settingChanged)).toHaveLength(7);
  });

  it('is checked the same way at run time by the contract\'s parser', () => {
    expect(parseSettingChanged('{"name":"fov","value":100}')).toEqual({ name: 'fov', value: 100 });
    expect(parseSettingChanged({ name: 'showFps', value: false })).toEqual({ name: 'showFps', value: false });
    expect(parseSettingChanged({ name: 'fov', value: 'wide' })).toBeNull();
    expect(parseSettingChanged({ name: 'showFps', value: 1 })).toBeNull();
    expect(parseSettingChanged({ name: 'keyBindingsV2', value: true })).toBeNull();
    expect(parseSettingChanged({ name: 'noSuchSetting', value: 1 })).toBeNull();
    expect(parseSettingChanged({ name: 'toString', value: 1 })).toBeNull();
    expect(parseSettingChanged('{broken')).toBeNull();
  });
});
