// What every host is made of. A host lives in one folder, hosts/<name>/, whose index.ts exports
// its HostDefinition (how it is detected, what it hides, how long start-up waits for it, how its
// adapter loads); hosts/list.ts names each host once. The adapter (hosts/<name>/adapter.ts, its
// own chunk) is what the shell asks how to log in, where CONNECT_WALLET goes and which tabs and
// buttons to hide, and tells about loading and play. Its optional powers (HostPowers) are what
// the game reaches through the host API (contract/hostApi.ts, src/host-bridge/hostApi.ts): a host
// leaves out what it does not offer, and the shell answers `unavailable` for it at once.
import type { AdKind, HostAnswer, Party } from '../contract/hostApi';
import type { z } from 'zod';
import type { OfferedProduct, PurchaseHost, SettleAnswer } from '../contract/purchases';

/** Parts of the shell a host may hide (the portal hides these). */
/** What a host keeps out of the shell. `walletsTab` and `bridge` go together: the Mythical Bridge
 * asks for a wallet address, so a host that never asks for a wallet hides both (checked by
 * tests/unit/host-hidden-overlays.test.tsx, which opens every overlay on every host).
 * `externalLinks`: the host's rules allow no link out of the game (the portal's). */
export type HiddenUi = 'createAccount' | 'walletsTab' | 'bridge' | 'sessionsTab' | 'externalLinks';

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

/** Rich presence as the shell hands it to the host (the game's fields over the shell's default). */
export interface Presence {
  details?: string;
  state?: string;
  partySize?: number;
  partyMax?: number;
  /** Epoch milliseconds. */
  startedAt?: number;
}

/** What the shell hears while an ad runs (showAd). */
export interface AdHooks {
  /** The ad began playing: the shell stops gameplay, mutes the page and tells the game. */
  started(): void;
}

/**
 * A host's own powers for the game. Every method answers definitely (a HostAnswer, never a
 * throw); the shell still bounds each call (HOST_CALL_TIMEOUT_MS). A host without a power leaves
 * the method out.
 */
export interface HostPowers {
  /** Invites others to `roomId` (default: the host's own room, Discord's instance). */
  invite?(roomId: string | undefined): Promise<HostAnswer<'invite'>>;
  /** Who is here with the player. */
  party?(): Promise<HostAnswer<'party'>>;
  /** Every later change of the party. Returns the unsubscribe. */
  onPartyChange?(listener: (party: Party) => void): () => void;
  /** Sets rich presence (done with shown: false where nobody sees it yet, e.g. before sign-in). */
  setPresence?(presence: Presence): Promise<HostAnswer<'setPresence'>>;
  /** Plays a video ad; calls hooks.started when it begins. */
  showAd?(kind: AdKind, hooks: AdHooks): Promise<HostAnswer<'showAd'>>;
  /** Whether an ad blocker is known to be active (ads then answer `unavailable` at once). */
  adBlocked?(): Promise<boolean>;
  /** Tells the host the player had a happy moment (the portal celebrates). */
  happyTime?(): Promise<HostAnswer<'happyTime'>>;
  /** The host's chat setting: the listener hears the current value at once and every change. */
  onChatChange?(listener: (enabled: boolean) => void): () => void;
  /** The player's language (BCP 47), and country where the host knows it. */
  locale?(): Promise<HostAnswer<'locale'>>;
  /** Every later change of the locale (Discord's, once signed in). Returns the unsubscribe. */
  onLocaleChange?(listener: (locale: string) => void): () => void;
  /** The room a player arrived for through an invite (Discord's custom id, the portal's invite parameter, `?join=`), or null. */
  arrivalRoom?(): Promise<string | null>;
  /** Later arrivals while the game runs (Discord's activity join). Returns the unsubscribe. */
  onArrival?(listener: (roomId: string) => void): () => void;
  /** How this host sells TripCoin packs (a host without purchases leaves it out: `unavailable` hostHasNoPurchases). */
  store?: HostStore;
}

/** What our server settled (contract/purchases.ts SettleAnswer): the grants and the balance after them. */
export type Settled = z.infer<typeof SettleAnswer>;

/**
 * Our server's purchase routes as a host's flow needs them (the shell hands them in: hosts never
 * fetch). The server is the source of truth: a host only tells it to look, it grants.
 */
export interface PurchaseServer {
  /** POST /api/purchases/discord/sync: lists the player's entitlements, grants, consumes. */
  discordSync(): Promise<Settled>;
  /** POST /api/purchases/crazygames/confirm: the player's recent grants of this pack (Xsolla's signed order_paid grants them). */
  crazygamesConfirm(productId: string): Promise<Settled>;
  /** POST /api/purchases/web/checkout: the provider's checkout page for this pack. */
  webCheckout(productId: string): Promise<{ url: string; sessionId: string }>;
}

/** How a host's purchase flow ended. */
export type BuyOutcome =
  /** Paid, and the server settled it (its grants may be empty: the payment is still on its way, a webhook will grant it). */
  | { status: 'settled'; settled: Settled }
  /** The player closed the host's dialog. */
  | { status: 'cancelled' }
  /** The page went to the provider's checkout: the answer comes back with the player (`?purchase=`). */
  | { status: 'redirected' }
  | { status: 'unavailable'; reason: string };

/** A host's side of real-money packs (contract/purchases.ts): its dialog, its prices, its news. */
export interface HostStore {
  readonly host: PurchaseHost;
  /** Why nobody can buy here right now (the portal's guest: 'signInRequired'), or null. */
  blocked?(): Promise<'signInRequired' | null>;
  /** The host's own formatted prices by hostProductId (Discord's SKUs), where it formats them. */
  prices?(products: readonly OfferedProduct[], locale: string): Promise<Record<string, string>>;
  /** Runs the host's flow for one pack and has our server settle it. Never throws. */
  buy(product: OfferedProduct, server: PurchaseServer): Promise<BuyOutcome>;
  /** The host says a purchase may have completed later (Discord's ENTITLEMENT_CREATE): the shell has the server settle again. */
  onPurchaseNews?(listener: () => void): () => void;
}

export interface HostAdapter extends HostPowers {
  /** The kind of the HostDefinition that loaded it (hosts/list.ts HostKind). */
  readonly kind: string;
  readonly hidden: ReadonlySet<HiddenUi>;
  /** Starts the host's SDK. Never rejects: a host that fails to start leaves a working web page. */
  start(): Promise<void>;
  login(): Promise<LoginOutcome>;
  /** After our server exchanged a 'discordCode': hands the Discord access token to the host's
   * SDK (the Activity's authenticate command). Hosts without such a step leave it out. */
  authenticate?(accessToken: string): Promise<void>;
  /** The player declined the host's authorization the last time (Discord): the shell then asks
   * again only when the player presses its button, never by itself. */
  loginDeclined?(): boolean;
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
  /**
   * Storage the host keeps for this game (the portal's data module: localStorage's calls, kept by
   * the portal), for when the browser refuses the page its own. Resolves null when the host has
   * none here; hosts without one leave it out.
   */
  storage?(): Promise<HostStorage | null>;
}

/** A host's key-value storage: the part of the Web Storage API the shell uses. */
export type HostStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const NOTHING_HIDDEN: ReadonlySet<HiddenUi> = new Set();

/** What detection sees of the page (hosts/detect.ts pageContext reads it from the window). */
export interface PageContext {
  href: string;
  /** We are inside an iframe. */
  framed: boolean;
  referrer: string;
  /** location.ancestorOrigins where the browser has it (Chromium). */
  ancestorOrigins: readonly string[];
}

/** The page with its address parsed, as each host's detect() gets it. */
export interface HostPage extends PageContext {
  url: URL;
}

/** One host, as its folder's index.ts exports it (defineHost) and hosts/list.ts names it. */
export interface HostDefinition<K extends string = string> {
  readonly kind: K;
  /**
   * Whether the page runs in this host. `domains` is the `hosts` list of this host's own entry
   * in activity.config.json (`<kind>.hosts`), empty when it has none.
   */
  detect(page: HostPage, domains: readonly string[]): boolean;
  /** Parts of the shell it hides: known before the adapter has loaded, so the first render already hides them. */
  readonly hidden: ReadonlySet<HiddenUi>;
  /** How long start-up holds the game's download back for its SDK (0: not at all; then the game starts anyway). */
  readonly startWaitMs: number;
  /**
   * Whether the host signs the player in at start through the shell's second chunk (the portal's
   * signed-in player, the Activity's AUTHORIZE): start-up then holds the game's download for it,
   * a bounded time, so a Unity-sized download does not starve it (src/app/gameStart.ts, signInGate). A host that
   * signs no one in at start holds nothing: the game starts as soon as its loader is in.
   */
  readonly signInAtStart: boolean;
  /**
   * The host's own account, where it is the player's account in the game (CrazyGames' full
   * launch: no in-game logout, no other way in): its name as players know it. The shell then
   * shows no Log Out, no password and no Discord linking, the guest's button reads "Log in with
   * <name>" and opens the host's own prompt, and game messages that would open those answer with
   * a text naming the host. Hosts without such an account leave it out.
   */
  readonly account?: { readonly name: string };
  /**
   * A host whose rules forbid other sign-ins and offer none the game uses (Poki): the player plays
   * as a guest. The shell then offers no password, no Discord and no sign-up, and whatever would
   * open them answers with a text naming the host. Hosts that allow sign-in leave it out.
   */
  readonly guestOnly?: { readonly name: string };
  /** 'blocked': the host blocks requests off our origin (Poki): the shell makes none (hosts/outside.ts). */
  readonly outsideRequests?: 'blocked';
  /** Loads its adapter as its own chunk: one host's SDK never weighs on another host's first screen. */
  load(): Promise<HostAdapter>;
}

/** Keeps the host's kind as a literal, so hosts/list.ts derives HostKind from the list. */
export function defineHost<const K extends string>(host: HostDefinition<K>): HostDefinition<K> {
  return host;
}
