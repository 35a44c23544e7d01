// The game -> shell half of the protocol (contract/game.ts): defines every window hook and
// listens for the game's window messages, and routes each to the overlay manager (the overlay
// whose record in contract/overlays.ts names that trigger, opened with the message's other
// fields) or to a feature's handler. Only our own origin may trigger overlays; a configured parent window may
// send WALLET_NOTIFICATION. Anything of ours that is malformed is logged and dropped, never
// thrown; foreign traffic (host SDK frames) is dropped silently.
import { DAILY_SPIN_NOT_VERIFIED, GAME_HOOKS, OVERLAYS, TRIGGER_MODAL, parseGameMessage, type GameMessage, type OverlayKey } from '../../contract/game';
import { originMatches } from '../../contract/origins';
import type { OverlayPayloads, OverlayStore } from '../overlays/store';
import type { EarlyQueue } from './earlyHooks';

type WalletNotification = Extract<GameMessage, { type: 'WALLET_NOTIFICATION' }>;

export interface InboundHandlers {
  /** WALLET_NOTIFICATION: a toast and a wallet refresh (the accounts feature). */
  walletNotification?: (message: WalletNotification) => void;
}

export interface InboundOptions {
  win: Window;
  overlays: Pick<OverlayStore, 'open' | 'close'>;
  hasOverlay: (key: OverlayKey) => boolean;
  requestBotCheckToken: () => Promise<string>;
  /** Parent origins (wildcards allowed) whose WALLET_NOTIFICATION messages are accepted. */
  parentOrigins: readonly string[];
  handlers?: InboundHandlers;
  /** Calls and messages that arrived before the game link loaded. */
  early?: EarlyQueue;
  log?: Pick<Console, 'warn'>;
}

/** A `type` string, or the bare DAILY_SPIN_NOT_VERIFIED string: worth parsing (and warning about). */
function claimsToBeOurs(data: unknown): boolean {
  if (typeof data === 'string') return data === DAILY_SPIN_NOT_VERIFIED;
  return typeof data === 'object' && data !== null && !Array.isArray(data) && typeof (data as { type?: unknown }).type === 'string';
}

export function installGameInbound(options: InboundOptions): () => void {
  const { win, overlays, hasOverlay, handlers = {}, log = console } = options;
  const globals = win as unknown as Record<string, unknown>;

  const openIfRegistered = <K extends OverlayKey>(key: K, payload: OverlayPayloads[K]) => {
    if (!hasOverlay(key)) { log.warn(`no overlay registered for ${key}`); return; }
    overlays.open(key, payload);
  };

  const route = (message: GameMessage) => {
    if (message.type === 'WALLET_NOTIFICATION') {
      if (handlers.walletNotification) handlers.walletNotification(message);
      else log.warn('no handler registered for WALLET_NOTIFICATION');
      return;
    }
    const { type, ...payload } = message;
    const key = TRIGGER_MODAL[type];
    // The message was parsed by the schema built from this overlay's record: the rest is its payload.
    openIfRegistered(key, payload as OverlayPayloads[typeof key]);
  };

  const hooks: Record<string, (...args: unknown[]) => unknown> = {
    [GAME_HOOKS.hideOverlay]: () => overlays.close(),
    [GAME_HOOKS.requestBotCheckToken]: () => options.requestBotCheckToken(),
  };
  // Each overlay opened by a hook: its first string argument, if any, fills the record's field.
  for (const key of Object.keys(OVERLAYS) as OverlayKey[]) {
    const trigger = OVERLAYS[key].trigger;
    if (!('hook' in trigger)) continue;
    const field = 'argument' in trigger ? trigger.argument : undefined;
    hooks[GAME_HOOKS[trigger.hook]] = (value?: unknown) =>
      openIfRegistered(key, (field && typeof value === 'string' && value ? { [field]: value } : {}) as OverlayPayloads[typeof key]);
  }

  const onMessage = (event: MessageEvent) => {
    const ownOrigin = event.origin === win.location.origin;
    const fromParent = win.parent !== win && event.source === win.parent;
    const trustedParent = fromParent && options.parentOrigins.some((p) => originMatches(event.origin, p));
    // Host SDKs (Discord's RPC frames, [opcode, payload] arrays; the portal's objects without our
    // `type`) talk on the same channel, many times a second: not ours and not an error, so they
    // are dropped without a word (a log line each would flood the console).
    if (!ownOrigin && !trustedParent) return;
    if (!claimsToBeOurs(event.data)) return;
    let message: GameMessage | null;
    try { message = parseGameMessage(event.data); } catch { message = null; }
    if (!message) { log.warn('Ignored a malformed game message:', event.data); return; }
    if (!ownOrigin && message.type !== 'WALLET_NOTIFICATION') {
      log.warn(`Ignored ${message.type} from the parent window ${event.origin}: only WALLET_NOTIFICATION may come from there`);
      return;
    }
    try { route(message); } catch (error) { log.warn(`The ${message.type} handler failed:`, error); }
  };

  for (const [name, hook] of Object.entries(hooks)) globals[name] = hook;
  win.addEventListener('message', onMessage);

  // Replay what the game said while this chunk was loading, in order.
  for (const call of options.early?.calls ?? []) {
    try { Promise.resolve(hooks[call.name]?.(...call.args)).then(call.resolve, call.reject); } catch (error) { call.reject(error); }
  }
  for (const event of options.early?.messages ?? []) onMessage(event);

  return () => {
    win.removeEventListener('message', onMessage);
    for (const name of Object.keys(hooks)) if (globals[name] === hooks[name]) delete globals[name];
  };
}
