// Fuzzes one endpoint as one caller: a real valid call, the deterministic hostile catalogue
// around its valid shape, and fast-check's random draws. Every answer must follow the contract
// (contract.ts) and every refused request must leave the database as it was: checked per
// request with the change log and, over the whole run, with full snapshots (snapshot.ts).
import fc from 'fast-check';
import type { EndpointDef } from '../../../contract/http';
import type { Db } from '../../../server/db/createDb';
import { arbitraryFor } from './arbitrary';
import { cookieHeader, reviveSession, type Actor } from './actors';
import { contractProblem, endpointKey, pathParamNames } from './contract';
import { EXAMPLES, resolveCall, type Example } from './examples';
import { hostileCatalogue, hostileIds, hostileValueArbitrary, PATH_ATTACKS, requestFor, type CallShape, type RawRequest } from './hostile';
import { changeMark, changesSince, diffSnapshots, snapshotDb } from './snapshot';
import { sessionCookieOf, type Reply, type Transport } from './transport';

export interface FuzzTarget {
  send: Transport;
  /** The test database, with installChangeLog() applied. */
  db: Db;
  /** The caller (its session is refreshed when a valid call ends it), or null for anonymous. */
  caller: Actor | null;
  /** Another player: its ids are among the "other players' ids" we try. */
  other: Actor;
  /** Extra headers on every request (the game server's bearer key). */
  headers?: Record<string, string>;
  botToken(): Promise<string>;
  examples?: Record<string, Example>;
}

export interface FuzzOptions {
  randomRuns: number;
  seed?: number;
  /** 'essential' for callers the endpoint should refuse anyway (see hostileCatalogue). */
  depth?: 'full' | 'essential';
}

export interface FuzzReport {
  cases: number;
  accepted: number;
  problems: string[];
}

/** Shaped like a bot-check answer but never solved: the hostile cases carry it. */
const UNSOLVED_TOKEN = Buffer.from(JSON.stringify({ challenge: { parameters: {} }, solution: { counter: 1 } })).toString('base64');
const MAX_PROBLEMS = 12;

export async function fuzzEndpoint(endpoint: EndpointDef, target: FuzzTarget, options: FuzzOptions): Promise<FuzzReport> {
  const examples = target.examples ?? EXAMPLES;
  const who = target.caller ? 'as a player' : target.headers?.authorization ? 'as the game server' : 'anonymous';
  const report: FuzzReport = { cases: 0, accepted: 0, problems: [] };
  const db = target.db;
  let mark = 0;

  const ctx = (botToken: () => Promise<string>) => ({ caller: target.caller, owner: target.caller ?? target.other, db, send: target.send, botToken });
  const otherIds = [target.other.uuid, `player:${target.other.uuid}`];
  const where = (request: RawRequest) => `${endpointKey(endpoint)} ${who} [${request.label}] ${request.method} ${request.url.slice(0, 120)}`;

  /** Sends one case; returns its problem, if any. Keeps the change mark and the session current. */
  async function check(request: RawRequest): Promise<string | null> {
    report.cases += 1;
    const reply = await target.send({ ...request, headers: { ...target.headers, ...cookieHeader(target.caller), ...request.headers } });
    const problem = contractProblem(endpoint, reply);
    if (reply.status >= 200 && reply.status < 300) {
      report.accepted += 1;
      await adoptSession(reply);
      mark = await changeMark(db);
      return problem && `${where(request)}: ${problem}`;
    }
    const changes = await changesSince(db, mark);
    if (changes.length) mark = await changeMark(db);
    if (problem) return `${where(request)}: ${problem}`;
    return changes.length ? `${where(request)}: refused with ${reply.status} but changed the database:\n    ${changes.join('\n    ')}` : null;
  }

  async function adoptSession(reply: Reply): Promise<void> {
    if (!target.caller) return;
    const cookie = sessionCookieOf(reply);
    if (cookie) target.caller.sid = cookie;
    else if (cookie === '') await reviveSession(db, target.caller);
  }

  const note = (problem: string | null) => { if (problem && report.problems.length < MAX_PROBLEMS) report.problems.push(problem); };

  // 1. One real valid call (bot check solved for real): a 2xx must match the response schema.
  //    The example's set-up (funding, creating what the call acts on) is not part of the check.
  const valid = await resolveCall(endpoint, ctx(target.botToken), examples);
  mark = await changeMark(db);
  note(await check(requestFor(endpoint, valid, 'valid call')));

  // 2. The hostile catalogue around the valid shape (with an unsolved bot-check token).
  const shape = await resolveCall(endpoint, ctx(async () => UNSOLVED_TOKEN), examples);
  const before = await snapshotDb(db);
  const acceptedBefore = report.accepted;
  mark = await changeMark(db);
  for (const request of hostileCatalogue(endpoint, shape, otherIds, options.depth)) note(await check(request));

  // 3. fast-check: random draws from the schema and the hostile pools; a failure is shrunk.
  if (options.randomRuns > 0) {
    try {
      await fc.assert(fc.asyncProperty(randomRequests(endpoint, shape, otherIds), async (request) => {
        const problem = await check(request);
        if (problem) throw new Error(problem);
      }), { numRuns: options.randomRuns, ...(options.seed === undefined ? {} : { seed: options.seed }), endOnFailure: true });
    } catch (error) {
      note(`${endpointKey(endpoint)} ${who} [fast-check] ${(error as Error).message.split('\n').slice(0, 8).join('\n    ')}`);
    }
  }

  // 4. Cross-check the change log against full snapshots when nothing was accepted.
  if (report.accepted === acceptedBefore) {
    const diff = diffSnapshots(before, await snapshotDb(db));
    if (diff.length) note(`${endpointKey(endpoint)} ${who}: nothing was accepted, yet the database changed:\n    ${diff.join('\n    ')}`);
  }
  return report;
}

function randomRequests(endpoint: EndpointDef, shape: CallShape, otherIds: string[]): fc.Arbitrary<RawRequest> {
  const hasBody = endpoint.method !== 'GET' && endpoint.method !== 'DELETE';
  const options: Array<fc.Arbitrary<RawRequest>> = [];
  if (hasBody && endpoint.body) {
    options.push(arbitraryFor(endpoint.body).map((body) => requestFor(endpoint, { ...shape, body }, 'generated body')));
    options.push(hostileValueArbitrary.map((body) => requestFor(endpoint, { ...shape, body }, 'random body')));
  }
  const fields = shape.body && typeof shape.body === 'object' && !Array.isArray(shape.body) ? Object.keys(shape.body) : [];
  if (hasBody && fields.length) {
    options.push(fc.tuple(fc.constantFrom(...fields), hostileValueArbitrary).map(([key, value]) =>
      requestFor(endpoint, { ...shape, body: { ...(shape.body as object), [key]: value } }, `${key}=random`)));
  }
  if (endpoint.query) {
    options.push(arbitraryFor(endpoint.query).map((q) => requestFor(endpoint, { ...shape, query: stringRecord(q) }, 'generated query')));
  }
  options.push(fc.dictionary(fc.string({ maxLength: 20 }), fc.string({ maxLength: 200 }), { maxKeys: 4 })
    .map((q) => requestFor(endpoint, { ...shape, query: { ...shape.query, ...q } }, 'random query')));
  const params = pathParamNames(endpoint);
  if (params.length) {
    const values = fc.oneof(fc.constantFrom(...PATH_ATTACKS, ...hostileIds(otherIds)), fc.string({ maxLength: 250, unit: 'grapheme' }));
    options.push(fc.tuple(fc.constantFrom(...params), values).map(([name, value]) =>
      requestFor(endpoint, { ...shape, params: { ...shape.params, [name]: value } }, `:${name}=random`)));
  }
  return fc.oneof(...options);
}

function stringRecord(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
}
