// The game <-> shell protocol, in one place (spec part 1 §4.1, §7; part 2 §2 triggers, §7).
//
// 1. Loading: the shell loads the build's loader script, which defines
//    `window.createUnityInstance(canvas, config, onProgress)`, exactly as a Unity WebGL build does.
//    The four build files are served from fixed URLs (GAME_BUILD_FILES) whatever build is active
//    (the demo game, or a real Unity build from UNITY_BUILD_DIR).
// 2. Hooks: the game calls functions the shell puts on `window` (GAME_HOOKS).
// 3. Triggers: the game posts window messages (GameMessage) to open overlays and modals.
// 4. Messages to the game: the shell calls `instance.SendMessage(GAME_OBJECT, method, arg)`
//    with one of SHELL_TO_GAME's methods; the argument is a string (JSON for structured data).
// 5. Events: a build may call `window.dispatchReactUnityEvent(name, ...args)` (the name
//    react-unity-webgl uses, so existing Unity jslib plugins work unchanged).
//
// Constants, URLs and payload types live in gameConstants.ts (re-exported here) so the shell's
// first screen can use them without zod; the schemas below are `/* @__PURE__ */` IIFEs so other
// bundles (the demo game's loader) that import this file drop them when unused.
import { z } from 'zod';
import { DAILY_SPIN_NOT_VERIFIED, MODAL_NAMES, OVERLAY_NAMES, type SettingChanged } from './gameConstants';
import { isFieldName, parseSetting } from './settings';

export * from './gameConstants';

export const OverlayName = /* @__PURE__ */ (() => z.enum(OVERLAY_NAMES))();
export type OverlayName = z.infer<typeof OverlayName>;

export const ModalName = /* @__PURE__ */ (() => z.enum(MODAL_NAMES))();
export type ModalName = z.infer<typeof ModalName>;

const uuidish = /* @__PURE__ */ (() => z.string().min(1).max(100))();

/** Window messages the game posts to open modals and act (part 2 §2 triggers, part 1 §7). */
export const GameMessage = /* @__PURE__ */ (() => z.discriminatedUnion('type', [
  z.object({ type: z.literal('SHOW_MARKETPLACE_MODAL'), modalType: z.enum(['transfer', 'buy', 'sell']), itemUuid: uuidish.optional() }),
  z.object({ type: z.literal('SHOW_REMOVED_ITEMS_MODAL'), removedItems: z.array(z.object({ itemUuid: uuidish.optional(), name: z.string().max(200).optional(), quantity: z.number().int().nonnegative().optional() }).loose()).max(500).default([]) }),
  z.object({ type: z.literal('SHOW_COINFLIP_MODAL'), modalType: z.literal('create').default('create') }),
  z.object({ type: z.literal('SHOW_CRATE_SHOP_MODAL'), crateVersionId: z.union([z.literal(0), z.literal(1)]).default(0) }),
  z.object({ type: z.literal('SHOW_CRATE_OPEN_MODAL') }),
  z.object({ type: z.literal('SHOW_SORRY_POPUP') }),
  z.object({ type: z.literal('SHOW_MARKETPLACE_LISTING_MODAL'), listingId: z.union([z.string().min(1).max(100), z.number().int().nonnegative()]), modalType: z.enum(['buyConfirm', 'cancelConfirm']) }),
  z.object({ type: z.literal('SHOW_MYTHICAL_BRIDGE_MODAL') }),
  z.object({ type: z.literal('daily spin not verified') }),
  z.object({
    type: z.literal('WALLET_NOTIFICATION'),
    walletData: z.object({ wasError: z.boolean(), notifTitle: z.string().max(200).optional(), notifMessage: z.string().max(1000).optional(), failMessage: z.string().max(1000).optional() }),
  }),
  // 'logout': the game's own Log Out opens the same confirmation as the Account section's (issue 18 item 5).
  z.object({ type: z.literal('switchAuthMode'), mode: z.enum(['login', 'signup', 'logout']) }),
  z.object({
    type: z.literal('showDiscordFusionModal'),
    discordUser: z.object({ id: z.string().min(1).max(40), username: z.string().min(1).max(100) }).loose(),
    suggestedUsername: z.string().max(40).optional(),
    accessToken: z.string().max(500).optional(),
  }),
]))();
export type GameMessage = z.infer<typeof GameMessage>;
export type GameMessageType = GameMessage['type'];

/** Which modal each trigger opens. WALLET_NOTIFICATION opens none: it is a toast and a refresh. */
export const TRIGGER_MODAL: Record<Exclude<GameMessageType, 'WALLET_NOTIFICATION'>, ModalName> = {
  SHOW_MARKETPLACE_MODAL: 'marketplace',
  SHOW_REMOVED_ITEMS_MODAL: 'removedItems',
  SHOW_COINFLIP_MODAL: 'coinflip',
  SHOW_CRATE_SHOP_MODAL: 'crateShop',
  SHOW_CRATE_OPEN_MODAL: 'crateOpen',
  SHOW_SORRY_POPUP: 'sorry',
  SHOW_MARKETPLACE_LISTING_MODAL: 'marketplaceListing',
  SHOW_MYTHICAL_BRIDGE_MODAL: 'mythicalBridge',
  [DAILY_SPIN_NOT_VERIFIED]: 'verifyDiscord',
  switchAuthMode: 'auth',
  showDiscordFusionModal: 'discordFusion',
};

/**
 * Parses whatever arrived in a `message` event. Returns null (and the caller logs) for anything
 * that is not one of ours: other origins are filtered before this, by the caller.
 */
export function parseGameMessage(data: unknown): GameMessage | null {
  if (data === DAILY_SPIN_NOT_VERIFIED) return { type: DAILY_SPIN_NOT_VERIFIED };
  const parsed = GameMessage.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/**
 * OnSettingChanged's argument (the JSON string SendMessage carries, or the object itself): a
 * setting's name and a value valid for that setting by its own schema (contract/settings.ts).
 * Null for anything else: not JSON, an unknown name, a value of another type or out of range.
 * The shell's settings store sends only what this accepts; the demo game reads with it.
 */
export function parseSettingChanged(argument: unknown): SettingChanged | null {
  let message = argument;
  if (typeof argument === 'string') {
    try { message = JSON.parse(argument); } catch { return null; }
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return null;
  const { name, value } = message as { name?: unknown; value?: unknown };
  if (typeof name !== 'string' || !isFieldName(name)) return null;
  const parsed = parseSetting(name, value);
  // parseSetting checked the value by this name's own schema: the pair agrees.
  return parsed === undefined ? null : { name, value: parsed } as SettingChanged;
}
