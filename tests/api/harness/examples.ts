// What a valid call of an endpoint looks like, for the harness (fuzz baseline, authz table,
// security checks, scale-out, bench).
//
// Entries live in harness/examples/<feature>.ts, merged into EXAMPLES below.
//
// Most endpoints need nothing here: the harness generates a valid body/query from the contract's
// zod schemas and fills path parameters that look like owner ids (`:uuid`, `:clanId`, ...) with
// the owner's uuid. Add an entry, keyed `METHOD path` exactly as in contract/, when that is not
// enough: the body needs a bot-check token or a real password, a parameter must be the id of a
// resource that has to exist first (create it in `call`), another player may legitimately use the
// owner's resource (`ownership: 'anyone'`), or success is not a plain 200.
//
//   'PUT /api/clans/:clanId/color': {
//     async call(ctx) { return { params: { clanId: await clanLedBy(ctx, ctx.owner) }, body: { clanColor: '#e03131' } }; },
//     ownership: 'owner-only',
//   },
//
// Set-up helpers (coins, items, levels, clans, third players) are in harness/setup.ts.
//
// The security tests fail with a message pointing here when an endpoint cannot be called validly
// without an entry, so nobody has to remember to add one.
import type { EndpointDef } from '../../../contract/http';
import type { Db } from '../../../server/db/createDb';
import { validSample } from './arbitrary';
import type { Actor } from './actors';
import { endpointKey, OWNER_PARAM, pathParamNames } from './contract';
import type { CallShape } from './hostile';
import type { Transport } from './transport';
import { ADMIN_EXAMPLES } from './examples/admin';
import { AUTH_EXAMPLES } from './examples/auth';
import { CLAN_EXAMPLES } from './examples/clans';
import { ECONOMY_EXAMPLES } from './examples/economy';
import { SETTINGS_EXAMPLES } from './examples/settings';
import { PURCHASE_EXAMPLES } from './examples/purchases';
import { RIGHTS_EXAMPLES } from './examples/rights';

export interface ExampleContext {
  /** Who sends the request; null when anonymous. */
  caller: Actor | null;
  /** Whose resources the request refers to: the caller on the happy path, someone else in authz. */
  owner: Actor;
  db: Db;
  /** The app under test, to set things up through the API (add cookieHeader(actor) yourself). */
  send: Transport;
  /** A solved, unused bot-check token for this server. */
  botToken(): Promise<string>;
}

export interface Example {
  call(ctx: ExampleContext): Promise<Partial<CallShape>> | Partial<CallShape>;
  /** Statuses a correct valid call answers (default [200]). */
  ok?: number[];
  /**
   * Whether another player may make this call on the owner's resource. Default 'owner-only' for
   * state-changing endpoints; a GET with owner parameters must say (profiles are public,
   * wallets are not), or the authz table fails asking for it.
   */
  ownership?: 'owner-only' | 'anyone';
  /** Path parameters naming the owner's resources (default: those matching OWNER_PARAM). */
  ownerParams?: string[];
  /** The valid call ends the caller's session (logout) or replaces it (password change). */
  endsSession?: boolean;
  /** Succeeds once per player (a one-time claim): repeated calls (bench, workload) need new callers. */
  oncePerPlayer?: boolean;
}

/** Every entry, by feature (harness/examples/<feature>.ts). */
export const EXAMPLES: Record<string, Example> = { ...AUTH_EXAMPLES, ...ECONOMY_EXAMPLES, ...CLAN_EXAMPLES, ...SETTINGS_EXAMPLES, ...ADMIN_EXAMPLES, ...PURCHASE_EXAMPLES, ...RIGHTS_EXAMPLES };

export function exampleOf(endpoint: EndpointDef, examples: Record<string, Example> = EXAMPLES): Example | undefined {
  return examples[endpointKey(endpoint)];
}

export function ownerParamsOf(endpoint: EndpointDef, examples: Record<string, Example> = EXAMPLES): string[] {
  return exampleOf(endpoint, examples)?.ownerParams ?? pathParamNames(endpoint).filter((p) => OWNER_PARAM.test(p));
}

export function ownershipOf(endpoint: EndpointDef, examples: Record<string, Example> = EXAMPLES): 'owner-only' | 'anyone' | undefined {
  return exampleOf(endpoint, examples)?.ownership ?? (endpoint.method === 'GET' ? undefined : 'owner-only');
}

export const okStatuses = (endpoint: EndpointDef, examples: Record<string, Example> = EXAMPLES): number[] =>
  exampleOf(endpoint, examples)?.ok ?? [200];

export class MissingExample extends Error {
  constructor(endpoint: EndpointDef, what: string) {
    super(`${endpointKey(endpoint)}: cannot generate a valid ${what}; add an entry to EXAMPLES in tests/api/harness/examples.ts`);
  }
}

/** Generic valid values for a schema-declared parameter object (path params or query). */
function sampleRecord(endpoint: EndpointDef, schema: EndpointDef['params'], what: string): Record<string, string> {
  if (!schema) return {};
  const sample = validSample(schema);
  if (sample === undefined) throw new MissingExample(endpoint, what);
  return Object.fromEntries(Object.entries(sample as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
}

/** A valid call of `endpoint` in `ctx`: the example when there is one, generated otherwise. */
export async function resolveCall(endpoint: EndpointDef, ctx: ExampleContext, examples: Record<string, Example> = EXAMPLES): Promise<CallShape> {
  const example = exampleOf(endpoint, examples);
  const given = example ? await example.call(ctx) : {};
  const params = given.params ?? sampleRecord(endpoint, endpoint.params, 'path parameter set');
  if (!given.params) for (const name of ownerParamsOf(endpoint, examples)) params[name] = ctx.owner.uuid;
  const query = given.query ?? sampleRecord(endpoint, endpoint.query, 'query');
  let body = given.body;
  if (body === undefined && endpoint.body) {
    body = validSample(endpoint.body);
    if (body === undefined) throw new MissingExample(endpoint, 'body');
  }
  return { params, query, body, ...(given.headers ? { headers: given.headers } : {}) };
}
