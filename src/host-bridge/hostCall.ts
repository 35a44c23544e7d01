// The host call hook (window[GAME_HOOKS.hostCall]), up from the game's first script on
// (src/app/gameStart.ts): each call waits for the host's API (the adapter and hostApi.ts, wired
// later by hostWiring.ts), bounded by the call's own timeout, and never rejects.
import { GAME_HOOKS } from '../../contract/gameConstants';
import { HOST_CALLS, HOST_CALL_TIMEOUT_MS, type HostAnswer } from '../../contract/hostApi';

/** What answers a host call once the host is in. */
export interface HostCallApi { call(request: unknown): Promise<HostAnswer> }

/** The longest a call may wait (its own bound) when the request names no call we know. */
const FALLBACK_WAIT_MS = 5_000;

/**
 * Puts window[GAME_HOOKS.hostCall] up at once; each call waits for the host API (the adapter and
 * hostApi.ts), bounded by the call's own timeout, and never rejects.
 */
export function installHostCall(win: Window, api: Promise<HostCallApi | null>): void {
  (win as unknown as Record<string, unknown>)[GAME_HOOKS.hostCall] = (request: unknown): Promise<HostAnswer> => {
    const name = typeof request === 'object' && request !== null ? (request as { call?: unknown }).call : undefined;
    const known = (HOST_CALLS as readonly unknown[]).includes(name) ? name as keyof typeof HOST_CALL_TIMEOUT_MS : null;
    const ms = known ? HOST_CALL_TIMEOUT_MS[known] : FALLBACK_WAIT_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<HostAnswer>((resolve) => {
      timer = setTimeout(() => resolve({ status: 'unavailable', reason: `${known ?? 'the call'}: the host did not answer within ${ms} ms` }), ms);
    });
    const answer = api.then(
      (ready) => ready ? ready.call(request) : { status: 'unavailable' as const, reason: 'the host failed to start' },
      () => ({ status: 'unavailable' as const, reason: 'the host failed to start' }),
    );
    return Promise.race([answer, late]).finally(() => clearTimeout(timer));
  };
}
