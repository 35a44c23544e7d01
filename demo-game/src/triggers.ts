// Everything the game can ask of the shell, as buttons of the in-game menu: one per window hook
// and one per window message trigger (with example payloads), so a person and the end-to-end
// tests can open every overlay and modal from inside the game, as the real build would.
import { DAILY_SPIN_NOT_VERIFIED, GAME_HOOKS, type GameMessageInput } from '../../contract/game';

type HookKey = Exclude<keyof typeof GAME_HOOKS, 'loadingComplete' | 'dispatchEvent' | 'receiverReady'>;
type MessageInput = GameMessageInput | typeof DAILY_SPIN_NOT_VERIFIED;

export type Trigger =
  | { kind: 'hook'; testId: string; label: string; hook: HookKey }
  | { kind: 'message'; testId: string; label: string; message: MessageInput }
  | { kind: 'event'; testId: string; label: string; event: string; args: readonly unknown[] };

const hook = (key: HookKey, label: string): Trigger => ({ kind: 'hook', testId: `demo-hook-${key}`, label, hook: key });

function message(message: MessageInput, label: string, variant?: string | number): Trigger {
  const type = typeof message === 'string' ? message : message.type;
  const slug = type.replace(/\s+/g, '-');
  return { kind: 'message', testId: `demo-trigger-${slug}${variant === undefined ? '' : `-${variant}`}`, label, message };
}

export const HOOK_TRIGGERS: readonly Trigger[] = [
  hook('showSettings', 'Settings'),
  hook('showProfile', 'Profile'),
  hook('showReleaseLogs', 'Release notes'),
  hook('showLevelProgress', 'Level progress'),
  hook('hideOverlay', 'Hide overlay'),
  hook('requestBotCheckToken', 'Bot-check token'),
  // dispatchReactUnityEvent(name, ...args): a game event for whatever the shell listens to.
  { kind: 'event', testId: 'demo-event-DemoGameEvent', label: 'Game event', event: 'DemoGameEvent', args: ['menu', 1] },
];

export const MESSAGE_TRIGGERS: readonly Trigger[] = [
  message({ type: 'SHOW_CRATE_SHOP_MODAL', crateVersionId: 0 }, 'Crate shop (v0)', 0),
  message({ type: 'SHOW_CRATE_SHOP_MODAL', crateVersionId: 1 }, 'Crate shop (v1)', 1),
  message({ type: 'SHOW_CRATE_OPEN_MODAL' }, 'Open crates'),
  message({ type: 'SHOW_MARKETPLACE_MODAL', modalType: 'transfer' }, 'Marketplace: transfer', 'transfer'),
  message({ type: 'SHOW_MARKETPLACE_MODAL', modalType: 'buy' }, 'Marketplace: buy', 'buy'),
  message({ type: 'SHOW_MARKETPLACE_MODAL', modalType: 'sell' }, 'Marketplace: sell', 'sell'),
  message({ type: 'SHOW_MARKETPLACE_LISTING_MODAL', listingId: 1, modalType: 'buyConfirm' }, 'Listing: confirm buy', 'buyConfirm'),
  message({ type: 'SHOW_MARKETPLACE_LISTING_MODAL', listingId: 1, modalType: 'cancelConfirm' }, 'Listing: confirm cancel', 'cancelConfirm'),
  message({ type: 'SHOW_REMOVED_ITEMS_MODAL', removedItems: [{ name: 'Rusty Knife', quantity: 1 }, { name: 'Camo Wrap', quantity: 2 }] }, 'Removed items'),
  message({ type: 'SHOW_COINFLIP_MODAL', modalType: 'create' }, 'Coin flip'),
  message({ type: 'SHOW_SORRY_POPUP' }, 'Sorry popup'),
  message({ type: 'SHOW_MYTHICAL_BRIDGE_MODAL' }, 'Bridge'),
  message({ type: 'SHOW_INVENTORY' }, 'Inventory'),
  message({ type: 'SHOW_GET_TRIPCOINS' }, 'Get TripCoins'),
  message({ type: 'SHOW_LEADERBOARD' }, 'Leaderboard'),
  message(DAILY_SPIN_NOT_VERIFIED, 'Daily spin not verified'),
  message({ type: 'WALLET_NOTIFICATION', walletData: { wasError: false, notifTitle: 'Wallet linked', notifMessage: 'Your wallet is now linked.' } }, 'Wallet notice: success', 'success'),
  message({ type: 'WALLET_NOTIFICATION', walletData: { wasError: true, notifTitle: 'Wallet error', failMessage: 'The wallet signature was rejected.' } }, 'Wallet notice: error', 'error'),
  message({ type: 'switchAuthMode', mode: 'login' }, 'Log in', 'login'),
  message({ type: 'switchAuthMode', mode: 'signup' }, 'Sign up', 'signup'),
  message({ type: 'showDiscordFusionModal', discordUser: { id: '100000000000000001', username: 'demo_discord' }, suggestedUsername: 'demo_discord' }, 'Discord account fusion'),
];

export interface TriggerTarget {
  hooks: Partial<Record<string, unknown>>;
  postMessage(message: unknown, targetOrigin: string): void;
  origin: string;
}

/** Fires a trigger; resolves with the HUD line describing what happened. */
export async function fireTrigger(trigger: Trigger, target: TriggerTarget): Promise<string> {
  if (trigger.kind === 'event') {
    const dispatch = target.hooks[GAME_HOOKS.dispatchEvent];
    if (typeof dispatch !== 'function') return `The page has no ${GAME_HOOKS.dispatchEvent}()`;
    const answer: unknown = Reflect.apply(dispatch, target.hooks, [trigger.event, ...trigger.args]);
    return `Event ${trigger.event} sent${answer === undefined ? '' : `, answer: ${String(answer)}`}`;
  }
  if (trigger.kind === 'message') {
    target.postMessage(trigger.message, target.origin);
    return `Sent ${typeof trigger.message === 'string' ? trigger.message : trigger.message.type}`;
  }
  const name = GAME_HOOKS[trigger.hook];
  const fn = target.hooks[name];
  if (typeof fn !== 'function') return `The page has no ${name}()`;
  // Called with the window as `this`, as the real build's `window.showSettings()` would be.
  const result: unknown = Reflect.apply(fn, target.hooks, []);
  if (trigger.hook !== 'requestBotCheckToken') return `Called ${name}()`;
  try {
    const token: unknown = await result;
    return typeof token === 'string' && token !== '' ? `Bot-check token received (${token.length} chars)` : 'Bot-check token: none';
  } catch (error) {
    return `Bot-check token failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}
