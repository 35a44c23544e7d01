// The CrazyGames shim and adapter against a fake SDK object of the v3 SDK's shape.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCrazyGamesAdapter, CRAZYGAMES_TEXT } from '../../hosts/crazygames/adapter';
import { isCrazyGamesSdk, loadCrazyGamesSdk, localSdkUrl, type CrazyGamesEnvironment, type CrazyGamesSdk, type CrazyGamesSettings } from '../../hosts/crazygames/sdk';
import { quiet } from '../support/log';

function fakeSdk(environment: CrazyGamesEnvironment = 'crazygames', user: { available?: boolean; loggedIn?: boolean } = {}) {
  const settingsListeners = new Set<(s: CrazyGamesSettings) => void>();
  const settings: CrazyGamesSettings = { muteAudio: false, disableChat: false };
  const calls: string[] = [];
  const record = (name: string) => () => { calls.push(name); };
  const sdk = {
    environment,
    init: vi.fn(async () => undefined),
    game: {
      loadingStart: vi.fn(record('loadingStart')),
      loadingStop: vi.fn(record('loadingStop')),
      gameplayStart: vi.fn(record('gameplayStart')),
      gameplayStop: vi.fn(record('gameplayStop')),
      settings,
      addSettingsChangeListener: vi.fn((l: (s: CrazyGamesSettings) => void) => { settingsListeners.add(l); }),
      removeSettingsChangeListener: vi.fn((l: (s: CrazyGamesSettings) => void) => { settingsListeners.delete(l); }),
    },
    user: {
      isUserAccountAvailable: user.available ?? true,
      getUser: vi.fn(async () => (user.loggedIn ? { username: 'Cheese', profilePictureUrl: 'https://images.crazygames.com/a.png' } : null)),
      showAuthPrompt: vi.fn(async () => ({ username: 'Cheese', profilePictureUrl: 'https://images.crazygames.com/a.png' })),
      getUserToken: vi.fn(async () => 'portal.jwt.token'),
    },
  } satisfies CrazyGamesSdk;
  const setMuted = (muteAudio: boolean) => {
    settings.muteAudio = muteAudio;
    for (const l of settingsListeners) l({ ...settings });
  };
  return { sdk, calls, setMuted, settingsListeners };
}


describe('the CrazyGames adapter', () => {
  it('hides Create Account, the Wallets and Sessions tabs, the Mythical Bridge and links out of the portal, and never sends wallet requests', () => {
    const adapter = createCrazyGamesAdapter({ loadSdk: async () => fakeSdk().sdk, log: quiet() });
    expect([...adapter.hidden].sort()).toEqual(['bridge', 'createAccount', 'externalLinks', 'sessionsTab', 'walletsTab']);
    expect(adapter.connectWallet()).toBe('unsupported');
  });

  it('waits for the SDK, then reports loading once and gameplay only on changes', async () => {
    const { sdk, calls } = fakeSdk();
    const adapter = createCrazyGamesAdapter({ loadSdk: async () => sdk, log: quiet() });
    const started = adapter.start();
    adapter.loadingStart(); // before the SDK is ready: queued
    await started;
    await Promise.resolve();
    adapter.loadingStart();
    adapter.loadingStop();
    adapter.loadingStop();
    adapter.gameplayStart();
    adapter.gameplayStart();
    adapter.gameplayStop();
    adapter.gameplayStop();
    adapter.gameplayStart();
    expect(calls).toEqual(['loadingStart', 'loadingStop', 'gameplayStart', 'gameplayStop', 'gameplayStart']);
  });

  it('delivers what the shell reported before start() was even called', async () => {
    const { sdk, calls } = fakeSdk();
    const adapter = createCrazyGamesAdapter({ loadSdk: async () => sdk, log: quiet() });
    adapter.loadingStart();
    adapter.loadingStop();
    adapter.gameplayStart();
    expect(calls).toEqual([]);
    await adapter.start();
    expect(calls).toEqual(['loadingStart', 'loadingStop', 'gameplayStart']);
  });

  it('follows the portal mute setting: the current value, then each change, until unsubscribed', async () => {
    const { sdk, setMuted, settingsListeners } = fakeSdk();
    const adapter = createCrazyGamesAdapter({ loadSdk: async () => sdk, log: quiet() });
    await adapter.start();
    const heard: boolean[] = [];
    const stop = adapter.onMuteChange((muted) => heard.push(muted));
    setMuted(true);
    setMuted(false);
    stop();
    setMuted(true);
    expect(heard).toEqual([false, true, false]);
    expect(settingsListeners.size).toBe(0);
  });

  it('logs in through the portal: auth prompt when logged out, then the user token', async () => {
    const { sdk } = fakeSdk();
    const adapter = createCrazyGamesAdapter({ loadSdk: async () => sdk, log: quiet() });
    await expect(adapter.login()).resolves.toEqual({ kind: 'portalToken', token: 'portal.jwt.token' });
    expect(sdk.user.showAuthPrompt).toHaveBeenCalledTimes(1);
    const loggedIn = fakeSdk('crazygames', { loggedIn: true });
    const second = createCrazyGamesAdapter({ loadSdk: async () => loggedIn.sdk, log: quiet() });
    await expect(second.login()).resolves.toEqual({ kind: 'portalToken', token: 'portal.jwt.token' });
    expect(loggedIn.sdk.user.showAuthPrompt).not.toHaveBeenCalled();
  });

  it('says the portal sign-in could not load when the SDK script is blocked, not that we are off the portal', async () => {
    const blocked = createCrazyGamesAdapter({ loadSdk: async () => { throw new Error('The CrazyGames SDK (https://sdk.crazygames.com/crazygames-sdk-v3.js) could not be loaded'); }, log: quiet() });
    await blocked.start();
    await expect(blocked.login()).resolves.toEqual({ kind: 'unavailable', reason: CRAZYGAMES_TEXT.sdkBlocked });
    expect(CRAZYGAMES_TEXT.sdkBlocked).not.toBe(CRAZYGAMES_TEXT.notOnPortal);
  });

  it('says login is unavailable off the portal and when the prompt fails', async () => {
    const off = createCrazyGamesAdapter({ loadSdk: async () => fakeSdk('crazygames', { available: false }).sdk, log: quiet() });
    await expect(off.login()).resolves.toEqual({ kind: 'unavailable', reason: CRAZYGAMES_TEXT.notOnPortal });
    const { sdk } = fakeSdk();
    sdk.user.showAuthPrompt.mockRejectedValueOnce(new Error('userCancelled'));
    const failing = createCrazyGamesAdapter({ loadSdk: async () => sdk, log: quiet() });
    await expect(failing.login()).resolves.toEqual({ kind: 'unavailable', reason: CRAZYGAMES_TEXT.openFailed });
  });

  it('keeps the page working when the SDK is disabled, throws, or fails to load', async () => {
    const disabled = fakeSdk('disabled');
    const a = createCrazyGamesAdapter({ loadSdk: async () => disabled.sdk, log: quiet() });
    await a.start();
    a.loadingStart();
    a.gameplayStart();
    expect(disabled.calls).toEqual([]);

    const throwing = fakeSdk();
    throwing.sdk.game.gameplayStart.mockImplementation(() => { throw new Error('sdkDisabled'); });
    const log = quiet();
    const b = createCrazyGamesAdapter({ loadSdk: async () => throwing.sdk, log });
    await b.start();
    expect(() => b.gameplayStart()).not.toThrow();
    expect(log.warn).toHaveBeenCalledWith('CrazyGames gameplayStart failed:', expect.any(Error));

    const failLog = quiet();
    const c = createCrazyGamesAdapter({ loadSdk: async () => { throw new Error('blocked by an ad blocker'); }, log: failLog });
    await expect(c.start()).resolves.toBeUndefined();
    expect(() => c.loadingStart()).not.toThrow();
    expect(failLog.warn).toHaveBeenCalledWith('CrazyGames SDK failed:', expect.any(Error));
    await expect(c.login()).resolves.toMatchObject({ kind: 'unavailable' });
  });
});

describe('loading the SDK script', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    delete (window as { CrazyGames?: unknown }).CrazyGames;
  });

  it('adds the portal script once, checks the global and awaits init()', async () => {
    const { sdk } = fakeSdk('local');
    const loading = loadCrazyGamesSdk(window, 'https://sdk.crazygames.com/crazygames-sdk-v3.js');
    const script = document.querySelector<HTMLScriptElement>('script[data-crazygames-sdk]');
    expect(script?.src).toBe('https://sdk.crazygames.com/crazygames-sdk-v3.js');
    (window as { CrazyGames?: unknown }).CrazyGames = { SDK: sdk };
    script?.dispatchEvent(new Event('load'));
    await expect(loading).resolves.toBe(sdk);
    expect(sdk.init).toHaveBeenCalledTimes(1);
  });

  it('refuses a global that is not the v3 SDK', async () => {
    const loading = loadCrazyGamesSdk(window, 'https://sdk.crazygames.com/crazygames-sdk-v3.js');
    (window as { CrazyGames?: unknown }).CrazyGames = { SDK: { init: async () => undefined, game: {} } };
    document.querySelector('script')?.dispatchEvent(new Event('load'));
    await expect(loading).rejects.toThrow(/not the v3 SDK/);
    expect(isCrazyGamesSdk(fakeSdk().sdk)).toBe(true);
    expect(isCrazyGamesSdk(null)).toBe(false);
  });

  it('rejects when the script cannot be loaded', async () => {
    const loading = loadCrazyGamesSdk(window, 'https://sdk.crazygames.com/crazygames-sdk-v3.js');
    document.querySelector('script')?.dispatchEvent(new Event('error'));
    await expect(loading).rejects.toThrow(/could not be loaded/);
  });
});

describe('the host playground\'s stand-in SDK', () => {
  it('is taken only when our page and the script are both on a loopback address', () => {
    const sdk = encodeURIComponent('http://127.0.0.1:8502/crazygames-sdk-v3.js?user=signed-in');
    expect(localSdkUrl(`http://localhost:8501/?useLocalSdk=true&crazygamesSdkUrl=${sdk}`)).toBe('http://127.0.0.1:8502/crazygames-sdk-v3.js?user=signed-in');
    expect(localSdkUrl(`https://tripshell.example/?useLocalSdk=true&crazygamesSdkUrl=${sdk}`)).toBeNull();
    expect(localSdkUrl(`http://localhost:8501/?crazygamesSdkUrl=${encodeURIComponent('https://evil.example/sdk.js')}`)).toBeNull();
    expect(localSdkUrl(`http://localhost:8501/?crazygamesSdkUrl=${encodeURIComponent('javascript:alert(1)')}`)).toBeNull();
    expect(localSdkUrl('http://localhost:8501/?crazygamesSdkUrl=%%%')).toBeNull();
    expect(localSdkUrl('http://localhost:8501/?useLocalSdk=true')).toBeNull();
  });
});

describe('the portal data module as storage', () => {
  const dataModule = () => {
    const map = new Map<string, string>();
    return { getItem: vi.fn((k: string) => map.get(k) ?? null), setItem: vi.fn((k: string, v: string) => { map.set(k, v); }), removeItem: vi.fn((k: string) => { map.delete(k); }), clear: vi.fn() };
  };

  it('offers the SDK\'s data module once the SDK is ready', async () => {
    const data = dataModule();
    const { sdk } = fakeSdk();
    const adapter = createCrazyGamesAdapter({ loadSdk: async () => ({ ...sdk, data }), log: quiet() });
    const storage = await adapter.storage?.();
    storage?.setItem('game_settings_fov', '90');
    expect(data.setItem).toHaveBeenCalledWith('game_settings_fov', '90');
    expect(storage?.getItem('game_settings_fov')).toBe('90');
    storage?.removeItem('game_settings_fov');
    expect(data.removeItem).toHaveBeenCalledWith('game_settings_fov');
  });

  it('offers none off the portal, without a data module, or when the SDK failed', async () => {
    const off = createCrazyGamesAdapter({ loadSdk: async () => ({ ...fakeSdk('disabled').sdk, data: dataModule() }), log: quiet() });
    await expect(off.storage?.()).resolves.toBeNull();
    const none = createCrazyGamesAdapter({ loadSdk: async () => fakeSdk().sdk, log: quiet() });
    await expect(none.storage?.()).resolves.toBeNull();
    const broken = createCrazyGamesAdapter({ loadSdk: async () => ({ ...fakeSdk().sdk, data: { getItem: 'no' } as unknown as Storage }), log: quiet() });
    await expect(broken.storage?.()).resolves.toBeNull();
    const failed = createCrazyGamesAdapter({ loadSdk: async () => { throw new Error('blocked'); }, log: quiet() });
    await expect(failed.storage?.()).resolves.toBeNull();
  });
});
