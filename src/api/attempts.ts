// The attempts of one value-moving operation (a crate purchase, a listing purchase, a coin flip,
// a bridge finalize), owned by that operation (its api/ file), never by a component:
// - one Idempotency-Key per attempt; an attempt that got no answer at all (the request may have
//   gone through) keeps its key for the retry of the same request, so a retry is never charged
//   twice; an answer (success or refusal) or another request starts a new key;
// - one attempt at a time: a second submit while one is in flight is refused (a double click
//   comes before React has re-rendered the button as busy);
// - one reaction per answer: an answer for a key already handled (a replay) is reported as such,
//   so the operation tells the game and the player nothing new.
import type { QueryClient } from '@tanstack/react-query';

/** A fresh key for one attempt, e.g. `crates-3f…`. getRandomValues works outside secure contexts
 * too (randomUUID does not). */
export function newIdempotencyKey(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `${prefix}-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export interface Attempts {
  /** The key for an attempt of `request` (what identifies the request: a retry of the same one
   * after no answer gets the same key), or null while another attempt is in flight. */
  begin(request: string): string | null;
  /** The server answered the attempt of `key`. True the first time: false for a replayed answer
   * already handled, which nobody is told about again. */
  answered(key: string): boolean;
  /** No answer for `key` (a network failure): a retry of the same request keeps it. */
  unanswered(key: string): void;
}

export function createAttempts(prefix: string): Attempts {
  let inFlight: { request: string; key: string } | null = null;
  let unansweredAttempt: { request: string; key: string } | null = null;
  const handled = new Set<string>();
  const settle = (key: string) => {
    const attempt = inFlight?.key === key ? inFlight : null;
    if (attempt) inFlight = null;
    return attempt;
  };
  return {
    begin(request) {
      if (inFlight) return null;
      const key = unansweredAttempt?.request === request ? unansweredAttempt.key : newIdempotencyKey(prefix);
      unansweredAttempt = null;
      inFlight = { request, key };
      return key;
    },
    answered(key) {
      settle(key);
      if (unansweredAttempt?.key === key) unansweredAttempt = null;
      if (handled.has(key)) return false;
      handled.add(key);
      return true;
    },
    unanswered(key) {
      const attempt = settle(key);
      if (attempt && !handled.has(key)) unansweredAttempt = attempt;
    },
  };
}

const byClient = new WeakMap<QueryClient, Map<string, Attempts>>();

/** The attempts of the operation `name` for the app's query client: they outlive the modal that
 * started them (closed after a network failure and opened again, a retry keeps its key). */
export function attemptsOf(client: QueryClient, name: string): Attempts {
  let operations = byClient.get(client);
  if (!operations) byClient.set(client, operations = new Map());
  let attempts = operations.get(name);
  if (!attempts) operations.set(name, attempts = createAttempts(name));
  return attempts;
}
