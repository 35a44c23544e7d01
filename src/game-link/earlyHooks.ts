// The window hooks and the message listener exist from the first script on, before the inbound half
// (which needs zod and the overlay registry) has loaded: anything the game says early is queued
// here and replayed by inbound.ts. The completion hook is answered at once: it drives the
// loading screen, which is on screen before anything else; so is the receiver's announcement
// (GAME_HOOKS.receiverReady), which lets the game link deliver what it held (link.ts).
import { GAME_HOOKS, type GameHookName } from '../../contract/gameConstants';

export interface QueuedCall {
  name: GameHookName;
  args: unknown[];
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

export interface EarlyQueue {
  calls: QueuedCall[];
  messages: MessageEvent[];
}

export interface EarlyHooks {
  /** Stops queueing and hands over what was queued (once). */
  drain(): EarlyQueue;
}

/** Hooks inbound.ts defines for real; until then calls wait in the queue. */
export const DEFERRED_HOOKS: readonly GameHookName[] = [
  GAME_HOOKS.showSettings, GAME_HOOKS.showProfile, GAME_HOOKS.showReleaseLogs,
  GAME_HOOKS.showLevelProgress, GAME_HOOKS.hideOverlay, GAME_HOOKS.requestBotCheckToken,
];

/** Enough for any burst a game sends while the shell's second chunk loads; more is dropped. */
const QUEUE_LIMIT = 200;

/**
 * `onQueued` hears each call or message queued here: the page then has something only the shell's
 * React part answers, and it is loaded at once (src/app/reactWanted.ts).
 */
export function installEarlyHooks(win: Window, onLoadingComplete: () => void, onReceiverReady: () => void = () => undefined, onQueued: () => void = () => undefined): EarlyHooks {
  const globals = win as unknown as Record<string, unknown>;
  const queue: EarlyQueue = { calls: [], messages: [] };
  let draining = false;

  globals[GAME_HOOKS.loadingComplete] = () => { onLoadingComplete(); };
  globals[GAME_HOOKS.receiverReady] = () => { onReceiverReady(); };
  for (const name of DEFERRED_HOOKS) {
    globals[name] = (...args: unknown[]) => new Promise((resolve, reject) => {
      if (queue.calls.length < QUEUE_LIMIT) queue.calls.push({ name, args, resolve, reject });
      else reject(new Error('The shell is still starting'));
      onQueued();
    });
  }
  const onMessage = (event: MessageEvent) => {
    if (queue.messages.length < QUEUE_LIMIT) queue.messages.push(event);
    onQueued();
  };
  win.addEventListener('message', onMessage);

  return {
    drain() {
      if (draining) return { calls: [], messages: [] };
      draining = true;
      win.removeEventListener('message', onMessage);
      const taken = { calls: [...queue.calls], messages: [...queue.messages] };
      queue.calls.length = 0;
      queue.messages.length = 0;
      return taken;
    },
  };
}
