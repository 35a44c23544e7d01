// The registry's settings entry: the settings feature plus what only the app may hand it (the
// other features' sections, the current username, and whether the settings outlive this visit).
import { useState } from 'react';
import { t } from '../../i18n';
import { isLoggedIn } from '../../../contract/auth';
import { useCurrentUser } from '../../api/currentUser';
import { offersSignIn, useHost } from '../../host-bridge/host';
import SettingsOverlay from '../../features/settings/SettingsOverlay';
import { useSettingsKeeper } from '../../settings-store/context';
import { extraSettingsSections } from '../settingsSections';
import type { OverlayProps } from '../../overlays/types';

/** English: 'Your settings last only for this visit: this browser does not let the game keep them here. Log in to keep them with your account.' */
export const STORAGE_NOTICE_KEY = 'settings.storageNotice';
/** On a guest-only host (Poki) no account can keep them: the notice promises none. */
export const GUEST_STORAGE_NOTICE_KEY = 'settings.storageNoticeGuest';

/** Said once per visit: closed, it stays closed. */
let noticeClosed = false;

export default function SettingsOverlayEntry({ payload, onClose }: OverlayProps<'settings'>) {
  const { user, settled } = useCurrentUser();
  const keeper = useSettingsKeeper();
  const host = useHost();
  const [closed, setClosed] = useState(noticeClosed);
  // Logged in, the account keeps them (GET/PUT /api/settings); a host's storage keeps them too.
  const notice = keeper === 'visit' && settled && !isLoggedIn(user) && !closed
    ? (offersSignIn(host) ? t(STORAGE_NOTICE_KEY) : t(GUEST_STORAGE_NOTICE_KEY, { host: host.guestOnlyName ?? '' }))
    : undefined;
  const closeNotice = () => { noticeClosed = true; setClosed(true); };
  return (
    <SettingsOverlay payload={payload} onClose={onClose} extraSections={extraSettingsSections} username={isLoggedIn(user) ? user.username : t('settings.anonymous')}
      notice={notice} onCloseNotice={closeNotice} />
  );
}
