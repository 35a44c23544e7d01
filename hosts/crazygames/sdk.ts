// A typed shim over the CrazyGames HTML5 SDK v3 (window.CrazyGames.SDK), which the portal serves
// as a script, not an npm package. Only the parts the shell uses are typed; the loader checks
// that the global has that shape before anything calls it.
import activity from '../../activity.config.json';

export interface CrazyGamesSettings {
  muteAudio: boolean;
  disableChat: boolean;
}

export interface CrazyGamesUser {
  username: string;
  profilePictureUrl: string;
}

/** What requestAd's callbacks hear (v3: adError gets {code, message}). */
export interface CrazyGamesAdCallbacks {
  adStarted?(): void;
  adFinished?(): void;
  adError?(error: unknown): void;
}

export interface CrazyGamesSystemInfo {
  /** e.g. 'en-US'. */
  locale?: string;
  /** ISO 3166 alpha-2, e.g. 'US'. */
  countryCode?: string;
}

export type CrazyGamesEnvironment = 'local' | 'crazygames' | 'disabled' | 'uninitialized';

export interface CrazyGamesSdk {
  init(): Promise<void>;
  readonly environment: CrazyGamesEnvironment;
  readonly game: {
    loadingStart(): void;
    loadingStop(): void;
    gameplayStart(): void;
    gameplayStop(): void;
    readonly settings: CrazyGamesSettings;
    addSettingsChangeListener(listener: (settings: CrazyGamesSettings) => void): void;
    removeSettingsChangeListener(listener: (settings: CrazyGamesSettings) => void): void;
    /** Invites and instant multiplayer (v3); checked before use, like every optional part. */
    inviteLink?(params: Record<string, string>): string | Promise<string>;
    showInviteButton?(params: Record<string, string>): string | Promise<string>;
    hideInviteButton?(): void;
    getInviteParam?(name: string): string | null;
    /** The player came to play with friends at once ("Play with friends"): the game makes a room for them at once. */
    readonly isInstantMultiplayer?: boolean;
    happytime?(): void;
  };
  /** The video ads module (v3). */
  readonly ad?: {
    requestAd(kind: 'midgame' | 'rewarded', callbacks: CrazyGamesAdCallbacks): void;
    hasAdblock(): Promise<boolean>;
  };
  readonly user: {
    readonly isUserAccountAvailable: boolean;
    getUser(): Promise<CrazyGamesUser | null>;
    showAuthPrompt(): Promise<CrazyGamesUser | null>;
    getUserToken(): Promise<string>;
    /** The v3 SDK has them; checked before use, so an older portal script still works. */
    addAuthListener?(listener: (user: CrazyGamesUser | null) => void): void;
    removeAuthListener?(listener: (user: CrazyGamesUser | null) => void): void;
    readonly systemInfo?: CrazyGamesSystemInfo;
    /** A short-lived Xsolla token for the signed-in player (in-game purchases; invite only). */
    getXsollaUserToken?(): Promise<string>;
  };
  /**
   * The store module (beta, invite only): buyItem opens Xsolla's Pay Station for an item of the
   * game's Xsolla project and resolves `{itemId}` once paid; it rejects when the player closes it
   * or the payment fails. One purchase at a time. Ownership is confirmed by the server.
   */
  readonly store?: {
    buyItem(itemId: string): Promise<{ itemId: string }>;
  };
  /**
   * The data module: localStorage's calls, preloaded by init() and saved by the SDK (on the
   * player's portal account when signed in). Disabled for a game that did not declare saving
   * progress; checked (isCrazyGamesData) before use.
   */
  readonly data?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

export function isCrazyGamesData(value: unknown): value is NonNullable<CrazyGamesSdk['data']> {
  if (typeof value !== 'object' || value === null) return false;
  const data = value as Record<string, unknown>;
  return ['getItem', 'setItem', 'removeItem'].every((m) => typeof data[m] === 'function');
}

type CrazyGamesWindow = Window & { CrazyGames?: { SDK?: unknown } };

export const CRAZYGAMES_SDK_URL: string = activity.crazygames.sdkUrl;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The host playground's stand-in SDK (`npm run hosts`): `?crazygamesSdkUrl=` is honoured only
 * when both our page and that script are on a loopback address, so no link to a deployed site
 * can make it load someone else's script.
 */
export function localSdkUrl(href: string): string | null {
  let page: URL;
  let sdk: URL;
  try {
    page = new URL(href);
    const asked = page.searchParams.get('crazygamesSdkUrl');
    if (!asked) return null;
    sdk = new URL(asked);
  } catch {
    return null;
  }
  if (!LOOPBACK.has(page.hostname) || !LOOPBACK.has(sdk.hostname) || (sdk.protocol !== 'http:' && sdk.protocol !== 'https:')) return null;
  return sdk.href;
}

export function isCrazyGamesSdk(value: unknown): value is CrazyGamesSdk {
  if (typeof value !== 'object' || value === null) return false;
  const sdk = value as Partial<Record<keyof CrazyGamesSdk, unknown>>;
  const game = sdk.game as Record<string, unknown> | undefined;
  const user = sdk.user as Record<string, unknown> | undefined;
  return typeof sdk.init === 'function' && typeof game === 'object' && game !== null && typeof user === 'object' && user !== null
    && ['loadingStart', 'loadingStop', 'gameplayStart', 'gameplayStop', 'addSettingsChangeListener'].every((m) => typeof game[m] === 'function')
    && ['getUser', 'showAuthPrompt', 'getUserToken'].every((m) => typeof user[m] === 'function');
}

/** Adds the SDK script (once), waits for it, checks the global's shape and awaits init(). */
export async function loadCrazyGamesSdk(win: Window = window, url: string = localSdkUrl(win.location.href) ?? CRAZYGAMES_SDK_URL): Promise<CrazyGamesSdk> {
  const doc = win.document;
  const global = () => (win as CrazyGamesWindow).CrazyGames?.SDK;
  if (!global()) {
    await new Promise<void>((resolve, reject) => {
      let script = doc.querySelector<HTMLScriptElement>(`script[data-crazygames-sdk]`);
      if (!script) {
        script = doc.createElement('script');
        script.src = url;
        script.async = true;
        script.dataset.crazygamesSdk = 'true';
        doc.head.appendChild(script);
      }
      script.addEventListener('load', () => resolve(), { once: true });
      script.addEventListener('error', () => reject(new Error(`The CrazyGames SDK (${url}) could not be loaded`)), { once: true });
    });
  }
  const sdk = global();
  if (!isCrazyGamesSdk(sdk)) throw new Error('window.CrazyGames.SDK is missing or not the v3 SDK');
  await sdk.init();
  return sdk;
}

/** What an SDK refusal says: an Error's message, the SDK's `{code, message}` object, else its text. */
export const reasonOf = (error: unknown): string => {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    return [code, message].filter((v) => typeof v === 'string').join(': ') || 'unknown error';
  }
  return String(error);
};
