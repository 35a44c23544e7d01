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

/** What the rest of the shell answers for the early hooks, once it is in. */
export interface EarlyAnswers {
  loadingComplete(): void;
  receiverReady(): void;
  /** A call or message only the shell's React part answers was queued. */
  queued(): void;
}

export interface EarlyHooks {
  /** Stops queueing and hands over what was queued (once). */
  drain(): EarlyQueue;
  /** Who answers from now on (the first caller only): what was heard before is replayed to it, each once. */
  answer(to: EarlyAnswers): void;
}

/** Hooks inbound.ts defines for real; until then calls wait in the queue. */
export const DEFERRED_HOOKS: readonly GameHookName[] = [
  GAME_HOOKS.showSettings, GAME_HOOKS.showProfile, GAME_HOOKS.showReleaseLogs,
  GAME_HOOKS.showLevelProgress, GAME_HOOKS.hideOverlay, GAME_HOOKS.requestBotCheckToken,
];

/** Enough for any burst a game sends while the shell's second chunk loads; more is dropped. */
const QUEUE_LIMIT = 200;

/**
 * The page's one early relay: the hooks exist from the first script on; their answers come from
 * whoever `answer` names later (the shell's chunk), and what was heard before is kept and replayed.
 * `queued` tells that the page has something only the shell's React part answers, which is then
 * loaded at once (src/app/shellStart.ts, whenReactWanted).
 */
export function installEarlyHooks(win: Window): EarlyHooks {
  const globals = win as unknown as Record<string, unknown>;
  const queue: EarlyQueue = { calls: [], messages: [] };
  let draining = false;
  let bound: EarlyAnswers | null = null;
  const heard = new Set<keyof EarlyAnswers>();
  const tell = (name: keyof EarlyAnswers) => { if (bound) bound[name](); else heard.add(name); };

  globals[GAME_HOOKS.loadingComplete] = () => { tell('loadingComplete'); };
  globals[GAME_HOOKS.receiverReady] = () => { tell('receiverReady'); };
  for (const name of DEFERRED_HOOKS) {
    globals[name] = (...args: unknown[]) => new Promise((resolve, reject) => {
      if (queue.calls.length < QUEUE_LIMIT) queue.calls.push({ name, args, resolve, reject });
      else reject(new Error('The shell is still starting'));
      tell('queued');
    });
  }
  const onMessage = (event: MessageEvent) => {
    if (queue.messages.length < QUEUE_LIMIT) queue.messages.push(event);
    tell('queued');
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
    answer(to) {
      if (bound) return;
      bound = to;
      for (const name of heard) to[name]();
      heard.clear();
    },
  };
}
