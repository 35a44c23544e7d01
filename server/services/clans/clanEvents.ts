// What the clan services tell players live (services/live/liveEvents.ts), in the change's transaction:
// the invited player, the clan's admin when someone joins or asks to, a removed member, and every
// member of a disbanded clan. The shell refreshes its clan views on each (src/api/liveEvents.ts).
import type { Executor, Trx } from '../../db/tx';
import { publishLiveEvent } from '../live/liveEvents';

async function adminOf(db: Executor, clanId: string): Promise<string | null> {
  const row = await db.selectFrom('clan_members').select('user_id').where('clan_id', '=', clanId).where('role', '=', 'admin').executeTakeFirst();
  return row?.user_id ?? null;
}

async function usernameOf(db: Executor, userId: string): Promise<string> {
  const row = await db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirst();
  return row?.username ?? '';
}

/** The invited player, told who invited them (the clan's admin who sent it). */
export async function tellInvited(trx: Trx, userId: string, clan: { id: string; name: string }, inviterId: string): Promise<void> {
  await publishLiveEvent(trx, userId, { type: 'clanInvite', clanId: clan.id, clanName: clan.name, invitedBy: await usernameOf(trx, inviterId) });
}

/**
 * Someone joined (an invite accepted, or their request accepted): the admin and the newcomer,
 * except whichever of them did it. The one who acted reads their own answer ("You joined…",
 * "…accepted"); a live toast about the same act would replace that answer in the shell's
 * one-toast area a moment later.
 */
export async function tellJoined(trx: Trx, userId: string, clan: { id: string; name: string }, actorId: string): Promise<void> {
  const event = { type: 'clanAccept' as const, clanId: clan.id, clanName: clan.name, username: await usernameOf(trx, userId) };
  const admin = await adminOf(trx, clan.id);
  const told = new Set([admin, userId].filter((id): id is string => id !== null && id !== actorId));
  for (const id of told) await publishLiveEvent(trx, id, event);
}

export async function tellJoinRequest(trx: Trx, userId: string, clanId: string): Promise<void> {
  const admin = await adminOf(trx, clanId);
  if (admin) await publishLiveEvent(trx, admin, { type: 'clanJoinRequest', clanId, username: await usernameOf(trx, userId) });
}

/** A member left: the clan's admin (whose member list would otherwise keep them). */
export async function tellLeft(trx: Trx, userId: string, clan: { id: string; name: string }): Promise<void> {
  const admin = await adminOf(trx, clan.id);
  if (admin && admin !== userId) await publishLiveEvent(trx, admin, { type: 'clanLeft', clanId: clan.id, clanName: clan.name, username: await usernameOf(trx, userId) });
}

export async function tellRemoved(trx: Trx, userIds: string[], clan: { id: string; name: string }): Promise<void> {
  for (const userId of userIds) await publishLiveEvent(trx, userId, { type: 'clanRemoval', clanId: clan.id, clanName: clan.name });
}
