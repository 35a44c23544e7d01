// When the loading screen ends (activity.config.json game.completion):
// - 'hook': a build with our receiver (it called window.tripShellReceiverReady() from WebBridge's
//   Awake, which runs before its first frame) completes when it calls
//   window.unityLoadingComplete(), or anyway hookTimeoutSeconds after createUnityInstance
//   resolved, with one console warning naming the hook. A build that has not announced our
//   receiver by its first frame (no jslib of ours: every build until its studio adds it) never
//   calls the hook either: it completes at that first frame instead of waiting for nothing;
// - 'instance': as soon as createUnityInstance resolves (an earlier hook call also completes).
// Completion is said once per attempt; Retry starts a new attempt.
import type { GameCompletionConfig } from '../../contract/activity';
import { GAME_HOOKS } from '../../contract/gameConstants';

export interface CompletionDeps {
  config: GameCompletionConfig;
  /** Tells the loading screen (once per attempt). */
  complete: () => void;
  /** Whether the running build has announced our receiver (the game link knows: link.ts). Default: it has. */
  receiverAnnounced?: () => boolean;
  /** Runs `run` right after the game's first frame (default: the next animation frame). */
  afterFirstFrame?: (run: () => void) => void;
  log?: Pick<Console, 'warn' | 'info'>;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export interface Completion {
  /** The game called the completion hook. */
  hookCalled(): void;
  /** createUnityInstance resolved. */
  instanceReady(): void;
  /** A new attempt (Retry): forget the last one. */
  reset(): void;
}

export function completionWarning(seconds: number): string {
  return `The game did not call window.${GAME_HOOKS.loadingComplete}() within ${seconds} s of createUnityInstance resolving: `
    + 'the loading screen was hidden anyway. Call it from the build once its first scene is ready (docs/operations.md: "Make your Unity build talk to the shell"), '
    + 'or set game.completion.policy to "instance" in activity.config.json.';
}

export const NO_RECEIVER_NOTE = 'TripShell: the game did not announce our receiver by its first frame (no TripShell jslib in the build): the loading screen ended there, without waiting for window.'
  + `${GAME_HOOKS.loadingComplete}().`;

/**
 * The next animation frame: Unity's main loop (like the demo game's) asked for it before
 * createUnityInstance resolved, so this runs right after the game's first frame, in the same
 * animation frame. Without requestAnimationFrame (a test page), a 16 ms timer.
 */
export function afterNextFrame(win: Pick<Window, 'requestAnimationFrame'> | undefined = typeof window === 'undefined' ? undefined : window): (run: () => void) => void {
  return (run) => {
    if (win && typeof win.requestAnimationFrame === 'function') win.requestAnimationFrame(() => run());
    else setTimeout(run, 16);
  };
}

export function createCompletion(deps: CompletionDeps): Completion {
  const log = deps.log ?? console;
  const announced = deps.receiverAnnounced ?? (() => true);
  const afterFirstFrame = deps.afterFirstFrame ?? afterNextFrame();
  const setTimer = deps.setTimer ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  const clearTimer = deps.clearTimer ?? ((timer: unknown) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let done = false;
  let warned = false;
  let noted = false;
  let timer: unknown = null;
  /** Counts attempts, so a first-frame check of an attempt Retry replaced does nothing. */
  let attempt = 0;
  /** The attempt whose first frame is awaited (-1: none). */
  let awaitingFrame = -1;

  const stopTimer = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
  };
  const finish = () => {
    if (done) return;
    done = true;
    stopTimer();
    deps.complete();
  };

  const startTimeout = () => {
    if (timer !== null) return;
    const seconds = deps.config.hookTimeoutSeconds;
    timer = setTimer(() => {
      timer = null;
      if (done) return;
      if (!warned) { warned = true; log.warn(completionWarning(seconds)); }
      finish();
    }, seconds * 1000);
  };

  return {
    hookCalled: finish,
    instanceReady() {
      if (done || timer !== null) return;
      if (deps.config.policy === 'instance') { finish(); return; }
      if (!announced()) {
        if (awaitingFrame === attempt) return;
        const mine = attempt;
        awaitingFrame = mine;
        afterFirstFrame(() => {
          if (mine !== attempt || done) return;
          awaitingFrame = -1;
          if (!announced()) {
            if (!noted) { noted = true; log.info(NO_RECEIVER_NOTE); }
            finish();
            return;
          }
          startTimeout();
        });
        return;
      }
      startTimeout();
    },
    reset() {
      attempt += 1;
      stopTimer();
      done = false;
    },
  };
}
