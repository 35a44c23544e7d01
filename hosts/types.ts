// One adapter per host (the standalone site, the CrazyGames portal, a Discord Activity). The
// shell asks its adapter how to log in, where CONNECT_WALLET goes, which tabs and buttons to
// hide, and tells it about loading and play.
export type HostKind = 'web' | 'crazygames' | 'discord';

/** Parts of the shell a host may hide (spec part 1 §1, §6: the portal hides these). */
export type HiddenUi = 'createAccount' | 'walletsTab' | 'sessionsTab';

export type LoginOutcome =
  /** The shell opens its own login modal (the web). */
  | { kind: 'shellModal' }
  /** The portal's signed user token, for our server to verify (CrazyGames). */
  | { kind: 'portalToken'; token: string }
  /** An OAuth code from the Activity's authorize command, for our server to exchange (Discord). */
  | { kind: 'discordCode'; code: string }
  | { kind: 'unavailable'; reason: string };

/** Where a CONNECT_WALLET request went. */
export type WalletConnectOutcome = 'posted-to-parent' | 'unsupported';

export interface HostAdapter {
  readonly kind: HostKind;
  readonly hidden: ReadonlySet<HiddenUi>;
  /** Starts the host's SDK. Never rejects: a host that fails to start leaves a working web page. */
  start(): Promise<void>;
  login(): Promise<LoginOutcome>;
  /** After our server exchanged a 'discordCode': hands the Discord access token to the host's
   * SDK (the Activity's authenticate command). Hosts without such a step leave it out. */
  authenticate?(accessToken: string): Promise<void>;
  connectWallet(): WalletConnectOutcome;
  /** Lifecycle: loading around the game download, gameplay around play (not window blur). */
  loadingStart(): void;
  loadingStop(): void;
  gameplayStart(): void;
  gameplayStop(): void;
  /**
   * The portal's own sign-in (CrazyGames): the listener hears whether a player is signed in on
   * the portal once its SDK is ready (getUser) and at every later sign-in or sign-out
   * (addAuthListener). Hosts without a portal account leave it out.
   */
  onPortalUser?(listener: (signedIn: boolean) => void): () => void;
  /** The host's mute setting: the listener hears the current value at once and every change. */
  onMuteChange(listener: (muted: boolean) => void): () => void;
}

export const NOTHING_HIDDEN: ReadonlySet<HiddenUi> = new Set();

/** Known before the adapter has loaded, so the first render already hides the right things. */
export const HIDDEN_BY_HOST: Record<HostKind, ReadonlySet<HiddenUi>> = {
  web: NOTHING_HIDDEN,
  crazygames: new Set(['createAccount', 'walletsTab', 'sessionsTab']),
  discord: NOTHING_HIDDEN,
};
