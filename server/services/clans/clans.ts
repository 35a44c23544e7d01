// Clan rules (decided where the spec says "not shown"):
// - a player is in at most one clan; only non-members create, accept invites or ask to join;
// - creating needs level 15; names 3-20 characters and tags 2-5 (uppercase) are unique among
//   living clans regardless of case; the colour is one of the 16 of the palette;
// - exactly one admin: the admin cannot leave (transfer or disband first), cannot be removed,
//   and is not a transfer target; a transfer swaps roles in one transaction;
// - one pending invite per player and clan, one pending request per player and clan; joining a
//   clan closes the player's other pending invites and requests;
// - disbanding makes everyone a non-member and closes pending invites and requests.
// Every change locks the clan row, so changes to one clan happen one at a time. A change to a
// player's membership (create, accept an invite or a request, leave) locks that player first and
// then the clan: one order everywhere, so two of them wait for each other instead of
// deadlocking, and the second sees the first's outcome (409 "already in a clan").
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { CLAN_TEXT } from '../../../contract/clans';
import { CLAN_CREATE_MIN_LEVEL } from '../../../contract/levels';
import { attempt, isUniqueViolation, type Executor, type Trx } from '../../db/tx';
import { conflict, forbidden, invalid, notFound } from '../errors';
import { currentLevelOf, progressOf } from '../progress/progress';
import { clanConflict, clanSkeletons } from '../accounts/names';
import { tellInvited, tellJoined, tellJoinRequest, tellLeft, tellRemoved } from './clanEvents';

export interface Membership { clanId: string; role: 'admin' | 'member' }

export async function membershipOf(db: Executor, userId: string): Promise<Membership | null> {
  const row = await db.selectFrom('clan_members').select(['clan_id', 'role']).where('user_id', '=', userId).executeTakeFirst();
  return row ? { clanId: row.clan_id, role: row.role } : null;
}

/** Locks the player's row (membership changes of one player happen one at a time). */
async function lockPlayer(trx: Trx, userId: string): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().executeTakeFirst();
}

/** Locks a living clan for the rest of the transaction; 404 when there is none. */
async function lockClan(trx: Trx, clanId: string): Promise<{ id: string; name: string; tag: string; color: string }> {
  const clan = await trx.selectFrom('clans').select(['id', 'name', 'tag', 'color'])
    .where('id', '=', clanId).where('disbanded_at', 'is', null).forUpdate().executeTakeFirst();
  if (!clan) throw notFound(CLAN_TEXT.clanNotFound);
  return clan;
}

async function requireAdmin(trx: Executor, clanId: string, userId: string): Promise<void> {
  const m = await membershipOf(trx, userId);
  if (!m || m.clanId !== clanId || m.role !== 'admin') throw forbidden(CLAN_TEXT.adminOnly, 'CLAN_ADMIN_ONLY');
}

async function requireNonMember(trx: Executor, userId: string, message: string = CLAN_TEXT.alreadyInClan): Promise<void> {
  if (await membershipOf(trx, userId)) throw conflict(message, 'ALREADY_IN_CLAN');
}

/** A player joins: membership, and every other pending invite and request of theirs closes. */
async function join(trx: Trx, clanId: string, userId: string, role: 'admin' | 'member'): Promise<void> {
  try {
    await trx.insertInto('clan_members').values({ user_id: userId, clan_id: clanId, role }).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(CLAN_TEXT.alreadyInClan, 'ALREADY_IN_CLAN');
    throw error;
  }
  await trx.updateTable('clan_invites').set({ status: 'closed' }).where('user_id', '=', userId).where('status', '=', 'pending').execute();
  await trx.updateTable('clan_requests').set({ status: 'closed' }).where('user_id', '=', userId).where('status', '=', 'pending').execute();
}

export async function playerLevel(db: Executor, userId: string): Promise<number> {
  return currentLevelOf((await progressOf(db, userId)).achieved);
}

export async function createClan(trx: Trx, userId: string, input: { clanName: string; clanTag: string; clanColor: string }): Promise<string> {
  if ((await playerLevel(trx, userId)) < CLAN_CREATE_MIN_LEVEL) throw forbidden(CLAN_TEXT.levelRequired, 'LEVEL_TOO_LOW');
  const clanId = randomUUID();
  await lockPlayer(trx, userId);
  await requireNonMember(trx, userId);
  try {
    await attempt(trx, () => trx.insertInto('clans').values({ id: clanId, name: input.clanName, tag: input.clanTag, color: input.clanColor, ...clanSkeletons(input) }).execute());
  } catch (error) {
    if (isUniqueViolation(error)) throw await clanConflict(trx, input);
    throw error;
  }
  await join(trx, clanId, userId, 'admin');
  return clanId;
}

export async function acceptInvite(trx: Trx, userId: string, inviteId: string): Promise<{ clanId: string; clanName: string }> {
  await lockPlayer(trx, userId);
  // Accepted another invite a moment ago (which closed this one): that is the answer.
  await requireNonMember(trx, userId);
  const invite = await trx.selectFrom('clan_invites').select(['clan_id']).where('id', '=', inviteId)
    .where('user_id', '=', userId).where('status', '=', 'pending').executeTakeFirst();
  if (!invite) throw notFound(CLAN_TEXT.inviteNotFound);
  const clan = await lockClan(trx, invite.clan_id);
  const taken = await trx.updateTable('clan_invites').set({ status: 'accepted' }).where('id', '=', inviteId).where('status', '=', 'pending').returning('id').executeTakeFirst();
  if (!taken) throw notFound(CLAN_TEXT.inviteNotFound);
  await join(trx, clan.id, userId, 'member');
  await tellJoined(trx, userId, clan, userId);
  return { clanId: clan.id, clanName: clan.name };
}

export async function declineInvite(trx: Trx, userId: string, inviteId: string): Promise<void> {
  const done = await trx.updateTable('clan_invites').set({ status: 'declined' })
    .where('id', '=', inviteId).where('user_id', '=', userId).where('status', '=', 'pending').returning('id').executeTakeFirst();
  if (!done) throw notFound(CLAN_TEXT.inviteNotFound);
}

export async function leave(trx: Trx, userId: string, clanId: string): Promise<void> {
  await lockPlayer(trx, userId);
  const clan = await lockClan(trx, clanId);
  const m = await membershipOf(trx, userId);
  if (!m || m.clanId !== clanId) throw notFound(CLAN_TEXT.notInClan);
  if (m.role === 'admin') throw conflict(CLAN_TEXT.adminCannotLeave, 'ADMIN_CANNOT_LEAVE');
  await trx.deleteFrom('clan_members').where('user_id', '=', userId).execute();
  await tellLeft(trx, userId, clan);
}

export async function invite(trx: Trx, adminId: string, clanId: string, username: string): Promise<{ inviteId: string; username: string; createdAt: string }> {
  const clan = await lockClan(trx, clanId);
  await requireAdmin(trx, clanId, adminId);
  const target = await trx.selectFrom('users').select(['id', 'username']).where('username_lower', '=', username.toLowerCase()).where('deleted_at', 'is', null).executeTakeFirst();
  if (!target) throw notFound(CLAN_TEXT.playerNotFound);
  if (await membershipOf(trx, target.id)) throw conflict(CLAN_TEXT.playerInClan, 'PLAYER_IN_CLAN');
  const id = randomUUID();
  const row = await trx.insertInto('clan_invites').values({ id, clan_id: clanId, user_id: target.id, invited_by: adminId })
    .onConflict((oc) => oc.columns(['clan_id', 'user_id']).where('status', '=', 'pending').doNothing())
    .returning('created_at').executeTakeFirst();
  if (!row) throw conflict(CLAN_TEXT.invitePending, 'INVITE_PENDING');
  await tellInvited(trx, target.id, clan, adminId);
  return { inviteId: id, username: target.username, createdAt: new Date(row.created_at).toISOString() };
}

export async function cancelInvite(trx: Trx, adminId: string, clanId: string, inviteId: string): Promise<void> {
  await lockClan(trx, clanId);
  await requireAdmin(trx, clanId, adminId);
  const done = await trx.updateTable('clan_invites').set({ status: 'cancelled' })
    .where('id', '=', inviteId).where('clan_id', '=', clanId).where('status', '=', 'pending').returning('id').executeTakeFirst();
  if (!done) throw notFound(CLAN_TEXT.inviteNotFound);
}

export async function removeMember(trx: Trx, adminId: string, clanId: string, memberId: string): Promise<void> {
  const clan = await lockClan(trx, clanId);
  await requireAdmin(trx, clanId, adminId);
  const m = await membershipOf(trx, memberId);
  if (!m || m.clanId !== clanId) throw notFound(CLAN_TEXT.notAMember);
  if (m.role === 'admin') throw forbidden(CLAN_TEXT.cannotRemoveAdmin, 'CANNOT_REMOVE_ADMIN');
  await trx.deleteFrom('clan_members').where('user_id', '=', memberId).execute();
  await tellRemoved(trx, [memberId], clan);
}

export async function transfer(trx: Trx, adminId: string, clanId: string, newAdminId: string): Promise<{ uuid: string; username: string }> {
  await lockClan(trx, clanId);
  await requireAdmin(trx, clanId, adminId);
  const m = await membershipOf(trx, newAdminId);
  if (!m || m.clanId !== clanId || m.role !== 'member') throw invalid(CLAN_TEXT.transferTarget, 'BAD_TRANSFER_TARGET');
  // Demote first: the partial unique index allows one admin at any instant.
  await trx.updateTable('clan_members').set({ role: 'member' }).where('user_id', '=', adminId).execute();
  await trx.updateTable('clan_members').set({ role: 'admin' }).where('user_id', '=', newAdminId).execute();
  const user = await trx.selectFrom('users').select(['id', 'username']).where('id', '=', newAdminId).executeTakeFirstOrThrow();
  return { uuid: user.id, username: user.username };
}

export async function updateColor(trx: Trx, adminId: string, clanId: string, color: string): Promise<void> {
  await lockClan(trx, clanId);
  await requireAdmin(trx, clanId, adminId);
  await trx.updateTable('clans').set({ color }).where('id', '=', clanId).execute();
}

export async function disband(trx: Trx, adminId: string, clanId: string): Promise<void> {
  const clan = await lockClan(trx, clanId);
  await requireAdmin(trx, clanId, adminId);
  await trx.updateTable('clans').set({ disbanded_at: sql`now()` }).where('id', '=', clanId).execute();
  const gone = await trx.deleteFrom('clan_members').where('clan_id', '=', clanId).returning('user_id').execute();
  await tellRemoved(trx, gone.map((m) => m.user_id).filter((id) => id !== adminId), clan);
  await trx.updateTable('clan_invites').set({ status: 'closed' }).where('clan_id', '=', clanId).where('status', '=', 'pending').execute();
  await trx.updateTable('clan_requests').set({ status: 'closed' }).where('clan_id', '=', clanId).where('status', '=', 'pending').execute();
}

export async function requestToJoin(trx: Trx, userId: string, clanId: string): Promise<string> {
  await lockPlayer(trx, userId);
  const clan = await lockClan(trx, clanId);
  await requireNonMember(trx, userId);
  const row = await trx.insertInto('clan_requests').values({ id: randomUUID(), clan_id: clanId, user_id: userId })
    .onConflict((oc) => oc.columns(['clan_id', 'user_id']).where('status', '=', 'pending').doNothing())
    .returning('id').executeTakeFirst();
  if (!row) throw conflict(CLAN_TEXT.requestPending, 'REQUEST_PENDING');
  await tellJoinRequest(trx, userId, clanId);
  return clan.name;
}

async function pendingRequest(trx: Executor, requestId: string): Promise<{ clan_id: string; user_id: string }> {
  const request = await trx.selectFrom('clan_requests').select(['clan_id', 'user_id']).where('id', '=', requestId).where('status', '=', 'pending').executeTakeFirst();
  if (!request) throw notFound(CLAN_TEXT.requestNotFound);
  return request;
}

export async function acceptRequest(trx: Trx, adminId: string, requestId: string): Promise<string> {
  const request = await pendingRequest(trx, requestId);
  await lockPlayer(trx, request.user_id);
  // The requester joined another clan a moment ago: 409, whatever happened to this request.
  if (await membershipOf(trx, request.user_id)) throw conflict(CLAN_TEXT.requesterInClan, 'PLAYER_IN_CLAN');
  const clan = await lockClan(trx, request.clan_id);
  await requireAdmin(trx, request.clan_id, adminId);
  const taken = await trx.updateTable('clan_requests').set({ status: 'accepted' }).where('id', '=', requestId).where('status', '=', 'pending').returning('id').executeTakeFirst();
  if (!taken) throw notFound(CLAN_TEXT.requestNotFound);
  if (await membershipOf(trx, request.user_id)) throw conflict(CLAN_TEXT.requesterInClan, 'PLAYER_IN_CLAN');
  await join(trx, request.clan_id, request.user_id, 'member');
  await tellJoined(trx, request.user_id, clan, adminId);
  const user = await trx.selectFrom('users').select('username').where('id', '=', request.user_id).executeTakeFirstOrThrow();
  return user.username;
}

export async function declineRequest(trx: Trx, adminId: string, requestId: string): Promise<void> {
  const request = await pendingRequest(trx, requestId);
  await lockClan(trx, request.clan_id);
  await requireAdmin(trx, request.clan_id, adminId);
  await trx.updateTable('clan_requests').set({ status: 'declined' }).where('id', '=', requestId).execute();
}

export async function assertAdmin(db: Executor, clanId: string, userId: string): Promise<void> {
  const living = await db.selectFrom('clans').select('id').where('id', '=', clanId).where('disbanded_at', 'is', null).executeTakeFirst();
  if (!living) throw notFound(CLAN_TEXT.clanNotFound);
  await requireAdmin(db, clanId, userId);
}

