import { useEffect } from 'react';
import { isLoggedIn } from '../../contract/auth';
import { useCurrentUser } from '../api/currentUser';
import { useGameStatus } from '../game-link/context';
import { useSettingsStore } from '../settings-store/context';
import { whenIdle } from '../features/settings/preload';
import { preloadOverlay } from './overlay-registry/registry';

/**
 * The settings store (src/settings-store) tells the game and syncs the account by itself; the
 * app hands it the logged-in player, and once the game runs fetches the overlay's chunk when the
 * browser is idle, so opening it takes no network round trip.
 */
export function SettingsAtStart() {
  const store = useSettingsStore();
  const status = useGameStatus();
  const { user, settled } = useCurrentUser();
  const userId = settled && isLoggedIn(user) ? user.uuid : null;
  useEffect(() => store.followAccount(userId), [store, userId]);
  useEffect(() => (status === 'loaded' ? whenIdle(() => { void preloadOverlay('settings'); }) : undefined), [status]);
  return null;
}
