// How a launcher (`npm start`: scripts/start.mjs) passes a stop to the API process it started:
// SIGTERM or SIGINT goes on to the child, the launcher waits for the child's exit and exits with
// its code (128 + the signal's number when it was killed by one), so a service manager sees the
// server's own drain (server/shutdown.ts) and its outcome, not the launcher's.
// A repeat within REPEAT_IGNORED_MS is the same stop told twice (a terminal's Ctrl-C reaches the
// launcher both from the terminal and from npm) and is not passed on; a later one is, and makes
// the server exit at once.
import { constants } from 'node:os';

export const REPEAT_IGNORED_MS = 1_000;
const STOP_SIGNALS = ['SIGINT', 'SIGTERM'];

/** The exit code a shell gives for a process that ended with `code` or by `signal`. */
export function exitCodeOf(code, signal) {
  if (code !== null && code !== undefined) return code;
  const number = signal ? constants.signals[signal] : undefined;
  return number ? 128 + number : 1;
}

/**
 * Passes SIGINT/SIGTERM on to `child` and, when it exits, calls `exit` with its code. Answers a
 * function that removes the handlers.
 */
export function forwardStopSignals(child, { exit = (code) => process.exit(code), now = () => performance.now() } = {}) {
  let lastAt = -Infinity;
  const handlers = STOP_SIGNALS.map((signal) => {
    const handler = () => {
      if (now() - lastAt < REPEAT_IGNORED_MS) return;
      lastAt = now();
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    };
    process.on(signal, handler);
    return [signal, handler];
  });
  const remove = () => { for (const [signal, handler] of handlers) process.off(signal, handler); };
  child.once('exit', (code, signal) => { remove(); exit(exitCodeOf(code, signal)); });
  return remove;
}
