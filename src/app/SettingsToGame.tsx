import { useEffect } from 'react';
import { SHELL_TO_GAME } from '../../contract/gameConstants';
import { currentSettingsConfig } from '../features/settings/config';
import { createSettingsStorage } from '../features/settings/storage';
import { sendToGame } from '../game/game';
import { useGameStatus } from '../game/useGameStatus';

/**
 * The player's saved settings reach the game as soon as it has loaded (and again after a Retry
 * reloads it), not only once the settings overlay is first opened: a saved FOV or key binding
 * must apply from the first frame of play.
 */
export function SettingsToGame() {
  const status = useGameStatus();
  useEffect(() => {
    if (status !== 'loaded') return;
    const config = currentSettingsConfig();
    const storage = createSettingsStorage({ hidden: config.hidden, disabledSections: config.disabledSections });
    storage.cleanup();
    sendToGame(SHELL_TO_GAME.allSettings, storage.load());
  }, [status]);
  return null;
}
