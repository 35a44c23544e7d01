// Errors the route layer throws on purpose, and the one place a service's refusal (a
// DomainError, services/errors.ts) gets its HTTP status (statusOf). The central error handler
// (plugins/errors.ts) turns both into the one JSON shape {error, detail?, code?}; anything else
// becomes a 500 without details.
import type { ErrorBody, TextRef } from '../contract/http';
import { codeForStatus, codeForText } from '../contract/texts';
import type { DomainError, RefusalKind } from './services/errors';

export class HttpError extends Error {
  /** Headers the answer carries (Retry-After on a 429 or 503 that says when to come back). */
  headers: Record<string, string> = {};
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly detail: string = message,
  ) {
    super(message);
  }
  /** The contract text this error says with its values (contract/texts.ts said), for the shell to word. */
  ref?: TextRef;
  withHeaders(headers: Record<string, string>): this {
    this.headers = { ...this.headers, ...headers };
    return this;
  }
  saying(ref: TextRef | undefined): this {
    this.ref = ref;
    return this;
  }
  body(): ErrorBody {
    return errorBody(this.message, this.detail, this.code, this.status, this.ref);
  }
}

/**
 * The answer of a refusal. Every answer carries a stable code: the error's own, else the
 * contract text's, else the status's. A text with values (`ref`, contract/texts.ts said) adds
 * them as `params`, and its own code as `text` when the error names another, so the shell words
 * the sentence, not only the refusal (a plain contract text it finds by its English).
 */
export function errorBody(message: string, detail: string | undefined, code: string | undefined, status: number, ref?: TextRef): ErrorBody {
  const body: ErrorBody = { error: message, detail, code: code ?? ref?.code ?? codeForText(message) ?? codeForStatus(status) };
  if (ref && ref.code !== body.code) body.text = ref.code;
  if (ref?.params) body.params = ref.params;
  return body;
}

export const badRequest = (message: string, code?: string) => new HttpError(400, message, code);
export const unauthorized = (message = 'Not logged in') => new HttpError(401, message, 'NOT_LOGGED_IN');
export const forbidden = (message: string, code = 'FORBIDDEN') => new HttpError(403, message, code);
export const notFound = (message: string) => new HttpError(404, message, 'NOT_FOUND');
export const conflict = (message: string, code?: string) => new HttpError(409, message, code);
export const gone = (message: string, code?: string) => new HttpError(410, message, code);
export const tooMany = (message: string) => new HttpError(429, message, 'RATE_LIMITED');
/** A 429 or 503 that tells the client when to try again (Retry-After, whole seconds). */
export const retryLater = (status: 429 | 503, message: string, code: string, seconds: number) =>
  new HttpError(status, message, code).withHeaders({ 'retry-after': String(Math.max(1, Math.ceil(seconds))) });
export const unavailable = (message: string, code = 'NOT_CONFIGURED') => new HttpError(503, message, code);

/** Each kind of refusal a service raises, as the status the client gets. */
const STATUS: Record<RefusalKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  gone: 410,
  rateLimited: 429,
  upstreamRejected: 502,
  unavailable: 503,
};

export const statusOf = (kind: RefusalKind): number => STATUS[kind];

/** A service's refusal as the route layer answers it: its text and code, the kind's status. */
export const httpErrorOf = (error: DomainError): HttpError => {
  const http = new HttpError(statusOf(error.kind), error.message, error.code).saying(error.ref);
  return error.retryAfterS === undefined ? http : http.withHeaders({ 'retry-after': String(error.retryAfterS) });
};
