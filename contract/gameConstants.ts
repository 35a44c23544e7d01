// The zod-free half of the game <-> shell protocol: names, URLs and payload types. Everything
// here is re-exported by contract/game.ts, which is the one place to read the protocol; the
// shell's first screen imports this file directly so that its bundle does not carry zod (a
// module the first screen imports lands in its chunk whole, schemas and all).
import type { CurrentUser } from './auth';
import type { HostEvent } from './hostApi';
import type { FieldName, SettingsValues } from './settings';

/** Where the active build's four files are served from. */
export const GAME_BUILD_BASE = '/game/build';
export const GAME_BUILD_FILES = {
  loaderUrl: `${GAME_BUILD_BASE}/loader.js`,
  dataUrl: `${GAME_BUILD_BASE}/game.data`,
  frameworkUrl: `${GAME_BUILD_BASE}/framework.js`,
  codeUrl: `${GAME_BUILD_BASE}/code.wasm`,
} as const;

/** The config object passed to createUnityInstance. */
export interface UnityConfig {
  dataUrl: string;
  frameworkUrl: string;
  codeUrl: string;
  streamingAssetsUrl?: string;
  companyName?: string;
  productName?: string;
  productVersion?: string;
  devicePixelRatio?: number;
  /** preserveDrawingBuffer lets the shell take screenshots of the canvas. */
  webglContextAttributes?: { preserveDrawingBuffer?: boolean; powerPreference?: 'default' | 'high-performance' | 'low-power' };
  showBanner?: (message: string, type: 'error' | 'warning' | 'info') => void;
}

/** What createUnityInstance resolves to (the subset the shell uses). */
export interface UnityInstance {
  SendMessage(gameObject: string, method: string, value?: string | number): void;
  SetFullscreen(fullscreen: 0 | 1): void;
  Quit(): Promise<void>;
  Module?: { canvas?: HTMLCanvasElement; requestPointerLock?: () => void };
}

export type CreateUnityInstance = (canvas: HTMLCanvasElement, config: UnityConfig, onProgress?: (progress: number) => void) => Promise<UnityInstance>;

/** The pixel ratio the shell asks the game to render at. */
export const GAME_PIXEL_RATIO = 1.5;

/** The global the instance is exposed under once it exists. */
export const GAME_INSTANCE_GLOBAL = 'unityInstance';

/** Functions the shell defines on `window` for the game to call. */
export const GAME_HOOKS = {
  /** The game finished loading: progress to 100 %, loading screen hides after 300 ms. */
  loadingComplete: 'unityLoadingComplete',
  showSettings: 'showSettings',
  showProfile: 'showProfile',
  showReleaseLogs: 'showReleaseLogs',
  showLevelProgress: 'showLevelProgress',
  hideOverlay: 'hideOverlay',
  /** Returns Promise<string>: a bot-check token (waits at most 30 s, retries every 8 s). */
  requestBotCheckToken: 'requestTurnstileToken',
  /** (eventName, ...args): a game event for listeners registered with the game wrapper. */
  dispatchEvent: 'dispatchReactUnityEvent',
  /**
   * No argument: the build's receiver (the GAME_OBJECT that takes SHELL_TO_GAME) exists. Called
   * once at start (WebBridge.cs Awake through the jslib; the demo game when it starts). Until it
   * is called the shell sends the game nothing and holds its messages; then it delivers them in order.
   */
  receiverReady: 'tripShellReceiverReady',
  /** (request: HostCall) => Promise<HostAnswer>: the host API (contract/hostApi.ts); always settles. */
  hostCall: 'tripHostCall',
} as const;
export type GameHookName = (typeof GAME_HOOKS)[keyof typeof GAME_HOOKS];

export const BOT_CHECK_TOKEN_WAIT_MS = 30_000;
export const BOT_CHECK_TOKEN_RETRY_MS = 8_000;

/** The one GameObject in the build that receives the shell's messages. */
export const GAME_OBJECT = 'WebBridge';

/** Methods the shell calls on GAME_OBJECT, and what their argument carries. */
export const SHELL_TO_GAME = {
  /** JSON {name, value}: one setting changed. */
  settingChanged: 'OnSettingChanged',
  /** No argument: the settings overlay closed. */
  settingsClosed: 'OnSettingsClosed',
  /** JSON of the whole settings object, sent once after loading. */
  allSettings: 'OnAllSettings',
  /** No argument: re-bootstrap the player instance (after account, clan or wallet changes). */
  bootstrap: 'Bootstrap',
  /** JSON CurrentUser: who is playing now (after login, signup, logout). */
  userData: 'OnUserData',
  /** No argument: marketplace data changed. */
  refreshMarketplace: 'RefreshMarketplace',
  /** JSON {itemUuid}: fetch fresh data for this item. */
  itemData: 'OnItemData',
  /** JSON {quantity, crateVersionId}: a crate purchase (or airdrop claim) succeeded. */
  buySuccess: 'OnBuySuccess',
  /**
   * String: which overlay or modal closed (OVERLAY_NAMES, MODAL_NAMES), for every close (Escape,
   * close button, hideOverlay). When settings close, OnSettingsClosed follows it.
   */
  overlayClosed: 'OnOverlayClosed',
  /** JSON boolean: the host (the games portal) muted or unmuted the game's audio. */
  audioMuted: 'OnAudioMuted',
  /** JSON HostEvent (contract/hostApi.ts): the party changed, join a room, an ad ran, the locale... */
  hostEvent: 'OnHostEvent',
} as const;
export type ShellToGameMethod = (typeof SHELL_TO_GAME)[keyof typeof SHELL_TO_GAME];

// The overlay and modal names, derived from their records (./overlays.ts, zod-free too).
export { DAILY_SPIN_NOT_VERIFIED, MODAL_NAMES, OVERLAY_NAMES, type ModalName, type OverlayKey, type OverlayName } from './overlays';
import type { OverlayKey } from './overlays';

/**
 * OnSettingChanged's argument, typed by field name: the value is that setting's own type, so a
 * name and a value of another setting's type do not compile. parseSettingChanged (contract/game.ts)
 * checks the same at run time, by the setting's own schema.
 */
export type SettingChanged = { [N in FieldName]: { name: N; value: SettingsValues[N] } }[FieldName];

/** What each argument of SendMessage carries, per method (see SHELL_TO_GAME). */
export interface ShellToGamePayloads {
  [SHELL_TO_GAME.settingChanged]: SettingChanged;
  [SHELL_TO_GAME.settingsClosed]: undefined;
  [SHELL_TO_GAME.allSettings]: Record<string, unknown>;
  [SHELL_TO_GAME.bootstrap]: undefined;
  [SHELL_TO_GAME.userData]: CurrentUser;
  [SHELL_TO_GAME.refreshMarketplace]: undefined;
  [SHELL_TO_GAME.itemData]: { itemUuid: string };
  [SHELL_TO_GAME.buySuccess]: { quantity: number; crateVersionId: number };
  [SHELL_TO_GAME.overlayClosed]: OverlayKey;
  [SHELL_TO_GAME.audioMuted]: boolean;
  [SHELL_TO_GAME.hostEvent]: HostEvent;
}

/** The SendMessage argument for a payload: strings as they are, anything else as JSON, nothing for undefined. */
export function encodeGameArgument(payload: unknown): string | undefined {
  if (payload === undefined) return undefined;
  return typeof payload === 'string' ? payload : JSON.stringify(payload);
}

/** Message to the parent window (the host page around our iframe). */
export const CONNECT_WALLET = 'CONNECT_WALLET';
