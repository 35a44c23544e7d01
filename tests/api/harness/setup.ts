// Building blocks for examples (examples/*.ts): things a valid call needs to exist first. Value
// goes through the real ledger service (as an award from the mint would); everything else goes
// through the API itself, so the examples depend on the contract, not on feature internals.
import { randomBytes } from 'node:crypto';
import { CLAN_COLORS, ClanStatus } from '../../../contract/clans';
import { CLAN_CREATE_MIN_LEVEL, xpRequiredForLevel } from '../../../contract/levels';
import type { Db } from '../../../server/db/createDb';
import { inTransaction } from '../../../server/db/tx';
import { MINT, moveCoins, moveItems, playerAccount } from '../../../server/services/economy/ledger';
import { addXp } from '../../../server/services/progress/progress';
import { cookieHeader, registerActor, type Actor } from './actors';
import type { ExampleContext } from './examples';

/** One setup request as `actor`, its answer whatever it is. */
function setupRequest(ctx: ExampleContext, actor: Actor | null, method: string, url: string, body?: unknown) {
  return ctx.send({
    label: `setup ${method} ${url}`, method, url,
    headers: { ...cookieHeader(actor), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

/** A setup request's answer when it is not 2xx. */
const setupFailed = (method: string, url: string, reply: { status: number; body: string }) =>
  new Error(`example setup ${method} ${url} answered ${reply.status}: ${reply.body.slice(0, 200)}`);

/** Calls the API as `actor` and returns the parsed 2xx answer; throws (naming the call) otherwise. */
export async function api<T = unknown>(ctx: ExampleContext, actor: Actor | null, method: string, url: string, body?: unknown): Promise<T> {
  const reply = await setupRequest(ctx, actor, method, url, body);
  if (reply.status < 200 || reply.status >= 300) throw setupFailed(method, url, reply);
  return JSON.parse(reply.body) as T;
}

export async function fundCoins(db: Db, actor: Actor, hundredths: bigint): Promise<void> {
  await inTransaction(db, (trx) => moveCoins(trx, { from: MINT, to: playerAccount(actor.uuid), amount: hundredths, reason: 'harness-setup' }));
}

export async function fundItems(db: Db, actor: Actor, itemUuid: string, quantity: bigint): Promise<void> {
  await inTransaction(db, (trx) => moveItems(trx, itemUuid, { from: MINT, to: playerAccount(actor.uuid), amount: quantity, reason: 'harness-setup' }));
}

export async function reachLevel(db: Db, actor: Actor, level: number): Promise<void> {
  await inTransaction(db, (trx) => addXp(trx, actor.uuid, xpRequiredForLevel(level)));
}

/** A third player, for calls that need a counterpart (an invitee, a new member). */
export const thirdPlayer = (ctx: ExampleContext): Promise<Actor> => registerActor(ctx.send);

const counterparts = new WeakMap<Actor, Promise<Actor>>();
/** One lasting third player per owner (a transfer's recipient, a seller): cheaper than a new one per call. */
export function counterpartOf(ctx: ExampleContext): Promise<Actor> {
  let counterpart = counterparts.get(ctx.owner);
  if (!counterpart) { counterpart = registerActor(ctx.send); counterparts.set(ctx.owner, counterpart); }
  return counterpart;
}

/** Leaves (or, as its admin, disbands) whatever clan the actor is in. */
export async function leaveAnyClan(ctx: ExampleContext, actor: Actor): Promise<void> {
  const status = ClanStatus.parse(await api(ctx, actor, 'GET', '/api/clans/my-status'));
  if (!status.clan) return;
  if (status.status === 'admin') await api(ctx, actor, 'DELETE', `/api/clans/${status.clan.clanId}`);
  else await api(ctx, actor, 'DELETE', `/api/clans/${status.clan.clanId}/leave`);
}

/** A new clan with `admin` as its admin (levelled up and out of any other clan first). */
export async function clanLedBy(ctx: ExampleContext, admin: Actor): Promise<string> {
  await leaveAnyClan(ctx, admin);
  await reachLevel(ctx.db, admin, CLAN_CREATE_MIN_LEVEL);
  // A tag has 2-5 characters and the harness's clans are never deleted, so over a database's life
  // a random tag meets one taken (or looking the same) now and then: then another one.
  for (let attempt = 1; ; attempt++) {
    const suffix = randomBytes(3).toString('hex').toUpperCase();
    const reply = await setupRequest(ctx, admin, 'POST', '/api/clans/create', { clanName: `Harness ${suffix}`, clanTag: suffix.slice(0, 5), clanColor: CLAN_COLORS[0] });
    const taken = reply.status === 409 && /"code":"CLAN_(TAG|NAME)_[A-Z_]+"/.test(reply.body);
    if (taken && attempt < 8) continue;
    if (reply.status < 200 || reply.status >= 300) throw setupFailed('POST', '/api/clans/create', reply);
    return (JSON.parse(reply.body) as { clan: { clanId: string } }).clan.clanId;
  }
}

export async function inviteInto(ctx: ExampleContext, clanId: string, admin: Actor, invitee: Actor): Promise<string> {
  const answer = await api<{ invite: { inviteId: string } }>(ctx, admin, 'POST', `/api/clans/${clanId}/invite`, { username: invitee.username });
  return answer.invite.inviteId;
}

/** Makes `member` a member of the clan (invited by its admin, accepted). */
export async function joinClan(ctx: ExampleContext, clanId: string, admin: Actor, member: Actor): Promise<void> {
  await leaveAnyClan(ctx, member);
  const inviteId = await inviteInto(ctx, clanId, admin, member);
  await api(ctx, member, 'POST', `/api/clans/invites/${inviteId}/accept`, {});
}
