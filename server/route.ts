// Registers one contract endpoint: validation and OpenAPI from its zod schemas, the access rule
// (public / user / gameServer / admin) enforced before the body is even parsed, the host's
// feature policy for an endpoint marked with a feature (403 FEATURE_OFF), the endpoint's
// transaction, Idempotency-Key for every endpoint that moves value, and a typed handler.
//
// The route layer owns the transaction of every endpoint that writes (the rule):
//  - An endpoint that is not a GET runs in ONE transaction this layer opens ('route', the
//    default). For an endpoint that moves value it first claims the request's key in that
//    transaction (services/system/idempotency.ts), then runs the handler with it (`ctx.trx`), stores the
//    answer in it and commits once. A deadlock or serialization failure retries the whole of it
//    (db/tx.ts inTransaction). Services take that transaction and never open one.
//  - A handler that must call something outside the database between its writes (Discord's
//    code exchange, the portal's signing key, the chain's broadcast) or pay for scrypt declares
//    `transaction: 'steps'`: it runs outside any transaction and asks this layer for each of its
//    transactions with `ctx.transaction(fn)` (same retry), so a connection is never held across
//    the outside call, and what must be committed before it (the bridge's burn, before the
//    broadcast) is. Such an endpoint that moves value keeps its key with its own record (the
//    bridge's outbox row, claimed in the burn's transaction).
//  - `before` is housekeeping that must commit whatever the request's outcome (a listing whose
//    time is up expires even though the buy then answers 410): its own transaction, first.
//  - A GET reads through the pool (`ctx.db`); one that writes now and then (the marketplace's
//    lazy expiry) does it with `ctx.transaction(fn)`.
// Inside the route's transaction every query goes through `ctx.trx`: a second connection could
// wait on a row the transaction holds (and on PGlite, one connection, it would wait forever).
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { BodyOf, EndpointDef, ParamsOf, QueryOf, ResponseOf } from '../contract/http';
import { ADMIN_TEXT } from '../contract/admin';
import { ErrorBody } from '../contract/http';
import { inTransaction, type Executor, type RunInTransaction, type Trx } from './db/tx';
import { forbidden, unauthorized, unavailable } from './errors';
import { hostsOfRequest, loadPlayerThen } from './http/sessions';
import { featureAllowed, featureOffError } from './services/policy/featurePolicy';
import { idempotencyKeyOf, markReplay } from './http/idempotency';
import { GAME_SERVER_SCOPE, once, requestHash } from './services/system/idempotency';
import type { SessionUser } from './services/accounts/sessions';

export interface HandlerContext<E extends EndpointDef> {
  body: BodyOf<E>;
  params: ParamsOf<E>;
  query: QueryOf<E>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The request's Idempotency-Key (movesValue endpoints; the route layer already applied it). */
  idempotencyKey: string | null;
  /** The route's transaction ('route' mode, every endpoint that is not a GET); an error elsewhere. */
  trx: Trx;
  /** Where reads go: the route's transaction in 'route' mode, else the pool. */
  db: Executor;
  /** One transaction owned by this layer (with its retry); in 'route' mode, the route's own. */
  transaction<T>(fn: (trx: Trx) => Promise<T>): Promise<T>;
}
export interface UserHandlerContext<E extends EndpointDef> extends HandlerContext<E> {
  user: SessionUser;
}

type Context<E extends EndpointDef> = E['access'] extends 'user' | 'admin' ? UserHandlerContext<E> : HandlerContext<E>;
type Handler<E extends EndpointDef> = E['access'] extends 'user' | 'admin'
  ? (ctx: UserHandlerContext<E>) => Promise<ResponseOf<E>>
  : (ctx: HandlerContext<E>) => Promise<ResponseOf<E>>;

export interface RouteOptions<E extends EndpointDef> {
  /** 'route' (default for every endpoint but a GET) or 'steps' (see the header). */
  transaction?: 'route' | 'steps';
  /** Housekeeping committed in its own transaction before the request's (see the header). */
  before?: (ctx: Context<E>) => Promise<void>;
  /**
   * The handler builds its answer field by field from the contract's type (never a database row
   * or an object with more in it): it is written with JSON.stringify, without zod's parse of the
   * answer on its way out (a hot read's main cost after the database). The contract's
   * schema still types the handler and documents the route, and the API harness checks each
   * answer against it, refusing any field it does not name (tests/api/harness/contract.ts). An
   * answer made once (constantAnswer) is written once; a keyed one is written as its idempotency
   * row stored it.
   */
  trustedAnswer?: boolean;
}

/** Answers made once and written once: their JSON, by object. */
const constantJson = new WeakMap<object, string>();

/** Marks `answer` as never changing (it must not be mutated after): a trusted route writes the
 * JSON made here each time it returns this very object. */
export function constantAnswer<T extends object>(answer: T): T {
  constantJson.set(answer, JSON.stringify(answer));
  return answer;
}

/** A keyed answer's JSON as its idempotency row stored it a moment ago: written, not made again. */
const storedJson = new WeakMap<object, string>();

const trustedJson = (data: unknown): string =>
  (typeof data === 'object' && data !== null && (constantJson.get(data) ?? storedJson.get(data))) || JSON.stringify(data);

function bearerMatches(header: string | undefined, key: string): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice(7));
  const expected = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function noTransaction(endpoint: EndpointDef): Trx {
  throw new Error(`${endpoint.method} ${endpoint.path} has no route transaction: use ctx.transaction()`);
}

/** A handler's context: one object of one shape per request (its `trx` a getter on the prototype,
 * not a new accessor on each request's object). */
class RouteContext {
  constructor(
    readonly body: unknown, readonly params: unknown, readonly query: unknown,
    readonly request: FastifyRequest, readonly reply: FastifyReply, readonly idempotencyKey: string | null,
    private readonly routeTrx: Trx | null, readonly db: Executor,
    readonly transaction: <T>(fn: (trx: Trx) => Promise<T>) => Promise<T>,
    readonly user: SessionUser | undefined, private readonly endpoint: EndpointDef,
  ) {}

  get trx(): Trx { return this.routeTrx ?? noTransaction(this.endpoint); }
}

/** The route layer's transactions for a worker a route plugin starts (the bridge's outbox). */
export function routeTransactions(app: FastifyInstance): RunInTransaction {
  return (fn) => inTransaction(app.db, fn);
}

export function route<E extends EndpointDef>(app: FastifyInstance, endpoint: E, handler: Handler<E>, options: RouteOptions<E> = {}): void {
  const errorResponses = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 410: ErrorBody, 429: ErrorBody, 503: ErrorBody };
  const usesPlayer = endpoint.access === 'user' || endpoint.access === 'admin' || endpoint.readsPlayer === true;
  // Every admin write is idempotent, whether or not it moves value (an unban, a drop table).
  const keyed = endpoint.movesValue === true || (endpoint.access === 'admin' && endpoint.method !== 'GET');
  // A write of a signed-in player may change what their session holds (a password, a linked
  // wallet): their cached session is dropped once it is answered (onResponse below). An endpoint
  // that moves value changes balances and items only, never the account, so the player's next
  // call is answered from the cache (it was one more round trip before each money call).
  const changesPlayer = usesPlayer && endpoint.method !== 'GET' && endpoint.movesValue !== true;
  // An endpoint of a feature (contract/features.ts) is checked against the caller's host policy
  // here, once for every such endpoint, after who may call and before the body is read.
  const feature = endpoint.feature;
  const checksCaller = usesPlayer || endpoint.access !== 'public' || feature !== undefined;
  const mode = endpoint.method === 'GET' ? 'read' : (options.transaction ?? 'route');
  const name = `${endpoint.method} ${endpoint.path}`;
  const transaction = <T>(fn: (trx: Trx) => Promise<T>) => inTransaction(app.db, fn);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.path.split('/')[2] ?? 'api'],
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.raw ? {} : { response: { 200: endpoint.response, ...errorResponses } }),
    },
    config: { endpoint },
    ...(options.trustedAnswer ? { serializerCompiler: () => trustedJson } : {}),
    // onRequest: who may call is settled before the body is parsed or validated, so an
    // anonymous caller learns nothing about the schema (401, never a 400 first). A public
    // endpoint that does not read the player has none. A callback hook, not an async one: a
    // signed-in read answered by the session cache runs it without a promise.
    onRequest: !checksCaller ? [] : (request, _reply, done) => {
      const admit = () => {
        let refusal: Error | null = null;
        if ((endpoint.access === 'user' || endpoint.access === 'admin') && !request.user) refusal = unauthorized();
        else if (endpoint.access === 'admin' && !request.user?.isAdmin) refusal = forbidden(ADMIN_TEXT.adminsOnly, 'ADMINS_ONLY');
        else if (endpoint.access === 'gameServer') {
          const key = app.config.GAME_SERVER_KEY;
          if (!key) refusal = unavailable('The game server API is not configured (GAME_SERVER_KEY)');
          else if (!bearerMatches(request.headers.authorization, key)) refusal = unauthorized('Invalid game server key');
        }
        if (!refusal && feature) {
          const decision = featureAllowed(app.features.store, feature, { hosts: hostsOfRequest(request), player: request.user });
          if (!decision.on) refusal = featureOffError(decision.message);
        }
        if (refusal) done(refusal); else done();
      };
      if (usesPlayer) loadPlayerThen(app, request, admit, (error) => done(error as Error));
      else admit();
    },
    // A player's own change (a name, a linked account, a password) is seen by their next request
    // here at once, not after the session cache's few moments; other processes: SESSION_CACHE_MS.
    onResponse: !changesPlayer ? [] : (request, _reply, done) => {
      if (request.user) app.sessions.forget({ userId: request.user.id });
      done();
    },
    handler: async (request, reply) => {
      const body = request.body as BodyOf<E>;
      const key = keyed ? idempotencyKeyOf(request) : null;
      const scope = endpoint.access === 'gameServer' ? GAME_SERVER_SCOPE : request.user?.id;
      const user = request.user ?? undefined;
      const contextWith = (trx: Trx | null): Context<E> => new RouteContext(
        body, request.params, request.query, request, reply, key, trx, trx ?? app.db,
        trx ? <T>(fn: (t: Trx) => Promise<T>) => fn(trx) : transaction, user, endpoint,
      ) as unknown as Context<E>;
      if (options.before) await options.before(contextWith(null));
      const call = (trx: Trx | null) => (handler as (c: Context<E>) => Promise<ResponseOf<E>>)(contextWith(trx));
      if (mode !== 'route') return call(null);
      const { value, replayed, json } = await inTransaction(app.db, async (trx): Promise<{ value: ResponseOf<E>; replayed: boolean; json?: string }> => {
        const run = () => call(trx);
        if (!key || !scope) return { value: await run(), replayed: false };
        const asked = { params: request.params ?? {}, query: request.query ?? {}, body: request.body ?? {} };
        return once(trx, { scope, key, endpoint: name, hash: requestHash(asked) }, endpoint.response as z.ZodType<ResponseOf<E>>, run);
      });
      markReplay(reply, replayed);
      if (options.trustedAnswer && json !== undefined && typeof value === 'object' && value !== null) storedJson.set(value, json);
      return value;
    },
  });
}
