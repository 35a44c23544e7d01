import { useEffect } from 'react';
import { isLoggedIn } from '../../contract/auth';
import { SHELL_TO_GAME } from '../../contract/gameConstants';
import { useCurrentUser } from '../api/currentUser';
import { SettingsAccountSync } from '../features/settings/AccountSync';
import { currentSettingsConfig } from '../features/settings/config';
import { whenIdle } from '../features/settings/preload';
import { createSettingsStorage } from '../features/settings/storage';
import { sendToGame } from '../game/game';
import { useGameStatus } from '../game/useGameStatus';
import { preloadOverlay } from './overlays/registry';

/**
 * The player's saved settings reach the game as soon as it has loaded (and again after a Retry
 * reloads it), not only once the settings overlay is first opened: a saved FOV or key binding
 * must apply from the first frame of play. Once the game runs, the overlay's chunk is fetched
 * when the browser is idle, so opening it takes no network round trip. A logged-in player's
 * settings follow them through their account (features/settings/sync.ts has the rule).
 */
export function SettingsToGame() {
  const status = useGameStatus();
  const { user, settled } = useCurrentUser();
  useEffect(() => {
    if (status !== 'loaded') return;
    const config = currentSettingsConfig();
    const storage = createSettingsStorage({ hidden: config.hidden, disabledSections: config.disabledSections });
    storage.cleanup();
    sendToGame(SHELL_TO_GAME.allSettings, storage.load());
    return whenIdle(() => { void preloadOverlay('settings'); });
  }, [status]);
  return <SettingsAccountSync userId={user.uuid} loggedIn={settled && isLoggedIn(user)} gameLoaded={status === 'loaded'} />;
}
