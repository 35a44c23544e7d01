// From pressed codes to what the player wants to do this frame: which actions are held, and
// whether the sprint mode makes the player sprint. Pure: the DOM listeners only feed codes in.
import type { KeyBindings, SprintMode } from '../../contract/keys';

/** Two presses of moveForward closer than this make a double tap (doubleTap sprint mode). */
export const DOUBLE_TAP_MS = 300;

export interface ControlState {
  /** Codes currently held (keys and mouse buttons). */
  pressed: ReadonlySet<number>;
  /** toggle mode: sprint switched on by a press of the sprint action. */
  sprintToggled: boolean;
  /** doubleTap mode: when moveForward was last pressed, and whether the last press was a double tap. */
  lastForwardPress: number;
  doubleTapped: boolean;
}

export const INITIAL_CONTROLS: ControlState = { pressed: new Set(), sprintToggled: false, lastForwardPress: -Infinity, doubleTapped: false };

/** The actions bound to a code (several actions may share one, e.g. after an import). */
export function actionsForCode(bindings: KeyBindings, code: number): string[] {
  if (code === 0) return [];
  return Object.entries(bindings).filter(([, bound]) => bound === code).map(([action]) => action);
}

export function isHeld(state: ControlState, bindings: KeyBindings, action: string): boolean {
  const code = bindings[action];
  return code !== undefined && code !== 0 && state.pressed.has(code);
}

/** A code went down. Repeats (already held) change nothing, so toggles do not flicker. */
export function pressCode(state: ControlState, bindings: KeyBindings, mode: SprintMode, code: number, now: number): ControlState {
  if (state.pressed.has(code)) return state;
  const pressed = new Set(state.pressed).add(code);
  const actions = actionsForCode(bindings, code);
  let { sprintToggled, lastForwardPress, doubleTapped } = state;
  if (mode === 'toggle' && actions.includes('sprint')) sprintToggled = !sprintToggled;
  if (actions.includes('moveForward')) {
    doubleTapped = mode === 'doubleTap' && now - lastForwardPress <= DOUBLE_TAP_MS;
    lastForwardPress = now;
  }
  return { pressed, sprintToggled, lastForwardPress, doubleTapped };
}

export function releaseCode(state: ControlState, bindings: KeyBindings, code: number): ControlState {
  if (!state.pressed.has(code)) return state;
  const pressed = new Set(state.pressed);
  pressed.delete(code);
  const next = { ...state, pressed };
  // Letting go of forward ends a double-tap sprint and a toggled sprint (as in most shooters).
  if (actionsForCode(bindings, code).includes('moveForward') && !isHeld(next, bindings, 'moveForward')) {
    next.doubleTapped = false;
    next.sprintToggled = false;
  }
  return next;
}

/** Everything released (window lost focus): no stuck keys when the player comes back. */
export function releaseAll(state: ControlState): ControlState {
  return { ...state, pressed: new Set(), sprintToggled: false, doubleTapped: false };
}

export interface MoveIntent {
  /** -1 back .. 1 forward */
  forward: number;
  /** -1 left .. 1 right */
  right: number;
  sprint: boolean;
  crouchSlide: boolean;
  jump: boolean;
  aim: boolean;
}

export function moveIntent(state: ControlState, bindings: KeyBindings, mode: SprintMode): MoveIntent {
  const held = (action: string) => isHeld(state, bindings, action);
  const forward = (held('moveForward') ? 1 : 0) - (held('moveBackward') ? 1 : 0);
  const right = (held('moveRight') ? 1 : 0) - (held('moveLeft') ? 1 : 0);
  const wantsSprint = mode === 'hold' ? held('sprint') : mode === 'toggle' ? state.sprintToggled : state.doubleTapped;
  return { forward, right, sprint: wantsSprint && forward > 0, crouchSlide: held('slide'), jump: held('jump'), aim: held('aim') };
}
