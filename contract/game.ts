// The game <-> shell protocol, in one place: the overlays' trigger messages and the hooks.
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
// Constants, URLs and payload types live in gameConstants.ts (re-exported here), and the overlays
// with their triggers and payloads in overlays.ts, so the shell's first screen can use them without zod; the schemas below are `/* @__PURE__ */` IIFEs so other
// bundles (the demo game's loader) that import this file drop them when unused.
import { z } from 'zod';
import { DAILY_SPIN_NOT_VERIFIED, OVERLAYS, type OverlayKey, type TriggerMessage, type TriggerMessageInput } from './overlays';
import type { SettingChanged } from './gameConstants';
import { isFieldName, parseSetting } from './settings';

export * from './gameConstants';
export * from './hostApi';
export * from './hostApiSchemas';
export { OVERLAYS, TRIGGER_MODAL, type OverlayPayloads, type TriggerType } from './overlays';

const WalletNotification = /* @__PURE__ */ (() => z.object({
  type: z.literal('WALLET_NOTIFICATION'),
  walletData: z.object({ wasError: z.boolean(), notifTitle: z.string().max(200).optional(), notifMessage: z.string().max(1000).optional(), failMessage: z.string().max(1000).optional() }),
}))();

/** Window messages the game posts: one per overlay record with a
 * trigger message (contract/overlays.ts: its `type` plus the overlay's payload), and
 * WALLET_NOTIFICATION (a toast and a refresh, from the game or a configured parent page). */
export type GameMessage = TriggerMessage | z.output<typeof WalletNotification>;
/** What the game may post: a GameMessage before the schema's defaults. */
export type GameMessageInput = TriggerMessageInput | z.input<typeof WalletNotification>;
export type GameMessageType = GameMessage['type'];

type MessageOption = z.ZodObject<{ type: z.ZodLiteral<GameMessageType> }>;

export const GameMessage = /* @__PURE__ */ (() => {
  const triggers = (Object.keys(OVERLAYS) as OverlayKey[]).flatMap((key) => {
    const { trigger, payload } = OVERLAYS[key];
    return 'message' in trigger ? [payload(z).extend({ type: z.literal(trigger.message) })] : [];
  });
  return z.discriminatedUnion('type', [...triggers, WalletNotification] as unknown as [MessageOption, ...MessageOption[]]);
})();

/**
 * Parses whatever arrived in a `message` event. Returns null (and the caller logs) for anything
 * that is not one of ours: other origins are filtered before this, by the caller.
 */
export function parseGameMessage(data: unknown): GameMessage | null {
  if (data === DAILY_SPIN_NOT_VERIFIED) return { type: DAILY_SPIN_NOT_VERIFIED };
  const parsed = GameMessage.safeParse(data);
  // The schema is built from the same records as the GameMessage type (contract/overlays.ts).
  return parsed.success ? (parsed.data as GameMessage) : null;
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
