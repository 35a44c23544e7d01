// Where the host's own account is the player's (HostDefinition.account: CrazyGames' full
// launch), the shell never offers another way in or out: what the game asks for on other hosts
// (its own Log Out, the Discord account decision) is answered with a text naming the host
// instead, and nothing else opens.
import { useEffect, useRef } from 'react';
import { showToast } from '../../ui/toast';
import { t } from '../../i18n';

export const hostAccountText = {
  logInWith: (host: string) => t('accounts.hostAccount.logInWith', { host }),
  profile: (host: string) => t('accounts.hostAccount.profile', { host }),
  noLogout: (host: string) => t('accounts.hostAccount.noLogout', { host }),
  noDiscord: (host: string) => t('accounts.hostAccount.noDiscord', { host }),
  dailySpin: (host: string) => t('accounts.hostAccount.dailySpin', { host }),
  /** A guest-only host (Poki): signing in is not offered there. */
  guestOnly: (host: string) => t('accounts.hostAccount.guestOnly', { host }),
};

/** Tells the player once (a toast) and closes the modal that was asked for, showing nothing of it. */
export function HostAccountAnswer({ message, onClose }: { message: string; onClose: () => void }) {
  const told = useRef(false);
  useEffect(() => {
    if (told.current) return;
    told.current = true;
    showToast({ message, tone: 'info', area: 'auth' });
    onClose();
  }, [message, onClose]);
  return null;
}
