// contract/keys.ts: the key-code scheme, every range, labels, unknown and unbound.
import { describe, expect, it } from 'vitest';
import {
  BINDABLE_KEY_ACTIONS,
  DEFAULT_KEY_BINDINGS,
  HIDDEN_KEY_ACTIONS,
  KEY,
  KEY_RANGES,
  KeyBindings,
  KeyCode,
  MAX_KEY_CODE,
  SPRINT_MODE_LABELS,
  SprintMode,
  codeFromKeyboardEvent,
  codeFromMouseButton,
  isMouseCode,
  keyLabel,
} from '../../contract/keys';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');

describe('letters 97-122', () => {
  it.each(LETTERS.map((letter, i) => [letter, 97 + i] as const))('%s is %i, from the physical key and from the character', (letter, code) => {
    expect(codeFromKeyboardEvent({ code: `Key${letter}`, key: letter.toLowerCase() })).toBe(code);
    expect(codeFromKeyboardEvent({ code: '', key: letter.toLowerCase() })).toBe(code);
    expect(codeFromKeyboardEvent({ code: '', key: letter })).toBe(code); // Shift held: still the lowercase code
    expect(keyLabel(code)).toBe(letter);
  });

  it('uses the physical key over the character (AZERTY: the key right of Tab is Q, types a)', () => {
    expect(codeFromKeyboardEvent({ code: 'KeyQ', key: 'a' })).toBe(KEY.Q);
  });

  it('spans exactly the spec range', () => {
    expect(KEY_RANGES.letters).toEqual({ first: 97, last: 122 });
    expect([KEY.A, KEY.W, KEY.Z]).toEqual([97, 119, 122]);
  });
});

describe('digits 48-57', () => {
  it.each([...Array(10).keys()].map((d) => [d, 48 + d] as const))('%i is %i', (digit, code) => {
    expect(codeFromKeyboardEvent({ code: `Digit${digit}`, key: String(digit) })).toBe(code);
    expect(codeFromKeyboardEvent({ code: '', key: String(digit) })).toBe(code);
    expect(keyLabel(code)).toBe(String(digit));
  });

  it('keeps the top-row digit when Shift turns it into a symbol', () => {
    expect(codeFromKeyboardEvent({ code: 'Digit1', key: '!' })).toBe(49);
  });

  it('keeps keypad digits apart (Unity Keypad0-9, 256-265)', () => {
    expect(codeFromKeyboardEvent({ code: 'Numpad0', key: '0' })).toBe(256);
    expect(codeFromKeyboardEvent({ code: 'Numpad9', key: '9' })).toBe(265);
    expect(keyLabel(256)).toBe('Numpad 0');
    expect(keyLabel(265)).toBe('Numpad 9');
  });
});

describe('function keys F1-F12 282-293', () => {
  it.each([...Array(12).keys()].map((i) => [`F${i + 1}`, 282 + i] as const))('%s is %i', (name, code) => {
    expect(codeFromKeyboardEvent({ code: name, key: name })).toBe(code);
    expect(codeFromKeyboardEvent({ code: '', key: name })).toBe(code);
    expect(keyLabel(code)).toBe(name);
  });

  it('continues to F15 as Unity does', () => {
    expect(codeFromKeyboardEvent({ code: 'F13', key: 'F13' })).toBe(294);
    expect(keyLabel(296)).toBe('F15');
    expect(KEY_RANGES.functionKeys).toEqual({ first: 282, last: 293 });
  });
});

describe('arrows 273-276', () => {
  it.each([
    ['ArrowUp', 273, 'Up Arrow'],
    ['ArrowDown', 274, 'Down Arrow'],
    ['ArrowRight', 275, 'Right Arrow'],
    ['ArrowLeft', 276, 'Left Arrow'],
  ] as const)('%s is %i (%s)', (domCode, code, label) => {
    expect(codeFromKeyboardEvent({ code: domCode, key: domCode })).toBe(code);
    expect(codeFromKeyboardEvent({ code: '', key: domCode })).toBe(code);
    expect(keyLabel(code)).toBe(label);
  });

  it('accepts the old IE/Edge key names', () => {
    expect(codeFromKeyboardEvent({ key: 'Up' })).toBe(273);
    expect(codeFromKeyboardEvent({ key: 'Left' })).toBe(276);
  });
});

describe('mouse buttons 323-329', () => {
  it.each([
    [0, 323, 'Left Mouse'],
    [2, 324, 'Right Mouse'],
    [1, 325, 'Middle Mouse'],
    [3, 326, 'Mouse 4'],
    [4, 327, 'Mouse 5'],
    [5, 328, 'Mouse 6'],
    [6, 329, 'Mouse 7'],
  ] as const)('MouseEvent.button %i is %i (%s)', (button, code, label) => {
    expect(codeFromMouseButton(button)).toBe(code);
    expect(keyLabel(code)).toBe(label);
    expect(isMouseCode(code)).toBe(true);
  });

  it('has no code for other buttons', () => {
    for (const button of [-1, 7, 8, 0.5, Number.NaN]) expect(codeFromMouseButton(button)).toBeNull();
  });

  it('only 323-329 count as mouse codes', () => {
    expect(isMouseCode(322)).toBe(false);
    expect(isMouseCode(330)).toBe(false);
    expect(KEY_RANGES.mouseButtons).toEqual({ first: 323, last: 329 });
  });
});

describe('other keys', () => {
  it.each([
    [{ code: 'Space', key: ' ' }, 32, 'Space'],
    [{ code: '', key: ' ' }, 32, 'Space'],
    [{ code: 'ShiftLeft', key: 'Shift' }, 304, 'Left Shift'],
    [{ code: 'ShiftRight', key: 'Shift' }, 303, 'Right Shift'],
    [{ code: '', key: 'Shift' }, 304, 'Left Shift'],
    [{ code: 'ControlLeft', key: 'Control' }, 306, 'Left Ctrl'],
    [{ code: 'ControlRight', key: 'Control' }, 305, 'Right Ctrl'],
    [{ code: 'AltLeft', key: 'Alt' }, 308, 'Left Alt'],
    [{ code: 'AltRight', key: 'AltGraph' }, 307, 'Right Alt'],
    [{ code: 'MetaLeft', key: 'Meta' }, 310, 'Left Meta'],
    [{ code: 'Tab', key: 'Tab' }, 9, 'Tab'],
    [{ code: 'Enter', key: 'Enter' }, 13, 'Enter'],
    [{ code: 'Escape', key: 'Escape' }, 27, 'Escape'],
    [{ code: 'Backspace', key: 'Backspace' }, 8, 'Backspace'],
    [{ code: 'CapsLock', key: 'CapsLock' }, 301, 'Caps Lock'],
    [{ code: 'Backquote', key: '`' }, 96, '`'],
    [{ code: 'Minus', key: '-' }, 45, '-'],
    [{ code: 'Home', key: 'Home' }, 278, 'Home'],
    [{ code: 'PageDown', key: 'PageDown' }, 281, 'Page Down'],
    [{ code: 'NumpadEnter', key: 'Enter' }, 271, 'Numpad Enter'],
    [{ code: 'Delete', key: 'Delete' }, 127, 'Delete'],
  ])('%o is %i (%s)', (event, code, label) => {
    expect(codeFromKeyboardEvent(event)).toBe(code);
    expect(keyLabel(code)).toBe(label);
  });

  it('answers null for keys outside the scheme, so capture mode can ignore them', () => {
    expect(codeFromKeyboardEvent({ code: 'Lang1', key: 'HangulMode' })).toBeNull();
    expect(codeFromKeyboardEvent({ code: '', key: 'Unidentified' })).toBeNull();
    expect(codeFromKeyboardEvent({ code: '', key: 'Dead' })).toBeNull();
    expect(codeFromKeyboardEvent({})).toBeNull();
  });
});

describe('labels', () => {
  it('shows 0 as Unbound', () => {
    expect(keyLabel(0)).toBe('Unbound');
  });

  it("shows codes without a name as 'Key {code}'", () => {
    expect(keyLabel(314)).toBe('Key 314');
    expect(keyLabel(400)).toBe('Key 400');
    expect(keyLabel(MAX_KEY_CODE)).toBe(`Key ${MAX_KEY_CODE}`);
    expect(keyLabel(1)).toBe('Key 1');
  });

  it('names every code of the KEY table', () => {
    for (const [name, code] of Object.entries(KEY)) {
      if (code === 0) continue;
      expect(keyLabel(code), name).not.toMatch(/^Key \d+$/);
    }
  });
});

describe('default bindings', () => {
  it('match the spec table', () => {
    const labels = Object.fromEntries(Object.entries(DEFAULT_KEY_BINDINGS).map(([action, code]) => [action, keyLabel(code)]));
    expect(labels).toEqual({
      moveForward: 'W',
      moveBackward: 'S',
      moveLeft: 'A',
      moveRight: 'D',
      jump: 'Space',
      sprint: 'Left Shift',
      slide: 'E',
      fire: 'Left Mouse',
      aim: 'Right Mouse',
      reload: 'R',
      primaryWeapon: '1',
      secondaryWeapon: '2',
      inspectWeapon: 'F',
    });
  });

  it('bind every shown action, each to a different code', () => {
    for (const action of BINDABLE_KEY_ACTIONS) expect(DEFAULT_KEY_BINDINGS[action]).toBeGreaterThan(0);
    const codes = Object.values(DEFAULT_KEY_BINDINGS);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('list the twelve shown actions and the ten hidden ones', () => {
    expect(BINDABLE_KEY_ACTIONS).toHaveLength(12);
    expect(HIDDEN_KEY_ACTIONS).toEqual(['meleeWeapon', 'useAbility', 'useUltimate', 'throwGrenade', 'interact', 'voice', 'map', 'scoreboard', 'inventory', 'export']);
  });
});

describe('schemas', () => {
  it('KeyCode takes integers 0..509 only', () => {
    for (const ok of [0, 32, 329, MAX_KEY_CODE]) expect(KeyCode.safeParse(ok).success).toBe(true);
    for (const bad of [-1, 1.5, MAX_KEY_CODE + 1, '97', null, Number.NaN]) expect(KeyCode.safeParse(bad).success).toBe(false);
  });

  it('KeyBindings takes the defaults and unknown actions, and rejects bad codes', () => {
    expect(KeyBindings.parse(DEFAULT_KEY_BINDINGS)).toEqual(DEFAULT_KEY_BINDINGS);
    expect(KeyBindings.safeParse({ futureAction: 400 }).success).toBe(true);
    expect(KeyBindings.safeParse({ moveForward: -1 }).success).toBe(false);
    expect(KeyBindings.safeParse({ '': 97 }).success).toBe(false);
  });

  it('SprintMode has the three modes with their labels', () => {
    expect(SprintMode.options).toEqual(['hold', 'doubleTap', 'toggle']);
    expect(SPRINT_MODE_LABELS).toEqual({ hold: 'Hold to Sprint', doubleTap: 'Double-Tap Forward', toggle: 'Toggle Sprint' });
    expect(SprintMode.safeParse('run').success).toBe(false);
  });
});
