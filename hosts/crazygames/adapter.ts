// The CrazyGames portal. Calls before the SDK is ready wait for it; loadingStart/Stop (the first
// download, and each level the game says it loads) and gameplayStart/Stop are only sent on a real
// change (the portal counts them); a 'disabled' SDK (any other domain) and any
// SDK error leave the page working. Create Account and the Wallets and Sessions tabs are hidden
// and login goes through the portal.
// Host API (powers.ts): video ads, invite links and the invite button, the invite parameter of an
// arriving player, happy time, the chat setting and the player's locale.
import type { HostAdapter, LoginOutcome } from '../types';
import { crazyGamesPowers } from './powers';
import { CRAZYGAMES_HIDDEN } from './hidden';
import { isCrazyGamesData, loadCrazyGamesSdk, type CrazyGamesSdk, type CrazyGamesSettings, type CrazyGamesUser } from './sdk';

export const CRAZYGAMES_TEXT = {
  notOnPortal: 'CrazyGames login is only available when playing on CrazyGames.',
  /** The SDK script did not load (an ad blocker, a network failure): we are on the portal, its sign-in is not. */
  sdkBlocked: 'The CrazyGames sign-in could not load (an ad blocker may be blocking it). Allow it and reload the game to sign in.',
  openFailed: 'Unable to open CrazyGames login',
} as const;

export interface CrazyGamesAdapterOptions {
  loadSdk?: () => Promise<CrazyGamesSdk>;
  log?: Pick<Console, 'warn' | 'info'>;
}

export function createCrazyGamesAdapter(options: CrazyGamesAdapterOptions = {}): HostAdapter {
  const log = options.log ?? console;
  let sdk: CrazyGamesSdk | null = null;
  let ready: Promise<CrazyGamesSdk | null> | null = null;
  let settled = false;
  let loadFailed = false;
  /** Calls made before the SDK settled (the shell reports loading before the script is in). */
  const waiting: Array<(s: CrazyGamesSdk | null) => void> = [];
  /** A loading the portal heard start and not yet stop (the first download, or a level the game loads). */
  let loading = false;
  let playing = false;

  /** Runs `call` once the SDK is usable; SDK errors are logged, never thrown at the shell. */
  const withSdk = (name: string, call: (s: CrazyGamesSdk) => void) => {
    const run = (s: CrazyGamesSdk | null) => {
      if (!s || s.environment === 'disabled') return;
      try { call(s); } catch (error) { log.warn(`CrazyGames ${name} failed:`, error); }
    };
    if (settled) run(sdk); else waiting.push(run);
  };

  const start = () => {
    ready ??= (options.loadSdk ?? (() => loadCrazyGamesSdk()))().then(
      (loaded) => { sdk = loaded; log.info(`CrazyGames SDK ready (${loaded.environment})`); return loaded; },
      (error: unknown) => { loadFailed = true; log.warn('CrazyGames SDK failed:', error); return null; },
    ).then((s) => {
      settled = true;
      for (const run of waiting.splice(0)) run(s);
      return s;
    });
    return ready.then(() => undefined);
  };

  const login = async (): Promise<LoginOutcome> => {
    const s = await (ready ?? start().then(() => sdk));
    if (!s && loadFailed) return { kind: 'unavailable', reason: CRAZYGAMES_TEXT.sdkBlocked };
    if (!s || s.environment === 'disabled' || !s.user.isUserAccountAvailable) return { kind: 'unavailable', reason: CRAZYGAMES_TEXT.notOnPortal };
    try {
      const existing = await s.user.getUser();
      if (!existing) {
        const user = await s.user.showAuthPrompt();
        if (!user) return { kind: 'unavailable', reason: CRAZYGAMES_TEXT.openFailed };
      }
      return { kind: 'portalToken', token: await s.user.getUserToken() };
    } catch (error) {
      log.warn('CrazyGames login failed:', error);
      return { kind: 'unavailable', reason: CRAZYGAMES_TEXT.openFailed };
    }
  };

  /** The SDK once it settled (null: failed to load); the powers answer `unavailable` without it. */
  const whenReady = (): Promise<CrazyGamesSdk | null> => (ready ?? start().then(() => sdk));

  return {
    ...crazyGamesPowers({ whenReady, failed: () => loadFailed, log, withSdk }),
    kind: 'crazygames',
    hidden: CRAZYGAMES_HIDDEN,
    start,
    login,
    // The Wallets tab is hidden on the portal: nothing may ask the portal for a wallet.
    connectWallet: () => 'unsupported',
    loadingStart() {
      if (loading) return;
      loading = true;
      withSdk('loadingStart', (s) => s.game.loadingStart());
    },
    loadingStop() {
      if (!loading) return;
      loading = false;
      withSdk('loadingStop', (s) => s.game.loadingStop());
    },
    gameplayStart() {
      if (playing) return;
      playing = true;
      withSdk('gameplayStart', (s) => s.game.gameplayStart());
    },
    gameplayStop() {
      if (!playing) return;
      playing = false;
      withSdk('gameplayStop', (s) => s.game.gameplayStop());
    },
    onPortalUser(listener) {
      let active = true;
      const onAuth = (user: CrazyGamesUser | null) => { if (active) listener(user !== null); };
      let attached: CrazyGamesSdk | null = null;
      withSdk('user', (s) => {
        if (!active || !s.user.isUserAccountAvailable) return;
        attached = s;
        if (typeof s.user.addAuthListener === 'function') s.user.addAuthListener(onAuth);
        s.user.getUser().then(onAuth, (error: unknown) => log.warn('CrazyGames getUser failed:', error));
      });
      return () => {
        active = false;
        try { attached?.user.removeAuthListener?.(onAuth); } catch { /* the SDK is gone */ }
      };
    },
    // The data module, for settings where the frame is refused localStorage. Its calls are
    // wrapped: an SDK error is the caller's storage error (logged there), never a crash.
    async storage() {
      const s = await (ready ?? start().then(() => sdk));
      if (!s || s.environment === 'disabled' || !isCrazyGamesData(s.data)) return null;
      const data = s.data;
      return {
        getItem: (key: string) => data.getItem(key),
        setItem: (key: string, value: string) => { data.setItem(key, value); },
        removeItem: (key: string) => { data.removeItem(key); },
      };
    },
    onMuteChange(listener) {
      let active = true;
      const onSettings = (settings: CrazyGamesSettings) => { if (active) listener(Boolean(settings.muteAudio)); };
      let attached: CrazyGamesSdk | null = null;
      withSdk('settings', (s) => {
        if (!active) return;
        attached = s;
        listener(Boolean(s.game.settings.muteAudio));
        s.game.addSettingsChangeListener(onSettings);
      });
      return () => {
        active = false;
        try { attached?.game.removeSettingsChangeListener(onSettings); } catch { /* the SDK is gone */ }
      };
    },
  };
}
