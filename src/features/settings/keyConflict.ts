// The key binding rule (spec part 1 §5): a non-zero key may serve one action only, except that
// in doubleTap sprint mode sprint is driven by double-tapping forward, so its own key may be
// shared (the game ignores it).
import { KEY_UNBOUND, keyLabel, type KeyBindings, type SprintMode } from '../../../contract/keys';

export const KEY_ACTION_LABELS: Record<string, string> = {
  moveForward: 'Move Forward',
  moveBackward: 'Move Backward',
  moveLeft: 'Move Left',
  moveRight: 'Move Right',
  jump: 'Jump',
  sprint: 'Sprint',
  fire: 'Fire',
  aim: 'Aim',
  reload: 'Reload',
  primaryWeapon: 'Primary Weapon',
  secondaryWeapon: 'Secondary Weapon',
  inspectWeapon: 'Inspect Weapon',
  slide: 'Slide',
};

export const actionLabel = (action: string) => KEY_ACTION_LABELS[action] ?? action;

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

export const CONFLICT_DESCRIPTION = 'Choose a different key or unbind the existing one first';
export function conflictTitle(code: number, other: string): string {
  return `${keyLabel(code)} is already bound to ${actionLabel(other)}`;
}
