// Keeps a logged-in player's settings in their account (GET/PUT /api/settings), by the rule in
// sync.ts: on login (or start, logged in) the account copy wins if there is one, else the local
// settings are uploaded; then every change is uploaded, debounced. Logged out: nothing happens.
// Network failures are logged only: local storage keeps working without the account.
import { useEffect, useRef } from 'react';
import { SHELL_TO_GAME } from '../../../contract/gameConstants';
import { getAccountSettings, putAccountSettings, type SettingsValues } from '../../../contract/settings';
import { call } from '../../api/client';
import { sendToGame } from '../../game/game';
import { currentSettingsConfig } from './config';
import { emitSettingsEvent, onSettingsEvent } from './events';
import { createSettingsStorage } from './storage';
import { ACCOUNT_UPLOAD_DEBOUNCE_MS, applyToStorage, firstSyncPlan, uploadCopy } from './sync';

export interface AccountSyncProps {
  /** The player's id; the sync restarts when it changes (another login). */
  userId: string;
  loggedIn: boolean;
  /** Whether the game is running, so an applied account copy is sent to it at once. */
  gameLoaded: boolean;
}

export function SettingsAccountSync({ userId, loggedIn, gameLoaded }: AccountSyncProps) {
  const gameLoadedRef = useRef(gameLoaded);
  gameLoadedRef.current = gameLoaded;

  useEffect(() => {
    if (!loggedIn) return;
    const config = currentSettingsConfig();
    const storage = createSettingsStorage({ hidden: config.hidden, disabledSections: config.disabledSections });
    let account: SettingsValues | null = null;
    let ready = false;
    let stopped = false;
    let pending = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const upload = async () => {
      pending = false;
      try {
        const answer = await call(putAccountSettings, { body: uploadCopy(account, storage.load(), storage.accepts) });
        account = answer.settings;
      } catch (error) {
        console.warn('settings: could not save the settings to the account', error);
      }
    };
    const schedule = () => {
      pending = true;
      if (!ready) return; // uploaded once the account copy is known
      clearTimeout(timer);
      timer = setTimeout(() => { void upload(); }, ACCOUNT_UPLOAD_DEBOUNCE_MS);
    };
    const off = onSettingsEvent('changed', schedule);

    void (async () => {
      try {
        const answer = await call(getAccountSettings);
        if (stopped) return;
        const plan = firstSyncPlan(answer.settings);
        if (plan.kind === 'apply') {
          account = plan.settings;
          applyToStorage(storage, plan.settings);
          emitSettingsEvent('replaced');
          if (gameLoadedRef.current) sendToGame(SHELL_TO_GAME.allSettings, storage.load());
        } else {
          await upload();
        }
        ready = true;
        if (pending && !stopped) schedule();
      } catch (error) {
        console.warn('settings: could not load the settings saved to the account', error);
      }
    })();

    return () => {
      stopped = true;
      off();
      // A change still waiting is saved now (it may be refused if this was a logout).
      if (timer !== undefined && pending) { clearTimeout(timer); void upload(); }
    };
  }, [userId, loggedIn]);

  return null;
}
