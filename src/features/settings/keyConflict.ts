// The key binding rule's English texts; the rule and the Swap/Cancel conflict
// are machines/key-binding.ts.
import { keyLabel } from '../../../contract/keys';

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

/** The rule itself lives with the conflict's state (machines/key-binding.ts). */
export { findConflict } from '../../../machines/key-binding';

export const CONFLICT_DESCRIPTION = 'Choose a different key or unbind the existing one first';
export function conflictTitle(code: number, other: string): string {
  return `${keyLabel(code)} is already bound to ${actionLabel(other)}`;
}
