// One error handler: every failure answers JSON {error, detail?, code?}. Bad input of any kind
// is a 4xx; a 5xx never carries details (they are logged).
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HTTP_TEXT } from '../../contract/http';
import { errorBody, HttpError, httpErrorOf } from '../errors';
import { DomainError } from '../services/errors';
import { createErrorTracker } from '../providers/errorTracker';

/** unique_violation, foreign_key_violation, serialization_failure, deadlock_detected. */
const RACE_STATES = new Set(['23505', '23503', '40001', '40P01']);
export const RACE_TEXT = HTTP_TEXT.concurrentChange;

const GENERIC = /^(Invalid input|Required|Expected|Too (big|small)|Unrecognized|Invalid)/;

/**
 * Errors Fastify raises before routing (a malformed %-escape in the URL, a path parameter over
 * maxParamLength) skip setErrorHandler; without this they answer Fastify's own shape
 * ({error, code, message, statusCode}). Passed to Fastify({ frameworkErrors }).
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A path parameter is too long' : error.code === 'FST_ERR_BAD_URL' ? 'Malformed URL' : 'Bad request';
  void reply.status(error.statusCode && error.statusCode < 500 ? error.statusCode : 400).send(errorBody(message, message, error.code ?? 'BAD_REQUEST', 400));
}

/** PostgreSQL text cannot hold U+0000, so a NUL anywhere in the input would fail a query (500). */
function containsNul(input: unknown): boolean {
  if (typeof input === 'string') return input.includes('\u0000');
  if (input === null || typeof input !== 'object') return false;
  // A stack, not recursion (a body may nest deeply); own enumerable keys as Object.entries gives
  // them, without an array of pairs per object (every request checks its params and query).
  const stack: object[] = [input];
  for (let value = stack.pop(); value !== undefined; value = stack.pop()) {
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      if (key.includes('\u0000')) return true;
      const inner = (value as Record<string, unknown>)[key];
      if (typeof inner === 'string') { if (inner.includes('\u0000')) return true; } else if (inner !== null && typeof inner === 'object') stack.push(inner);
    }
  }
  return false;
}

/** Whether a request's params, query or body hold a NUL anywhere (refused at the door). */
export function inputContainsNul(request: Pick<FastifyRequest, 'params' | 'query' | 'body'>): boolean {
  return containsNul(request.params) || containsNul(request.query) || containsNul(request.body);
}

export function registerErrorHandling(app: FastifyInstance): void {
  // Refused at the door, before validation and handlers: a 400, never a half-run handler. A
  // callback hook: every request runs it, and an async one would cost a promise each time.
  app.addHook('preValidation', (request, _reply, done) => {
    if (inputContainsNul(request)) {
      done(new HttpError(400, HTTP_TEXT.nulCharacters, 'INVALID_INPUT'));
    } else done();
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.status).headers(error.headers).send(error.body());
    }
    // A service's refusal: its status from the one table in server/errors.ts.
    if (error instanceof DomainError) {
      const http = httpErrorOf(error);
      return reply.status(http.status).headers(http.headers).send(http.body());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const path = issue?.instancePath?.replace(/^\//, '').replace(/\//g, '.') ?? '';
      const message = issue?.message ?? HTTP_TEXT.invalidRequest;
      const where = error.validationContext === 'body' ? '' : `${error.validationContext} `;
      const detail = GENERIC.test(message) && path ? `${where}${path}: ${message}` : message;
      return reply.status(400).send(errorBody(detail, detail, 'INVALID_INPUT', 400));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response did not match the contract');
      reportUnexpected(app, error, request);
      return reply.status(500).send(errorBody(HTTP_TEXT.internal, undefined, 'INTERNAL', 500));
    }
    // PostgreSQL class 22 "data exception" (a date that does not exist, a number out of range,
    // text the encoding cannot hold): a value from the request the column cannot take. Bad
    // input, so a 400; the statement failed, so its transaction wrote nothing.
    const sqlState = (error as { code?: unknown }).code;
    if (typeof sqlState === 'string' && /^22[0-9A-Z]{3}$/.test(sqlState)) {
      request.log.warn({ err: error }, 'data exception from the database');
      return reply.status(400).send(errorBody(HTTP_TEXT.invalidValue, 'A value in the request is out of range or malformed', 'INVALID_INPUT', 400));
    }
    // A race lost to a concurrent request: a unique key taken a moment ago, a row it needed
    // gone, or a transaction PostgreSQL aborted (deadlock, serialization) after inTransaction's
    // retries. Nothing was written (the transaction rolled back): a 409 the client can retry,
    // never a 500. Services map the races they expect to their own texts first.
    if (typeof sqlState === 'string' && RACE_STATES.has(sqlState)) {
      request.log.warn({ err: error }, 'lost a race with a concurrent request');
      return reply.status(409).send(errorBody(RACE_TEXT, RACE_TEXT, 'CONCURRENT_CHANGE', 409));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send(errorBody(HTTP_TEXT.rateLimited, HTTP_TEXT.rateLimited, 'RATE_LIMITED', 429));
    }
    if (status >= 400 && status < 500) {
      const messages: Record<string, string> = {
        FST_ERR_CTP_INVALID_JSON_BODY: HTTP_TEXT.invalidJson,
        FST_ERR_CTP_EMPTY_JSON_BODY: HTTP_TEXT.emptyBody,
        FST_ERR_CTP_BODY_TOO_LARGE: HTTP_TEXT.tooLarge,
        FST_ERR_CTP_INVALID_MEDIA_TYPE: HTTP_TEXT.unsupportedType,
        FST_ERR_CTP_INVALID_CONTENT_LENGTH: HTTP_TEXT.invalidLength,
      };
      const message = messages[error.code] ?? (error.name === 'SyntaxError' ? HTTP_TEXT.invalidJson : HTTP_TEXT.badRequest);
      return reply.status(status).send(errorBody(message, message, error.code ?? 'BAD_REQUEST', status));
    }
    request.log.error({ err: error }, 'unhandled error');
    reportUnexpected(app, error, request);
    return reply.status(500).send(errorBody(HTTP_TEXT.internal, undefined, 'INTERNAL', 500));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorBody(HTTP_TEXT.notFound, `No route for ${request.method} ${request.url.split('?')[0]}`, 'NOT_FOUND', 404));
  });
}

/** An unexpected error to the error tracker (when SENTRY_DSN is set), by its route's pattern. */
function reportUnexpected(app: FastifyInstance, error: unknown, request: FastifyRequest): void {
  const username = (request as { user?: { username?: string } | null }).user?.username;
  app.errorTracker?.capture(error, { method: request.method, route: request.routeOptions.url ?? 'no route' }, username ? [username] : []);
}

/** The error handler and the 404 answer for the whole app, and the error tracker behind its 500s. */
export default fp(async (app) => {
  const tracker = await createErrorTracker(app.config);
  app.decorate('errorTracker', tracker);
  // What is still queued goes out before the process ends (at most 2 s).
  if (tracker) app.addHook('onClose', async () => { await tracker.flush(2000); });
  registerErrorHandling(app);
}, { name: 'errors' });
