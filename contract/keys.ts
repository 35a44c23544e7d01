// Key codes for key bindings.
//
// The numbers are Unity's KeyCode values, because the bindings are sent to the Unity build as
// they are: letters 97-122 (lowercase ASCII), digits 48-57, Space 32, arrows 273-276,
// F1-F15 282-296, Left Shift 304, mouse buttons 323-329; 0 means unbound. The shell's capture
// mode and the demo game both turn browser events into these codes with the functions below.
import { z } from 'zod';

/** Unity KeyCode values for every key a browser can report (and the mouse buttons). */
export const KEY = {
  None: 0,
  Backspace: 8, Tab: 9, Clear: 12, Return: 13, Pause: 19, Escape: 27, Space: 32,
  Quote: 39, Comma: 44, Minus: 45, Period: 46, Slash: 47,
  Alpha0: 48, Alpha1: 49, Alpha2: 50, Alpha3: 51, Alpha4: 52,
  Alpha5: 53, Alpha6: 54, Alpha7: 55, Alpha8: 56, Alpha9: 57,
  Semicolon: 59, Equals: 61, LeftBracket: 91, Backslash: 92, RightBracket: 93, BackQuote: 96,
  A: 97, B: 98, C: 99, D: 100, E: 101, F: 102, G: 103, H: 104, I: 105, J: 106, K: 107, L: 108, M: 109,
  N: 110, O: 111, P: 112, Q: 113, R: 114, S: 115, T: 116, U: 117, V: 118, W: 119, X: 120, Y: 121, Z: 122,
  Delete: 127,
  Keypad0: 256, Keypad1: 257, Keypad2: 258, Keypad3: 259, Keypad4: 260,
  Keypad5: 261, Keypad6: 262, Keypad7: 263, Keypad8: 264, Keypad9: 265,
  KeypadPeriod: 266, KeypadDivide: 267, KeypadMultiply: 268, KeypadMinus: 269, KeypadPlus: 270, KeypadEnter: 271, KeypadEquals: 272,
  UpArrow: 273, DownArrow: 274, RightArrow: 275, LeftArrow: 276,
  Insert: 277, Home: 278, End: 279, PageUp: 280, PageDown: 281,
  F1: 282, F2: 283, F3: 284, F4: 285, F5: 286, F6: 287, F7: 288, F8: 289, F9: 290, F10: 291, F11: 292, F12: 293,
  F13: 294, F14: 295, F15: 296,
  Numlock: 300, CapsLock: 301, ScrollLock: 302,
  RightShift: 303, LeftShift: 304, RightControl: 305, LeftControl: 306, RightAlt: 307, LeftAlt: 308,
  RightMeta: 309, LeftMeta: 310, LeftWindows: 311, RightWindows: 312, AltGr: 313,
  Help: 315, Print: 316, SysReq: 317, Break: 318, Menu: 319,
  Mouse0: 323, Mouse1: 324, Mouse2: 325, Mouse3: 326, Mouse4: 327, Mouse5: 328, Mouse6: 329,
} as const;

export const KEY_UNBOUND = KEY.None;

/** The ranges the spec names, inclusive. */
export const KEY_RANGES = {
  letters: { first: KEY.A, last: KEY.Z },
  digits: { first: KEY.Alpha0, last: KEY.Alpha9 },
  functionKeys: { first: KEY.F1, last: KEY.F12 },
  arrows: { first: KEY.UpArrow, last: KEY.LeftArrow },
  mouseButtons: { first: KEY.Mouse0, last: KEY.Mouse6 },
} as const;

/** Unity's largest KeyCode (Joystick8Button19): anything above cannot come from a real build. */
export const MAX_KEY_CODE = 509;

/** A stored or sent binding: an integer code, 0 for unbound. Unknown codes are allowed (shown as 'Key {code}'). */
export const KeyCode = z.number().int().min(0).max(MAX_KEY_CODE);
export type KeyCode = z.infer<typeof KeyCode>;

/** Actions shown in the Keyboard section, in display order. */
export const BINDABLE_KEY_ACTIONS = [
  'moveForward', 'moveBackward', 'moveLeft', 'moveRight', 'jump', 'sprint',
  'fire', 'aim', 'reload', 'primaryWeapon', 'secondaryWeapon', 'inspectWeapon',
] as const;
/** Actions that exist but are hidden or disabled in the Keyboard section. */
export const HIDDEN_KEY_ACTIONS = [
  'meleeWeapon', 'useAbility', 'useUltimate', 'throwGrenade', 'interact', 'voice', 'map', 'scoreboard', 'inventory', 'export',
] as const;
export type BindableKeyAction = (typeof BINDABLE_KEY_ACTIONS)[number];

/** Default bindings. `slide` has a default but no row in the Keyboard section. */
export const DEFAULT_KEY_BINDINGS = {
  moveForward: KEY.W,
  moveBackward: KEY.S,
  moveLeft: KEY.A,
  moveRight: KEY.D,
  jump: KEY.Space,
  sprint: KEY.LeftShift,
  slide: KEY.E,
  fire: KEY.Mouse0,
  aim: KEY.Mouse1,
  reload: KEY.R,
  primaryWeapon: KEY.Alpha1,
  secondaryWeapon: KEY.Alpha2,
  inspectWeapon: KEY.F,
} as const satisfies Record<BindableKeyAction | 'slide', KeyCode>;
export type DefaultKeyAction = keyof typeof DEFAULT_KEY_BINDINGS;

/**
 * The keyBindingsV2 setting: action name -> code. Open-ended on purpose: a build may know
 * actions this shell does not list, and their bindings must survive a round trip.
 */
export const KeyBindings = z.record(z.string().min(1).max(64), KeyCode);
export type KeyBindings = z.infer<typeof KeyBindings>;

export const SPRINT_MODES = ['hold', 'doubleTap', 'toggle'] as const;
export const SprintMode = z.enum(SPRINT_MODES);
export type SprintMode = z.infer<typeof SprintMode>;
export const SPRINT_MODE_LABELS: Record<SprintMode, string> = {
  hold: 'Hold to Sprint',
  doubleTap: 'Double-Tap Forward',
  toggle: 'Toggle Sprint',
};

// KeyboardEvent.code (the physical key, so WASD stays under the left hand on AZERTY too) -> code.
const DOM_CODE_TO_KEY: Readonly<Record<string, number>> = (() => {
  const map: Record<string, number> = {
    Backspace: KEY.Backspace, Tab: KEY.Tab, NumpadClear: KEY.Clear, Enter: KEY.Return, Pause: KEY.Pause,
    Escape: KEY.Escape, Space: KEY.Space, Quote: KEY.Quote, Comma: KEY.Comma, Minus: KEY.Minus,
    Period: KEY.Period, Slash: KEY.Slash, Semicolon: KEY.Semicolon, Equal: KEY.Equals,
    BracketLeft: KEY.LeftBracket, Backslash: KEY.Backslash, IntlBackslash: KEY.Backslash,
    BracketRight: KEY.RightBracket, Backquote: KEY.BackQuote, Delete: KEY.Delete,
    NumpadDecimal: KEY.KeypadPeriod, NumpadDivide: KEY.KeypadDivide, NumpadMultiply: KEY.KeypadMultiply,
    NumpadSubtract: KEY.KeypadMinus, NumpadAdd: KEY.KeypadPlus, NumpadEnter: KEY.KeypadEnter, NumpadEqual: KEY.KeypadEquals,
    ArrowUp: KEY.UpArrow, ArrowDown: KEY.DownArrow, ArrowRight: KEY.RightArrow, ArrowLeft: KEY.LeftArrow,
    Insert: KEY.Insert, Home: KEY.Home, End: KEY.End, PageUp: KEY.PageUp, PageDown: KEY.PageDown,
    NumLock: KEY.Numlock, CapsLock: KEY.CapsLock, ScrollLock: KEY.ScrollLock,
    ShiftRight: KEY.RightShift, ShiftLeft: KEY.LeftShift, ControlRight: KEY.RightControl, ControlLeft: KEY.LeftControl,
    AltRight: KEY.RightAlt, AltLeft: KEY.LeftAlt, MetaRight: KEY.RightMeta, MetaLeft: KEY.LeftMeta,
    OSRight: KEY.RightMeta, OSLeft: KEY.LeftMeta,
    Help: KEY.Help, PrintScreen: KEY.Print, ContextMenu: KEY.Menu,
  };
  for (let i = 0; i < 26; i++) map[`Key${String.fromCharCode(65 + i)}`] = KEY.A + i;
  for (let i = 0; i <= 9; i++) {
    map[`Digit${i}`] = KEY.Alpha0 + i;
    map[`Numpad${i}`] = KEY.Keypad0 + i;
  }
  for (let i = 1; i <= 15; i++) map[`F${i}`] = KEY.F1 + i - 1;
  return map;
})();

// KeyboardEvent.key -> a DOM code, for events that carry no `code` (some virtual keyboards,
// synthetic events). The side of modifier keys is unknown there: left is assumed.
const DOM_KEY_TO_CODE: Readonly<Record<string, string>> = {
  ' ': 'Space', Spacebar: 'Space', Shift: 'ShiftLeft', Control: 'ControlLeft', Alt: 'AltLeft', AltGraph: 'AltRight',
  Meta: 'MetaLeft', OS: 'MetaLeft', Esc: 'Escape', Del: 'Delete', Up: 'ArrowUp', Down: 'ArrowDown', Left: 'ArrowLeft', Right: 'ArrowRight',
  "'": 'Quote', ',': 'Comma', '-': 'Minus', '.': 'Period', '/': 'Slash', ';': 'Semicolon', '=': 'Equal',
  '[': 'BracketLeft', '\\': 'Backslash', ']': 'BracketRight', '`': 'Backquote',
};

/** The code of a keyboard event, or null for a key the scheme has no code for. */
export function codeFromKeyboardEvent(event: { code?: string; key?: string }): number | null {
  const byCode = event.code ? DOM_CODE_TO_KEY[event.code] : undefined;
  if (byCode !== undefined) return byCode;
  const key = event.key ?? '';
  if (/^[a-z]$/i.test(key)) return KEY.A + key.toLowerCase().charCodeAt(0) - 97;
  if (/^[0-9]$/.test(key)) return KEY.Alpha0 + Number(key);
  const domCode = DOM_KEY_TO_CODE[key] ?? key;
  return DOM_CODE_TO_KEY[domCode] ?? null;
}

/**
 * The code of a mouse button (MouseEvent.button: 0 left, 1 middle, 2 right, 3 back, 4 forward),
 * or null. Unity numbers them left, right, middle, so 1 and 2 swap here.
 */
export function codeFromMouseButton(button: number): number | null {
  const order = [KEY.Mouse0, KEY.Mouse2, KEY.Mouse1, KEY.Mouse3, KEY.Mouse4, KEY.Mouse5, KEY.Mouse6];
  return Number.isInteger(button) ? order[button] ?? null : null;
}

export function isMouseCode(code: number): boolean {
  return code >= KEY_RANGES.mouseButtons.first && code <= KEY_RANGES.mouseButtons.last;
}

const NAMED_LABELS: Readonly<Record<number, string>> = {
  [KEY.Backspace]: 'Backspace', [KEY.Tab]: 'Tab', [KEY.Clear]: 'Clear', [KEY.Return]: 'Enter', [KEY.Pause]: 'Pause',
  [KEY.Escape]: 'Escape', [KEY.Space]: 'Space', [KEY.Quote]: "'", [KEY.Comma]: ',', [KEY.Minus]: '-',
  [KEY.Period]: '.', [KEY.Slash]: '/', [KEY.Semicolon]: ';', [KEY.Equals]: '=', [KEY.LeftBracket]: '[',
  [KEY.Backslash]: '\\', [KEY.RightBracket]: ']', [KEY.BackQuote]: '`', [KEY.Delete]: 'Delete',
  [KEY.KeypadPeriod]: 'Numpad .', [KEY.KeypadDivide]: 'Numpad /', [KEY.KeypadMultiply]: 'Numpad *',
  [KEY.KeypadMinus]: 'Numpad -', [KEY.KeypadPlus]: 'Numpad +', [KEY.KeypadEnter]: 'Numpad Enter', [KEY.KeypadEquals]: 'Numpad =',
  [KEY.UpArrow]: 'Up Arrow', [KEY.DownArrow]: 'Down Arrow', [KEY.RightArrow]: 'Right Arrow', [KEY.LeftArrow]: 'Left Arrow',
  [KEY.Insert]: 'Insert', [KEY.Home]: 'Home', [KEY.End]: 'End', [KEY.PageUp]: 'Page Up', [KEY.PageDown]: 'Page Down',
  [KEY.Numlock]: 'Num Lock', [KEY.CapsLock]: 'Caps Lock', [KEY.ScrollLock]: 'Scroll Lock',
  [KEY.RightShift]: 'Right Shift', [KEY.LeftShift]: 'Left Shift', [KEY.RightControl]: 'Right Ctrl', [KEY.LeftControl]: 'Left Ctrl',
  [KEY.RightAlt]: 'Right Alt', [KEY.LeftAlt]: 'Left Alt', [KEY.RightMeta]: 'Right Meta', [KEY.LeftMeta]: 'Left Meta',
  [KEY.LeftWindows]: 'Left Windows', [KEY.RightWindows]: 'Right Windows', [KEY.AltGr]: 'Alt Gr',
  [KEY.Help]: 'Help', [KEY.Print]: 'Print Screen', [KEY.SysReq]: 'Sys Req', [KEY.Break]: 'Break', [KEY.Menu]: 'Menu',
  [KEY.Mouse0]: 'Left Mouse', [KEY.Mouse1]: 'Right Mouse', [KEY.Mouse2]: 'Middle Mouse',
  [KEY.Mouse3]: 'Mouse 4', [KEY.Mouse4]: 'Mouse 5', [KEY.Mouse5]: 'Mouse 6', [KEY.Mouse6]: 'Mouse 7',
};

/** What a binding button shows: 'W', '1', 'Space', 'Left Shift', 'F5', 'Up Arrow', 'Left Mouse', 'Unbound', 'Key 400'. */
export function keyLabel(code: number): string {
  if (code === KEY_UNBOUND) return 'Unbound';
  if (code >= KEY.A && code <= KEY.Z) return String.fromCharCode(code - 32);
  if (code >= KEY.Alpha0 && code <= KEY.Alpha9) return String(code - KEY.Alpha0);
  if (code >= KEY.Keypad0 && code <= KEY.Keypad9) return `Numpad ${code - KEY.Keypad0}`;
  if (code >= KEY.F1 && code <= KEY.F15) return `F${code - KEY.F1 + 1}`;
  return NAMED_LABELS[code] ?? `Key ${code}`;
}
