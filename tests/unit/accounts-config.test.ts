// The Account section's configuration, the game's bot-check token source and WALLET_NOTIFICATION.
import { describe, expect, it, vi } from 'vitest';
import { HIDDEN_SETTINGS } from '../../contract/settings';
import { accountFeatures, ACCOUNT_FEATURES } from '../../src/features/accounts/accountConfig';
import { createWalletNotificationHandler, WALLET_NOTIFICATION_FALLBACK } from '../../src/features/accounts/walletNotification';

describe('account configuration', () => {
  it('the spec configuration switches off security, notifications, membership and both logouts', () => {
    expect(ACCOUNT_FEATURES).toEqual({
      securityTab: false, notificationsTab: false, sessionsTab: false,
      profileMembership: false, profileLogout: false, walletsLogout: false,
    });
    expect(accountFeatures(HIDDEN_SETTINGS)).toEqual(ACCOUNT_FEATURES);
  });

  it('a configuration without profileLogout in its hidden list turns the profile Log Out on', () => {
    const hidden = HIDDEN_SETTINGS.filter((n) => n !== 'profileLogout');
    expect(accountFeatures(hidden)).toMatchObject({ profileLogout: true, walletsLogout: false, securityTab: false });
    expect(accountFeatures([])).toMatchObject({ securityTab: true, notificationsTab: true, profileLogout: true, walletsLogout: true, sessionsTab: false });
  });
});

describe('WALLET_NOTIFICATION', () => {
  const setup = () => {
    const invalidateQueries = vi.fn(async () => undefined);
    const toast = vi.fn();
    const bootstrap = vi.fn();
    const handle = createWalletNotificationHandler({ queryClient: { invalidateQueries }, toast, bootstrap });
    return { handle, invalidateQueries, toast, bootstrap };
  };

  it('wasError: a destructive toast with failMessage, nothing refreshed, no bootstrap', () => {
    const { handle, invalidateQueries, toast, bootstrap } = setup();
    handle({ type: 'WALLET_NOTIFICATION', walletData: { wasError: true, notifTitle: 'Connection Failed', notifMessage: 'n', failMessage: 'User rejected' } });
    expect(toast).toHaveBeenCalledWith({ title: 'Connection Failed', message: 'User rejected', tone: 'error' });
    expect(invalidateQueries).not.toHaveBeenCalled();
    expect(bootstrap).not.toHaveBeenCalled();
  });

  it('wasError without texts uses the fallbacks', () => {
    const { handle, toast } = setup();
    handle({ type: 'WALLET_NOTIFICATION', walletData: { wasError: true } });
    expect(toast).toHaveBeenCalledWith({ title: WALLET_NOTIFICATION_FALLBACK.errorTitle, message: WALLET_NOTIFICATION_FALLBACK.error, tone: 'error' });
  });

  it('success: wallets and whoami refreshed, the game bootstraps, the text is shown', () => {
    const { handle, invalidateQueries, toast, bootstrap } = setup();
    handle({ type: 'WALLET_NOTIFICATION', walletData: { wasError: false, notifTitle: 'Wallet Connected', notifMessage: '0xabc is linked' } });
    expect(invalidateQueries).toHaveBeenCalledWith({ queryKey: ['wallets'] });
    expect(invalidateQueries).toHaveBeenCalledWith({ queryKey: ['whoami'] });
    expect(bootstrap).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith({ title: 'Wallet Connected', message: '0xabc is linked', tone: 'success' });
  });

  it('success without texts: refreshed silently', () => {
    const { handle, toast, bootstrap } = setup();
    handle({ type: 'WALLET_NOTIFICATION', walletData: { wasError: false } });
    expect(bootstrap).toHaveBeenCalledTimes(1);
    expect(toast).not.toHaveBeenCalled();
  });
});
