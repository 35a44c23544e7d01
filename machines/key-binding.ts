// Assigning a key to an action in the Keyboard section. A
// non-zero key may serve one action only, except that in doubleTap sprint mode sprint is driven
// by double-tapping forward, so its own key may be shared (the game ignores it). A key already
// bound elsewhere is not simply refused: the assignment waits as a conflict the player answers
// with Swap (the action takes the key, the other action takes the action's old key) or Cancel
// (nothing changes). Any other assignment, or a reset, drops a waiting conflict. Pure: the
// bindings are handed in with each event and the bindings to save come back.
import { KEY_UNBOUND, type KeyBindings, type SprintMode } from '../contract/keys';

/** The other action already using `code`, or null when the assignment is allowed. */
export function findConflict(bindings: KeyBindings, action: string, code: number, sprintMode: SprintMode): string | null {
  if (code === KEY_UNBOUND) return null;
  for (const [other, bound] of Object.entries(bindings)) {
    if (other === action || bound !== code) continue;
    if (sprintMode === 'doubleTap' && (other === 'sprint' || action === 'sprint')) continue;
    return other;
  }
  return null;
}

/** An assignment waiting for the player's answer: `action` wants `code`, which `other` holds. */
export interface KeyConflict {
  action: string;
  code: number;
  other: string;
  /** The key `other` gets on Swap: `action`'s key when the conflict arose (0: unbound). */
  previous: number;
}

export interface KeyBindingState { conflict: KeyConflict | null }

export type KeyBindingEvent =
  | { type: 'ASSIGN'; action: string; code: number }
  | { type: 'SWAP' }
  | { type: 'CANCEL' }
  | { type: 'RESET' };

export interface KeyBindingStep {
  state: KeyBindingState;
  /** The bindings to save, or null when nothing changes. */
  save: KeyBindings | null;
}

export const initialKeyBindingState: KeyBindingState = { conflict: null };

/** Both actions' keys exchanged: `action` takes `code`, `other` takes `action`'s current key. */
export function swapBindings(bindings: KeyBindings, action: string, code: number, other: string): KeyBindings {
  return { ...bindings, [action]: code, [other]: bindings[action] ?? KEY_UNBOUND };
}

export function keyBindingStep(state: KeyBindingState, event: KeyBindingEvent, bindings: KeyBindings, sprintMode: SprintMode): KeyBindingStep {
  switch (event.type) {
    case 'ASSIGN': {
      const other = findConflict(bindings, event.action, event.code, sprintMode);
      if (other) {
        return { state: { conflict: { action: event.action, code: event.code, other, previous: bindings[event.action] ?? KEY_UNBOUND } }, save: null };
      }
      return { state: initialKeyBindingState, save: { ...bindings, [event.action]: event.code } };
    }
    case 'SWAP': {
      const { conflict } = state;
      if (!conflict) return { state, save: null };
      // The bindings may have moved since the question was asked (another tab, an import): the
      // swap is worked out on the bindings as they are now, and only while the conflict still holds.
      const holder = findConflict(bindings, conflict.action, conflict.code, sprintMode);
      if (holder === null) return { state: initialKeyBindingState, save: { ...bindings, [conflict.action]: conflict.code } };
      return { state: initialKeyBindingState, save: swapBindings(bindings, conflict.action, conflict.code, holder) };
    }
    case 'CANCEL':
    case 'RESET':
      return { state: initialKeyBindingState, save: null };
  }
}
