// The host API: what the game may ask of the host the shell runs in (Discord, the games portal,
// the plain web), and what the host tells the game. Zod-free names, types and bounds, re-exported
// by contract/game.ts; the schemas that parse each of these where it crosses a boundary are in
// ./hostApiSchemas.ts (also re-exported by contract/game.ts).
//
// Game -> shell: `window[GAME_HOOKS.hostCall](request: HostCall): Promise<HostAnswer>`. Every
// call settles, within HOST_CALL_TIMEOUT_MS[call] at most: `done` (with the call's value),
// `cancelled` (the player said no), or `unavailable` with a reason (this host has no such power,
// the SDK failed, the request was malformed, or the host did not answer in time). Never throws.
// Unity: TripShell_HostCall(requestId, json) answers through
// SendMessage(GAME_OBJECT, 'OnHostAnswer', JSON {requestId, ...HostAnswer}).
//
// Shell -> game: SendMessage(GAME_OBJECT, SHELL_TO_GAME.hostEvent, JSON HostEvent).
import type { Feature } from './featureNames';

/** The hosts the API names (hosts/list.ts HostKind, kept in step by a test). */
export const HOST_NAMES = ['web', 'discord', 'crazygames', 'poki'] as const;
export type HostName = (typeof HOST_NAMES)[number];

export const HOST_CALLS = ['capabilities', 'invite', 'party', 'setPresence', 'showAd', 'locale', 'happyTime', 'products', 'purchase', 'gameplay', 'leaderboard'] as const;
export type HostCallName = (typeof HOST_CALLS)[number];

export const AD_KINDS = ['midgame', 'rewarded'] as const;
export type AdKind = (typeof AD_KINDS)[number];

/**
 * What the game says it is doing (the `gameplay` call): in play, or out of it (its own menu, a
 * round's end, a death screen), or loading a level. Gameplay reaches the host only while both the
 * game and the shell say play (machines/gameplay.ts); a game that never calls is in play.
 */
export const GAMEPLAY_STATES = ['play', 'menu', 'roundOver', 'death', 'loading'] as const;
export type GameplayState = (typeof GAMEPLAY_STATES)[number];

/** Bounds of what crosses the API. */
export const HOST_LIMITS = {
  /** Room ids travel in links (`?join=<room>`, the portal's invite parameters): a URL-safe token. */
  roomIdMax: 100,
  /** Discord's own limit for an activity's details and state. */
  presenceTextMax: 128,
  partyMax: 99,
  displayNameMax: 100,
  localeMax: 35,
  reasonMax: 300,
  members: 100,
  /** TripCoin packs one host sells, and the longest price text a host may give. */
  products: 20,
  priceTextMax: 40,
  /** Rows of a board the leaderboard call answers with. */
  leaderboardTop: 10,
} as const;
export const ROOM_ID_PATTERN = /^[A-Za-z0-9._:-]+$/;

/** How long the shell waits for the host on each call before answering `unavailable`. */
export const HOST_CALL_TIMEOUT_MS: Readonly<Record<HostCallName, number>> = {
  capabilities: 1_000,
  /** The invite dialog or share sheet stays open while the player chooses. */
  invite: 60_000,
  party: 5_000,
  setPresence: 5_000,
  /** A video ad plays out in full (rewarded ads run up to ~30 s, plus loading). */
  showAd: 120_000,
  locale: 5_000,
  happyTime: 5_000,
  /** The server's packs and the host's own prices (Discord's SKUs). */
  products: 10_000,
  /** The host's purchase dialog stays open while the player pays (a card, a 3-D Secure check). */
  purchase: 600_000,
  /** Answered by the shell itself: the host hears it without being waited for. */
  gameplay: 1_000,
  /** One read of our server (a friends board first asks the host who the friends are). */
  leaderboard: 8_000,
};

/** Why a host sells nothing here (`unavailable` answers of products and purchase carry these). */
/** `paymentPending`: the host's payment went through but our server's grant has not arrived yet (it
 * comes as the `purchase` event when it does). */
export const PURCHASE_UNAVAILABLE = ['notConfigured', 'signInRequired', 'hostHasNoPurchases', 'paymentPending'] as const;
export type PurchaseUnavailable = (typeof PURCHASE_UNAVAILABLE)[number];

/** One TripCoin pack as the game sees it: `price` already formatted for the player (the host's own text, else Intl). */
export interface HostProduct {
  id: string;
  tripcoins: number;
  price: string;
}

/** What the game asks. */
export type HostCall =
  | { call: 'capabilities' }
  /** Invite others to this room (default: the party's room, Discord's instance id). */
  | { call: 'invite'; roomId?: string }
  | { call: 'party' }
  /** Rich presence. Fields left out fall back to the shell's default ("In the menu", "Playing"). */
  | { call: 'setPresence'; details?: string; state?: string; partySize?: number; partyMax?: number; startedAt?: number }
  | { call: 'showAd'; kind: AdKind }
  | { call: 'locale' }
  /** A happy moment (a boss beaten, a high score): the portal celebrates (CrazyGames' happytime()). */
  | { call: 'happyTime' }
  /** The TripCoin packs this host sells, priced for the player. */
  | { call: 'products' }
  /** Buys one pack through the host's own flow (a product id of the products answer); the server grants. */
  | { call: 'purchase'; productId: string }
  /** The game entered play, left it (menu, round over, death screen) or is loading a level. */
  | { call: 'gameplay'; state: GameplayState }
  /** The signed-in player's place on a leaderboard (contract/leaderboards.ts): a stat of the
   * server's boards (default: its first), this week's season or all-time, globally, in the clan or
   * among the friends the host names (Discord: the activity's participants). */
  | { call: 'leaderboard'; stat?: string; period?: 'week' | 'all'; scope?: 'global' | 'clan' | 'friends' };

/** What the host offers: every power by name, true where a call can be `done`. */
export interface HostCapabilities {
  host: HostName;
  invite: boolean;
  party: boolean;
  /** Presence shown to others (Discord); elsewhere setPresence is accepted and ignored. */
  presence: boolean;
  ads: boolean;
  happyTime: boolean;
  chatSetting: boolean;
  locale: boolean;
  /** Players can arrive through an invite, as a `joinRoom` event. */
  joinRoom: boolean;
  /** The host sells TripCoin packs (products and purchase can be `done` for a signed-in player);
   * false while real-money packs are off here (features.purchases). */
  purchases: boolean;
  /** What the host's rules and the studio's switches allow here now (contract/featureNames.ts):
   * a feature that is false is refused by the server; its overlays say it is unavailable. Every
   * change is told as the `features` event. */
  features: FeatureFlags;
  /** The signed-in player's hold on value leaving them (giving items, new listings, the bridge),
   * the one that ends last: the game greys its own trade buttons until `until`. Null: none, or
   * nobody signed in. Receiving, playing and the shop are never held. */
  tradeHold: HostTradeHold | null;
}

/** A hold as the game hears it (contract/trade.ts has the rules). */
export interface HostTradeHold {
  /** ISO 8601. */
  until: string;
  reason: 'passwordChanged' | 'signInLinked' | 'signInRemoved' | 'newAccount' | 'purchase';
  actions: Array<'give' | 'list' | 'bridge' | 'buy'>;
}

/** Each feature on (true) or off (false) for this player in this host. */
export type FeatureFlags = Record<Feature, boolean>;

export interface PartyMember {
  discordId?: string;
  displayName: string;
  avatarUrl?: string;
  /** Our player, where that Discord account is linked to one. */
  playerUuid?: string;
  playerName?: string;
  /** This member is the player at this screen. */
  self: boolean;
}

export interface Party {
  roomId: string;
  members: PartyMember[];
}

/** One row of a board as the game reads it. */
export interface HostLeaderboardEntry {
  rank: number;
  name: string;
  value: number;
  /** This row is the player at this screen. */
  self: boolean;
}

/** How an invite went out. */
export type InviteVia = 'dialog' | 'share' | 'clipboard' | 'portal';

/** Each call's `value` when `done`. */
export interface HostCallValues {
  capabilities: HostCapabilities;
  /** `link`: the link that joins the room, where the host gives one. */
  invite: { roomId: string; via: InviteVia; link?: string };
  party: Party;
  /** `shown`: whether others see it (false where the host has no presence: accepted and ignored). */
  setPresence: { shown: boolean };
  /** `rewarded`: for a rewarded ad, whether the reward was earned (the ad played out). */
  showAd: { kind: AdKind; rewarded?: boolean };
  /** A BCP 47 tag (`en-US`, `pt-BR`); `country` where the host knows it (ISO 3166 alpha-2). */
  locale: { locale: string; country?: string };
  happyTime: { celebrated: true };
  products: { host: HostName; products: HostProduct[] };
  /** The pack was paid and the server granted it: `balance` is the player's TripCoins after it. */
  purchase: { productId: string; tripcoins: number; balance: number };
  /** `playing`: whether the host now counts play (the game's state and the shell's overlays and ads). */
  gameplay: { state: GameplayState; playing: boolean };
  /** `rank` and `value`: the player's own (0 and 0 while they have no score on this board);
   * `total`: players on it; `top`: its first rows (at most HOST_LIMITS.leaderboardTop). */
  leaderboard: { stat: string; period: 'week' | 'all'; scope: 'global' | 'clan' | 'friends'; rank: number; value: number; total: number; top: HostLeaderboardEntry[] };
}

export type HostAnswerDone<C extends HostCallName = HostCallName> = { status: 'done'; value: HostCallValues[C] };
export type HostAnswer<C extends HostCallName = HostCallName> =
  | HostAnswerDone<C>
  | { status: 'cancelled' }
  | { status: 'unavailable'; reason: string };

/** What the Unity side receives for TripShell_HostCall: the answer with the request's id. */
export type HostAnswerMessage = HostAnswer & { requestId: string };
/** The SendMessage method (on GAME_OBJECT) that carries HostAnswerMessage to a Unity build. */
export const HOST_ANSWER_METHOD = 'OnHostAnswer';

/** What the host tells the game (SHELL_TO_GAME.hostEvent). */
export type HostEvent =
  | ({ type: 'party' } & Party)
  /** A player arrived through an invite: join this room. Sent once, after the game loaded. */
  | { type: 'joinRoom'; roomId: string }
  /** An ad began: gameplay is stopped and the page muted until adFinished. */
  | { type: 'adStarted'; kind: AdKind }
  | { type: 'adFinished'; kind: AdKind; rewarded?: boolean }
  /** The host is celebrating a happy moment the game reported (a happyTime call that was done). */
  | { type: 'happyTime'; active: boolean }
  | { type: 'chat'; enabled: boolean }
  | { type: 'locale'; locale: string }
  /** Whether the game's own saves (its localStorage) survive a reload in this host. */
  | { type: 'storage'; persistent: boolean }
  /** A purchase was granted (also one that completed after its flow closed: a late entitlement, a
   * webhook) or reversed (a refund: `balance` may be below zero, a debt). Told once per purchase. */
  | { type: 'purchase'; status: 'granted' | 'reversed'; productId: string; tripcoins: number; balance: number }
  /** What is allowed here changed (a console switch, a sign-in from another host): as in capabilities. */
  | { type: 'features'; features: FeatureFlags };
export type HostEventType = HostEvent['type'];

export type HostCallHook = (request: unknown) => Promise<HostAnswer>;

/** A reason for `unavailable` answers, shared so the game can tell the usual cases apart. */
export const HOST_REASONS = {
  notOffered: (host: HostName, call: string) => `${call} is not offered by the ${host} host`,
  timedOut: (call: string, ms: number) => `${call}: the host did not answer within ${ms} ms`,
  adblock: 'an ad blocker is active',
} as const;
