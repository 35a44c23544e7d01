// Key names and action labels in the player's language without a console warning: a letter key
// ('W') has no catalog entry, and asking Lingui for a missing id makes the production build log
// "Uncompiled message" once per key each time the Keyboard section renders. Lingui reports each
// missing id with its 'missing' event (in every build), which is what this counts.
import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { BINDABLE_KEY_ACTIONS, MAX_KEY_CODE, keyLabel } from '../../contract/keys';
import { keyActionLabel, keyName } from '../../src/i18n/settingsTexts';

let stop: (() => void) | null = null;
const warnings = () => {
  const missing: string[] = [];
  stop = i18n.on('missing', ({ id }) => { missing.push(id); });
  return { uncompiled: () => missing };
};
afterEach(() => { stop?.(); stop = null; });

describe('key names', () => {
  it('names every key code without asking for a text the catalog lacks', () => {
    const { uncompiled } = warnings();
    const names = Array.from({ length: MAX_KEY_CODE + 1 }, (_, code) => keyName(code));
    expect(uncompiled()).toEqual([]);
    expect(names[119]).toBe('W');
    expect(names[32]).toBe('Space');
    expect(keyName(400)).toBe(keyLabel(400));
  });
  it('labels every action, and an unknown one as it is, without asking for a missing text', () => {
    const { uncompiled } = warnings();
    for (const action of BINDABLE_KEY_ACTIONS) expect(keyActionLabel(action)).not.toMatch(/^keys\./);
    expect(keyActionLabel('someModAction')).toBe('someModAction');
    expect(uncompiled()).toEqual([]);
  });
});
