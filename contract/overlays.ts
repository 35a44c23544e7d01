// Every overlay and modal the shell can show, one record each: its key, whether it is a
// full-screen overlay or a modal, what it is opened with (the payload schema) and the game
// trigger that opens it (a window message of that `type`, whose other fields are the payload,
// or a window hook whose first string argument fills one payload field). The overlay names
// (OVERLAY_NAMES, MODAL_NAMES), the payload types, the game's trigger messages (GameMessage in
// ./game.ts) and the inbound routing (src/game-link/inbound.ts) all come from here. Adding an
// overlay: one record here, the feature's component, one line in src/app/overlay-registry.
//
// No zod at run time: the shell's first screen imports the names from here, and a schema is a
// function of zod that ./game.ts calls (so this file only imports zod's types).
import type { z } from 'zod';

type Zod = typeof z;

/** The window hooks (GAME_HOOKS keys in ./gameConstants.ts) that open an overlay. */
export type OpeningHook = 'showSettings' | 'showProfile' | 'showReleaseLogs' | 'showLevelProgress';

export interface OverlayRecord {
  /** 'overlay': full screen, one at a time (one may be kept under another); 'modal': a dialog. */
  readonly kind: 'overlay' | 'modal';
  /** What the overlay is opened with. */
  readonly payload: (zod: Zod) => z.ZodObject;
  /** How the game opens it (none: only the shell does). */
  readonly trigger?: { readonly message: string } | { readonly hook: OpeningHook; readonly argument?: string };
}

const defineOverlays = <const T extends Record<string, OverlayRecord>>(records: T): T => records;

/** The plain-string form of the Discord verification trigger (also accepted as `{type}`). */
export const DAILY_SPIN_NOT_VERIFIED = 'daily spin not verified';

const itemUuid = (zod: Zod) => zod.string().min(1).max(100);

export const OVERLAYS = defineOverlays({
  /** `tab`: the tab the section opens on (Account's 'wallets'). */
  settings: { kind: 'overlay', trigger: { hook: 'showSettings', argument: 'section' }, payload: (zod) => zod.object({ section: zod.string().optional(), tab: zod.string().optional() }) },
  releaseNotes: { kind: 'overlay', trigger: { hook: 'showReleaseLogs' }, payload: (zod) => zod.object({}) },
  levelProgress: { kind: 'overlay', trigger: { hook: 'showLevelProgress' }, payload: (zod) => zod.object({}) },
  /** `over`: opened over another overlay (a clan member list): Back from the first profile returns there. */
  profile: { kind: 'overlay', trigger: { hook: 'showProfile', argument: 'uuid' }, payload: (zod) => zod.object({ uuid: zod.string().optional(), over: zod.boolean().optional() }) },
  /** TripCoin packs for real money, bought through the host's own flow (contract/purchases.ts). */
  getTripCoins: { kind: 'overlay', trigger: { message: 'SHOW_GET_TRIPCOINS' }, payload: (zod) => zod.object({}) },
  /** The leaderboards (contract/leaderboards.ts): opened on a period, a scope and a stat (default: the server's first). */
  leaderboard: {
    kind: 'overlay', trigger: { message: 'SHOW_LEADERBOARD' },
    payload: (zod) => zod.object({
      stat: zod.enum(['wins', 'kills', 'timeplayed', 'headshots']).optional(),
      period: zod.enum(['week', 'all']).default('week'),
      scope: zod.enum(['global', 'clan', 'friends']).default('global'),
    }),
  },
  /** The player's own view: what they own, their listings and wagers, and their history. */
  inventory: { kind: 'overlay', trigger: { message: 'SHOW_INVENTORY' }, payload: (zod) => zod.object({ tab: zod.enum(['items', 'history']).default('items') }) },
  marketplace: {
    kind: 'modal', trigger: { message: 'SHOW_MARKETPLACE_MODAL' },
    payload: (zod) => zod.object({ modalType: zod.enum(['transfer', 'buy', 'sell']), itemUuid: itemUuid(zod).optional() }),
  },
  removedItems: {
    kind: 'modal', trigger: { message: 'SHOW_REMOVED_ITEMS_MODAL' },
    payload: (zod) => zod.object({ removedItems: zod.array(zod.object({ itemUuid: itemUuid(zod).optional(), name: zod.string().max(200).optional(), quantity: zod.number().int().nonnegative().optional() }).loose()).max(500).default([]) }),
  },
  coinflip: { kind: 'modal', trigger: { message: 'SHOW_COINFLIP_MODAL' }, payload: (zod) => zod.object({ modalType: zod.literal('create').default('create') }) },
  crateShop: { kind: 'modal', trigger: { message: 'SHOW_CRATE_SHOP_MODAL' }, payload: (zod) => zod.object({ crateVersionId: zod.union([zod.literal(0), zod.literal(1)]).default(0) }) },
  crateOpen: { kind: 'modal', trigger: { message: 'SHOW_CRATE_OPEN_MODAL' }, payload: (zod) => zod.object({}) },
  sorry: { kind: 'modal', trigger: { message: 'SHOW_SORRY_POPUP' }, payload: (zod) => zod.object({}) },
  marketplaceListing: {
    kind: 'modal', trigger: { message: 'SHOW_MARKETPLACE_LISTING_MODAL' },
    payload: (zod) => zod.object({ listingId: zod.union([zod.string().min(1).max(100), zod.number().int().nonnegative()]), modalType: zod.enum(['buyConfirm', 'cancelConfirm']) }),
  },
  mythicalBridge: { kind: 'modal', trigger: { message: 'SHOW_MYTHICAL_BRIDGE_MODAL' }, payload: (zod) => zod.object({}) },
  verifyDiscord: { kind: 'modal', trigger: { message: DAILY_SPIN_NOT_VERIFIED }, payload: (zod) => zod.object({}) },
  // 'logout': the game's own Log Out opens the same confirmation as the Account section's.
  auth: { kind: 'modal', trigger: { message: 'switchAuthMode' }, payload: (zod) => zod.object({ mode: zod.enum(['login', 'signup', 'logout']) }) },
  discordFusion: {
    kind: 'modal', trigger: { message: 'showDiscordFusionModal' },
    payload: (zod) => zod.object({
      discordUser: zod.object({ id: zod.string().min(1).max(40), username: zod.string().min(1).max(100) }).loose(),
      suggestedUsername: zod.string().max(40).optional(),
      accessToken: zod.string().max(500).optional(),
    }),
  },
});

type Records = typeof OVERLAYS;
/** Anything the overlay manager can show: a full-screen overlay or a modal. */
export type OverlayKey = keyof Records;
type KeysOfKind<Kind> = { [K in OverlayKey]: Records[K]['kind'] extends Kind ? K : never }[OverlayKey];
/** The full-screen overlays (the game opens them through hooks). */
export type OverlayName = KeysOfKind<'overlay'>;
/** The modals (the game's triggers open them); OnOverlayClosed reports these names too. */
export type ModalName = KeysOfKind<'modal'>;

/** `z.object({})` infers an object with no key allowed at all; a payload without fields is `{}`. */
type Fields<T> = string extends keyof T ? Record<never, never> : T;
type SchemaOf<K extends OverlayKey> = ReturnType<Records[K]['payload']>;

/** What each overlay is opened with. */
export type OverlayPayloads = { [K in OverlayKey]: Fields<z.output<SchemaOf<K>>> };

/** The trigger messages: their `type`, and the overlay each opens. */
type MessageTriggered = { [K in OverlayKey]: Records[K] extends { trigger: { message: infer T extends string } } ? { type: T; key: K } : never }[OverlayKey];
export type TriggerType = MessageTriggered['type'];
/** A trigger message as the game posts it (schema defaults not applied yet). */
export type TriggerMessageInput = { [M in MessageTriggered as M['type']]: { type: M['type'] } & Fields<z.input<SchemaOf<M['key']>>> }[TriggerType];
/** A trigger message as parsed: its `type` and the payload of the overlay it opens. */
export type TriggerMessage = { [M in MessageTriggered as M['type']]: { type: M['type'] } & OverlayPayloads[M['key']] }[TriggerType];

const keys = Object.keys(OVERLAYS) as OverlayKey[];
export const OVERLAY_NAMES = keys.filter((k) => OVERLAYS[k].kind === 'overlay') as readonly OverlayName[];
export const MODAL_NAMES = keys.filter((k) => OVERLAYS[k].kind === 'modal') as readonly ModalName[];

/** Which overlay each trigger message opens. */
export const TRIGGER_MODAL = Object.fromEntries(keys.flatMap((key) => {
  const trigger: OverlayRecord['trigger'] = OVERLAYS[key].trigger;
  return trigger && 'message' in trigger ? [[trigger.message, key]] : [];
})) as { [M in MessageTriggered as M['type']]: M['key'] };
