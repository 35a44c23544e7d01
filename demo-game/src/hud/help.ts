// The help line at the bottom of the screen, written from the current bindings so that a
// rebinding in the settings shows up at once.
import { keyLabel, type KeyBindings, type SprintMode } from '../../../contract/keys';
import { gameWords } from './words';

/** The key that toggles the in-game menu (fixed: it is the demo's own, not a game action). */
export const MENU_KEY_CODE = 'KeyM';

export function helpLine(bindings: KeyBindings, sprintMode: SprintMode, language = 'en'): string {
  const w = gameWords(language);
  const label = (action: string) => keyLabel(bindings[action] ?? 0);
  const move = ['moveForward', 'moveLeft', 'moveBackward', 'moveRight'].map(label).join(' ');
  const sprint = sprintMode === 'doubleTap' ? `${w.doubleTap} ${label('moveForward')}` : sprintMode === 'toggle' ? `${label('sprint')} (${w.toggle})` : label('sprint');
  return [
    `${move} ${w.move}`,
    w.look,
    `${sprint} ${w.sprint}`,
    `${label('jump')} ${w.jump}`,
    `${label('slide')} ${w.slide}`,
    `${label('fire')} ${w.fire}`,
    `${label('reload')} ${w.reload}`,
    `Esc ${w.settings}`,
    `M ${w.menu}`,
  ].join(' · ');
}
