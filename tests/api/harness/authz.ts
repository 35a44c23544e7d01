// The authz table, generated from the contract: every endpoint whose path parameters name a
// player or something a player owns (examples.ts decides which, and who may use it) is called
// by an intruder on the owner's resource. Owner-only endpoints must refuse (401/403/404) and
// change nothing, and the owner's own identical call must succeed, which proves the refusal
// was about ownership and not a broken example. Plus a blunter check for every endpoint: a
// player acting on their own things never changes another player's rows.
import type { EndpointDef } from '../../../contract/http';
import type { Db } from '../../../server/db/createDb';
import { cookieHeader, reviveSession, type Actor } from './actors';
import { endpointKey } from './contract';
import { EXAMPLES, exampleOf, okStatuses, ownerParamsOf, ownershipOf, resolveCall, type Example } from './examples';
import { requestFor } from './hostile';
import { changeMark, changesSince, rowsMentioning, snapshotDb } from './snapshot';
import { sessionCookieOf, type Reply, type Transport } from './transport';

export interface AuthzSetup {
  send: Transport;
  /** With installChangeLog() applied. */
  db: Db;
  owner: Actor;
  intruder: Actor;
  botToken(): Promise<string>;
  examples?: Record<string, Example>;
}

/** Endpoints in the authz table: player-facing, with at least one owner parameter. */
export function authzTable(endpoints: EndpointDef[], examples: Record<string, Example> = EXAMPLES): EndpointDef[] {
  // Admin endpoints act on any player by design: their matrix is 401 anonymous / 403 players /
  // allowed to admins (tests/api/security.test.ts, admin-console.test.ts), not ownership.
  return endpoints.filter((e) => e.access !== 'gameServer' && e.access !== 'admin' && ownerParamsOf(e, examples).length > 0);
}

/**
 * Prepares a valid call (the example may create things: that is set-up, not the call), then
 * sends it as `caller`. `mark` is taken between the two, for changesSince.
 */
async function callAs(setup: AuthzSetup, endpoint: EndpointDef, caller: Actor, owner: Actor): Promise<{ reply: Reply; mark: number }> {
  const examples = setup.examples ?? EXAMPLES;
  const call = await resolveCall(endpoint, { caller, owner, db: setup.db, send: setup.send, botToken: setup.botToken }, examples);
  const request = requestFor(endpoint, call);
  const mark = await changeMark(setup.db);
  const reply = await setup.send({ ...request, headers: { ...request.headers, ...cookieHeader(caller) } });
  // Keep the caller usable for the next row of the table.
  const cookie = sessionCookieOf(reply);
  if (cookie) caller.sid = cookie;
  else if (cookie === '' || exampleOf(endpoint, examples)?.endsSession) await reviveSession(setup.db, caller);
  return { reply, mark };
}

/** Problems with one row of the table; empty when the endpoint guards the owner's resources. */
export async function authzProblems(endpoint: EndpointDef, setup: AuthzSetup): Promise<string[]> {
  const examples = setup.examples ?? EXAMPLES;
  const key = endpointKey(endpoint);
  const ownership = ownershipOf(endpoint, examples);
  if (!ownership) return [`${key}: a read with owner parameters (${ownerParamsOf(endpoint, examples).join(', ')}) must declare ownership ('owner-only' or 'anyone') in tests/api/harness/examples.ts`];
  const ok = okStatuses(endpoint, examples);

  if (ownership === 'anyone') {
    const { reply } = await callAs(setup, endpoint, setup.intruder, setup.owner);
    return ok.includes(reply.status) ? [] : [`${key}: declared 'anyone', but another player's valid call answered ${reply.status}: ${reply.body.slice(0, 200)}`];
  }

  const problems: string[] = [];
  const { reply: intruding, mark } = await callAs(setup, endpoint, setup.intruder, setup.owner);
  if (intruding.status >= 200 && intruding.status < 300) problems.push(`${key}: another player's call on the owner's resource succeeded (${intruding.status}): ${intruding.body.slice(0, 200)}`);
  else if (![401, 403, 404].includes(intruding.status)) problems.push(`${key}: another player's call answered ${intruding.status}, not 401/403/404, so the check proves nothing: ${intruding.body.slice(0, 200)}`);
  const changed = await changesSince(setup.db, mark);
  if (!(intruding.status >= 200 && intruding.status < 300) && changed.length) problems.push(`${key}: the refused intrusion changed the database:\n    ${changed.join('\n    ')}`);

  const { reply: own } = await callAs(setup, endpoint, setup.owner, setup.owner);
  if (!ok.includes(own.status)) problems.push(`${key}: the owner's own valid call answered ${own.status} (expected ${ok.join('/')}), so the refusal above proves nothing; fix its entry in tests/api/harness/examples.ts: ${own.body.slice(0, 200)}`);
  return problems;
}

/**
 * Every endpoint, called validly by `setup.intruder` on their own things: none of the rows that
 * mention the owner may change (a WHERE clause that forgot the user, a mass update). Per call
 * through the change log; over the whole run, full snapshots as the cross-check.
 */
export async function isolationProblems(endpoints: EndpointDef[], setup: AuthzSetup): Promise<string[]> {
  const id = setup.owner.uuid;
  const before = rowsMentioning(await snapshotDb(setup.db), id);
  const problems: string[] = [];
  for (const endpoint of endpoints) {
    if (endpoint.access === 'gameServer' || endpoint.access === 'admin') continue;
    const { mark } = await callAs(setup, endpoint, setup.intruder, setup.intruder);
    const touched = (await changesSince(setup.db, mark, 1_000)).filter((line) => line.includes(id));
    if (touched.length) problems.push(`${endpointKey(endpoint)} by another player changed the owner's rows:\n    ${touched.slice(0, 10).join('\n    ')}`);
  }
  const after = rowsMentioning(await snapshotDb(setup.db), id);
  if (!problems.length && after.join('\n') !== before.join('\n')) {
    problems.push(`the owner's rows changed during the run, unseen by the change log:\n    - ${before.filter((r) => !after.includes(r)).join('\n    - ')}\n    + ${after.filter((r) => !before.includes(r)).join('\n    + ')}`);
  }
  return problems;
}
