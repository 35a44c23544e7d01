// When the loading screen ends (activity.config.json game.completion):
// - 'hook': when the game calls window.unityLoadingComplete(); a build that never does (every
//   build until its studio adds our bridge) completes anyway hookTimeoutSeconds after
//   createUnityInstance resolved, with one console warning naming the hook;
// - 'instance': as soon as createUnityInstance resolves (an earlier hook call also completes).
// Completion is said once per attempt; Retry starts a new attempt.
import type { GameCompletionConfig } from '../../contract/activity';
import { GAME_HOOKS } from '../../contract/gameConstants';

export interface CompletionDeps {
  config: GameCompletionConfig;
  /** Tells the loading screen (once per attempt). */
  complete: () => void;
  log?: Pick<Console, 'warn'>;
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

export function createCompletion(deps: CompletionDeps): Completion {
  const log = deps.log ?? console;
  const setTimer = deps.setTimer ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  const clearTimer = deps.clearTimer ?? ((timer: unknown) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let done = false;
  let warned = false;
  let timer: unknown = null;

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

  return {
    hookCalled: finish,
    instanceReady() {
      if (done || timer !== null) return;
      if (deps.config.policy === 'instance') { finish(); return; }
      const seconds = deps.config.hookTimeoutSeconds;
      timer = setTimer(() => {
        timer = null;
        if (done) return;
        if (!warned) { warned = true; log.warn(completionWarning(seconds)); }
        finish();
      }, seconds * 1000);
    },
    reset() {
      stopTimer();
      done = false;
    },
  };
}
