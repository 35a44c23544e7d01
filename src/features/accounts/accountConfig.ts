// Which parts of the Account section the configuration switches off:
// the hidden-settings list names security, notifications, profileMembership, profileLogout and
// walletsLogout. One source: contract/settings.ts' HIDDEN_SETTINGS, unless a caller passes
// another list (a parent page's, or a test's). Profile Log Out is on unless a list names
// profileLogout: the default list leaves it out so a player on a shared computer can sign out.
import { HIDDEN_SETTINGS } from '../../../contract/settings';

export interface AccountFeatures {
  securityTab: boolean;
  notificationsTab: boolean;
  /** The Sessions tab is hidden in every configuration the spec describes. */
  sessionsTab: false;
  profileMembership: boolean;
  profileLogout: boolean;
  walletsLogout: boolean;
}

export function accountFeatures(hidden: readonly string[] = HIDDEN_SETTINGS): AccountFeatures {
  const on = (name: string) => !hidden.includes(name);
  return {
    securityTab: on('security'),
    notificationsTab: on('notifications'),
    sessionsTab: false,
    profileMembership: on('profileMembership'),
    profileLogout: on('profileLogout'),
    walletsLogout: on('walletsLogout'),
  };
}

export const ACCOUNT_FEATURES: AccountFeatures = accountFeatures();
