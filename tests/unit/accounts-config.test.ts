// The Account section's configuration, the game's bot-check token source and WALLET_NOTIFICATION.
import { describe, expect, it, vi } from 'vitest';
import { HIDDEN_SETTINGS, SPEC_HIDDEN_SETTINGS } from '../../contract/settings';
import { accountFeatures, ACCOUNT_FEATURES } from '../../src/features/accounts/accountConfig';
import { createWalletNotificationHandler, WALLET_NOTIFICATION_FALLBACK } from '../../src/features/accounts/walletNotification';
import { SHELL_TO_GAME } from '../../contract/gameConstants';
import { fakeGameLink } from '../support/fakeGameLink';

describe('account configuration', () => {
  it('the default configuration switches off security, notifications, membership and the wallets logout, but keeps Log Out', () => {
    expect(ACCOUNT_FEATURES).toEqual({
      securityTab: false, notificationsTab: false, sessionsTab: false,
      profileMembership: false, profileLogout: true, walletsLogout: false,
    });
    expect(accountFeatures(HIDDEN_SETTINGS)).toEqual(ACCOUNT_FEATURES);
  });

  it("the spec's (seeds') list, passed by a parent, still hides the profile Log Out", () => {
    expect(SPEC_HIDDEN_SETTINGS).toContain('profileLogout');
    expect(accountFeatures(SPEC_HIDDEN_SETTINGS)).toMatchObject({ profileLogout: false, walletsLogout: false, securityTab: false });
    expect(accountFeatures([])).toMatchObject({ securityTab: true, notificationsTab: true, profileLogout: true, walletsLogout: true, sessionsTab: false });
  });
});

describe('WALLET_NOTIFICATION', () => {
  const setup = () => {
    const invalidateQueries = vi.fn(async () => undefined);
    const toast = vi.fn();
    const game = fakeGameLink();
    const handle = createWalletNotificationHandler({ queryClient: { invalidateQueries }, toast, game });
    /** How many times the game was told to bootstrap. */
    const bootstraps = () => game.sentWith(SHELL_TO_GAME.bootstrap).length;
    return { handle, invalidateQueries, toast, bootstraps };
  };

  it('wasError: a destructive toast with failMessage, nothing refreshed, no bootstrap', () => {
    const { handle, invalidateQueries, toast, bootstraps } = setup();
    handle({ type: 'WALLET_NOTIFICATION', walletData: { wasError: true, notifTitle: 'Connection Failed', notifMessage: 'n', failMessage: 'User rejected' } });
    expect(toast).toHaveBeenCalledWith({ title: 'Connection Failed', message: 'User rejected', tone: 'error' });
    expect(invalidateQueries).not.toHaveBeenCalled();
    expect(bootstraps()).toBe(0);
  });

  it('wasError without texts uses the fallbacks', () => {
    const { handle, toast } = setup();
    handle({ type: 'WALLET_NOTIFICATION', walletData: { wasError: true } });
    expect(toast).toHaveBeenCalledWith({ title: WALLET_NOTIFICATION_FALLBACK.errorTitle, message: WALLET_NOTIFICATION_FALLBACK.error, tone: 'error' });
  });

  it('success: wallets and whoami refreshed, the game bootstraps, the text is shown', () => {
    const { handle, invalidateQueries, toast, bootstraps } = setup();
    handle({ type: 'WALLET_NOTIFICATION', walletData: { wasError: false, notifTitle: 'Wallet Connected', notifMessage: '0xabc is linked' } });
    expect(invalidateQueries).toHaveBeenCalledWith({ queryKey: ['wallets'] });
    expect(invalidateQueries).toHaveBeenCalledWith({ queryKey: ['whoami'] });
    expect(bootstraps()).toBe(1);
    expect(toast).toHaveBeenCalledWith({ title: 'Wallet Connected', message: '0xabc is linked', tone: 'success' });
  });

  it('success without texts: refreshed silently', () => {
    const { handle, toast, bootstraps } = setup();
    handle({ type: 'WALLET_NOTIFICATION', walletData: { wasError: false } });
    expect(bootstraps()).toBe(1);
    expect(toast).not.toHaveBeenCalled();
  });
});
