// What a service raises when it refuses a request: a domain error, with the player-facing text
// (usually a contract text) and, where the client tells refusals apart, a stable code. A service
// knows nothing of HTTP: the route layer maps each kind to its status in one place
// (server/errors.ts, statusOf; the error handler in plugins/errors.ts applies it), so the
// answer a client sees is {error, detail, code} with the same status as if the route had thrown it.

import type { TextRef } from '../../contract/http';

/** Why a service refused, in the domain's words (the route layer turns each into one status). */
export type RefusalKind =
  | 'invalid' // the request asks for something that cannot be (a bad price, a quantity of 0)
  | 'unauthenticated' // no player, or credentials that do not match
  | 'forbidden' // this player may not (not their listing, banned, not a clan officer)
  | 'notFound' // what it names does not exist
  | 'conflict' // the state does not allow it now (a name taken, not enough coins, a key reused)
  | 'gone' // it existed and is over (a sold listing, a closed coin flip)
  | 'rateLimited' // too many attempts in too short a time
  | 'unavailable' // a part it needs is not configured or is down
  | 'upstreamRejected'; // a party outside (the chain) refused what we sent

export class DomainError extends Error {
  /** The contract text the refusal says with its values (contract/texts.ts said), for the shell to word. */
  ref?: TextRef;
  constructor(readonly kind: RefusalKind, message: string, readonly code?: string, readonly retryAfterS?: number) {
    super(message);
  }
  saying(ref: TextRef): this {
    this.ref = ref;
    return this;
  }
}

export const invalid = (message: string, code?: string) => new DomainError('invalid', message, code);
export const unauthenticated = (message: string, code = 'NOT_LOGGED_IN') => new DomainError('unauthenticated', message, code);
export const forbidden = (message: string, code = 'FORBIDDEN') => new DomainError('forbidden', message, code);
export const notFound = (message: string) => new DomainError('notFound', message, 'NOT_FOUND');
export const conflict = (message: string, code?: string) => new DomainError('conflict', message, code);
export const gone = (message: string, code?: string) => new DomainError('gone', message, code);
export const rateLimited = (message: string) => new DomainError('rateLimited', message, 'RATE_LIMITED');
export const unavailable = (message: string, code = 'NOT_CONFIGURED') => new DomainError('unavailable', message, code);
export const upstreamRejected = (message: string, code?: string) => new DomainError('upstreamRejected', message, code);
/** A refusal that says when to come back (Retry-After): too many attempts, or a queue that is full. */
export const retryLater = (kind: 'rateLimited' | 'unavailable', message: string, code: string, seconds: number) =>
  new DomainError(kind, message, code, Math.max(1, Math.ceil(seconds)));
