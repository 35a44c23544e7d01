// The host call hook (window[GAME_HOOKS.hostCall]), up from the game's first script on
// (src/app/gameStart.ts): each call waits for the host's API (the adapter and hostApi.ts, wired
// later by hostWiring.ts) and never rejects. A call has one deadline, counted from the moment the
// game asked and the same wherever it is waited for (here for the API, in hostApi.ts for the
// host): withinBound, with the one text HOST_REASONS.timedOut.
import { GAME_HOOKS } from '../../contract/gameConstants';
import { HOST_CALLS, HOST_CALL_TIMEOUT_MS, HOST_REASONS, type HostAnswer, type HostCall as HostCallRequest } from '../../contract/hostApi';

/** What answers a host call once the host is in; `askedAt` (Date.now()) is when the game asked. */
export interface HostCallApi { call(request: unknown, askedAt?: number): Promise<HostAnswer> }

/** The longest a call may wait (its own bound) when the request names no call we know. */
const FALLBACK_WAIT_MS = 5_000;

/**
 * `work`, or `unavailable` (HOST_REASONS.timedOut) once the call's bound of `ms` from `askedAt`
 * has passed; `onTimeout` hears it (an ad that never ends does not keep the game paused).
 */
export function withinBound<T>(work: Promise<T | HostAnswer>, call: string, ms: number, askedAt = Date.now(), onTimeout?: () => void): Promise<T | HostAnswer> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<HostAnswer>((resolve) => {
    timer = setTimeout(() => { onTimeout?.(); resolve({ status: 'unavailable', reason: HOST_REASONS.timedOut(call, ms) }); }, Math.max(0, ms - (Date.now() - askedAt)));
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const FAILED: HostAnswer = { status: 'unavailable', reason: 'the host failed to start' };

/**
 * Puts window[GAME_HOOKS.hostCall] up at once; each call waits for the host API (the adapter and
 * hostApi.ts) within the call's own bound, which the API then keeps to; it never rejects.
 */
export function installHostCall(win: Window, api: Promise<HostCallApi | null>): void {
  (win as unknown as Record<string, unknown>)[GAME_HOOKS.hostCall] = async (request: unknown): Promise<HostAnswer> => {
    const askedAt = Date.now();
    const name = typeof request === 'object' && request !== null ? (request as { call?: unknown }).call : undefined;
    const known = (HOST_CALLS as readonly unknown[]).includes(name) ? name as keyof typeof HOST_CALL_TIMEOUT_MS : null;
    const ms = known ? HOST_CALL_TIMEOUT_MS[known] : FALLBACK_WAIT_MS;
    const ready = await withinBound(api.catch(() => null), known ?? 'the call', ms, askedAt);
    if (ready === null) return FAILED;
    if ('status' in ready) return ready; // the bound passed before the host's API was in
    return ready.call(request, askedAt).catch(() => FAILED);
  };
}

/** The shell's own use of the host API (the Get TripCoins overlay): the same hook the game calls. */
export function askHost(request: HostCallRequest, win: Window = window): Promise<HostAnswer> {
  const hook = (win as unknown as Record<string, unknown>)[GAME_HOOKS.hostCall];
  if (typeof hook !== 'function') return Promise.resolve({ status: 'unavailable', reason: 'the host is not ready' });
  return (hook as (r: unknown) => Promise<HostAnswer>)(request);
}
