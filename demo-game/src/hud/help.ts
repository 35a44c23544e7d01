// The help line at the bottom of the screen, written from the current bindings so that a
// rebinding in the settings shows up at once.
import { keyLabel, type KeyBindings, type SprintMode } from '../../../contract/keys';

/** The key that toggles the in-game menu (fixed: it is the demo's own, not a game action). */
export const MENU_KEY_CODE = 'KeyM';

export function helpLine(bindings: KeyBindings, sprintMode: SprintMode): string {
  const label = (action: string) => keyLabel(bindings[action] ?? 0);
  const move = ['moveForward', 'moveLeft', 'moveBackward', 'moveRight'].map(label).join(' ');
  const sprint = sprintMode === 'doubleTap' ? `Double Tap ${label('moveForward')}` : sprintMode === 'toggle' ? `${label('sprint')} (toggle)` : label('sprint');
  return [
    `${move} move`,
    'Mouse look',
    `${sprint} sprint`,
    `${label('jump')} jump`,
    `${label('slide')} slide`,
    `${label('fire')} fire`,
    `${label('reload')} reload`,
    'Esc settings',
    'M menu',
  ].join(' · ');
}
