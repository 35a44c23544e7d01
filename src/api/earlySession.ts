// The session check at start: GET /api/whoami goes out from the first script,
// before the game's download begins, at high priority, instead of from the second chunk, which
// on a loaded machine arrived seconds later, behind a Unity-sized download and its start-up.
// The current-player query (currentUser.ts) takes this first answer once; every later check is
// its own. Zod-free: the first screen carries it; the query parses the answer.
import { sessionHeaders } from './sessionToken';

const WHOAMI = '/api/whoami';

let pending: Promise<unknown> | null = null;
/** The same first answer, for readers that only look (error reporting learns the player's name from it). */
let first: Promise<unknown> = Promise.resolve(null);

/** Starts the check now (once per page). */
export function startSessionCheck(fetcher: typeof fetch = fetch): void {
  if (pending) return;
  const init: RequestInit & { priority?: 'high' | 'low' | 'auto' } = {
    credentials: 'include', headers: { accept: 'application/json', ...sessionHeaders() }, priority: 'high',
  };
  pending = fetcher(WHOAMI, init)
    .then((response) => (response.ok ? response.json() as Promise<unknown> : null))
    .catch(() => null);
  first = pending;
}

/** The first answer's body (null when it failed or there was none), without taking it. */
export function sessionCheckAnswer(): Promise<unknown> {
  return first;
}

/** The early answer's body (null when it failed), handed out once; undefined when there is none to take. */
export function takeSessionCheck(): Promise<unknown> | undefined {
  const taken = pending ?? undefined;
  pending = null;
  return taken;
}

// Whether the sign-in at start has settled: the session check answered and the host's own
// sign-in (the portal's signed-in player, the Activity's AUTHORIZE) is done or not due. The
// accounts feature settles it; start-up lets the game's download wait for it a bounded time
// (src/app/gameStart.ts, signInGate), so a Unity-sized download never starves the sign-in.
let settle: () => void = () => undefined;
const settled = new Promise<void>((resolve) => { settle = resolve; });

export function signInAtStartSettled(): Promise<void> {
  return settled;
}

/** Called once the sign-in at start is done or not due (again: nothing more). */
export function settleSignInAtStart(): void {
  settle();
}
