// The settings store's account copy: GET/PUT /api/settings through the typed client.
import { getAccountSettings, putAccountSettings } from '../../contract/settings';
import { call } from '../api/client';
import type { SettingsAccount } from '../settings-store/store';

export function createAccountSettings(): SettingsAccount {
  return {
    load: async () => (await call(getAccountSettings)).settings,
    save: async (settings) => (await call(putAccountSettings, { body: settings })).settings ?? settings,
  };
}
