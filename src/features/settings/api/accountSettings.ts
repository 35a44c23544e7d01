// The settings store's account copy: GET/PUT /api/settings through the typed client.
import { getAccountSettings, putAccountSettings, type AccountSettings } from '../../../../contract/settings';
import { call } from '../../../api/client';
import type { SettingsAccount } from '../../../settings-store/store';
import type { AccountCopy } from '../../../settings-store/sync';

const copyOf = (answer: AccountSettings): AccountCopy | null =>
  answer.settings ? { settings: answer.settings, languageChosen: answer.languageChosen } : null;

export function createAccountSettings(): SettingsAccount {
  return {
    load: async () => copyOf(await call(getAccountSettings)),
    save: async (settings) => {
      const copy = copyOf(await call(putAccountSettings, { body: settings }));
      if (!copy) throw new Error('settings: the account answered a save without the copy');
      return copy;
    },
  };
}
