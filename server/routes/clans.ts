import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import * as c from '../../contract/clans';
import { toBigInt } from '../db/values';
import { route } from '../route';
import * as clans from '../services/clans';

/** `%`, `_` and `\` are literal in a search, not LIKE wildcards. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

export async function clanRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  route(app, c.myStatus, async ({ user }) => {
    const m = await clans.membershipOf(db, user.id);
    return m ? { status: m.role, clan: { clanId: m.clanId } } : { status: 'non-member' as const, clan: null };
  });

  route(app, c.myInvites, async ({ user }) => {
    const rows = await db.selectFrom('clan_invites').innerJoin('clans', 'clans.id', 'clan_invites.clan_id')
      .select(['clan_invites.id', 'clans.id as clanId', 'clans.tag', 'clans.name', 'clans.color', 'clan_invites.created_at'])
      .where('clan_invites.user_id', '=', user.id).where('clan_invites.status', '=', 'pending').where('clans.disbanded_at', 'is', null)
      .orderBy('clan_invites.created_at', 'desc').execute();
    return rows.map((r) => ({ inviteId: r.id, clanId: r.clanId, clanTag: r.tag, clanName: r.name, clanColor: r.color, createdAt: new Date(r.created_at).toISOString() }));
  });

  route(app, c.searchClans, async ({ query }) => {
    const q = query.q.trim();
    if (!q) return [];
    const pattern = `%${likeEscape(q.toLowerCase())}%`;
    const ids = await db.selectFrom('clans').select('id').where('disbanded_at', 'is', null)
      .where((eb) => eb.or([eb(sql`lower(name)`, 'like', pattern), eb(sql`lower(tag)`, 'like', pattern)]))
      .orderBy('name').limit(10).execute();
    return clans.clansWithMembers(db, ids.map((r) => r.id));
  });

  route(app, c.browseClans, async ({ query }) => {
    const total = await db.selectFrom('clans').select(sql<string>`count(*)`.as('n')).where('disbanded_at', 'is', null).executeTakeFirstOrThrow();
    const totalClans = Number(toBigInt(total.n));
    const totalPages = Math.max(1, Math.ceil(totalClans / query.limit));
    const page = Math.min(query.page, totalPages);
    const ids = await db.selectFrom('clans').select('id').where('disbanded_at', 'is', null)
      .orderBy('created_at').orderBy('id').limit(query.limit).offset((page - 1) * query.limit).execute();
    return { clans: await clans.clansWithMembers(db, ids.map((r) => r.id)), pagination: { currentPage: page, totalPages, totalClans } };
  });

  route(app, c.clanDetails, async ({ params }) => clans.details(db, params.clanId));

  route(app, c.sentInvites, async ({ params, user }) => {
    await clans.assertAdmin(db, params.clanId, user.id);
    const rows = await db.selectFrom('clan_invites').innerJoin('users', 'users.id', 'clan_invites.user_id')
      .select(['clan_invites.id', 'users.username', 'clan_invites.created_at'])
      .where('clan_invites.clan_id', '=', params.clanId).where('clan_invites.status', '=', 'pending')
      .orderBy('clan_invites.created_at', 'desc').execute();
    return rows.map((r) => ({ inviteId: r.id, username: r.username, createdAt: new Date(r.created_at).toISOString() }));
  });

  route(app, c.joinRequests, async ({ params, user }) => {
    await clans.assertAdmin(db, params.clanId, user.id);
    const rows = await db.selectFrom('clan_requests').innerJoin('users', 'users.id', 'clan_requests.user_id')
      .select(['clan_requests.id', 'users.username', 'clan_requests.created_at'])
      .where('clan_requests.clan_id', '=', params.clanId).where('clan_requests.status', '=', 'pending')
      .orderBy('clan_requests.created_at').execute();
    return rows.map((r) => ({ requestId: r.id, username: r.username, createdAt: new Date(r.created_at).toISOString() }));
  });

  route(app, c.createClan, async ({ body, user }) => {
    const clanId = await clans.createClan(db, user.id, body);
    return { message: `Clan [${body.clanTag}] ${body.clanName} created`, clan: await clans.details(db, clanId) };
  });

  route(app, c.acceptInvite, async ({ params, user }) => {
    const joined = await clans.acceptInvite(db, user.id, params.inviteId);
    return { message: `You joined ${joined.clanName}`, ...joined };
  });

  route(app, c.declineInvite, async ({ params, user }) => {
    await clans.declineInvite(db, user.id, params.inviteId);
    return { message: 'Invite declined' };
  });

  route(app, c.leaveClan, async ({ params, user }) => {
    await clans.leave(db, user.id, params.clanId);
    return { message: 'You left the clan' };
  });

  route(app, c.invitePlayer, async ({ params, body, user }) => {
    const sent = await clans.invite(db, user.id, params.clanId, body.username);
    return { message: `Invite sent to ${sent.username}`, invite: sent };
  });

  route(app, c.cancelInvite, async ({ params, user }) => {
    await clans.cancelInvite(db, user.id, params.clanId, params.inviteId);
    return { message: 'Invite cancelled' };
  });

  route(app, c.removeMember, async ({ params, user }) => {
    await clans.removeMember(db, user.id, params.clanId, params.uuid);
    return { message: 'Member removed' };
  });

  route(app, c.transferOwnership, async ({ params, body, user }) => {
    const newAdmin = await clans.transfer(db, user.id, params.clanId, body.newAdminUuid);
    return { message: `${newAdmin.username} is now the clan admin`, newAdmin };
  });

  route(app, c.updateColor, async ({ params, body, user }) => {
    await clans.updateColor(db, user.id, params.clanId, body.clanColor);
    return { message: 'Clan colour updated', clanColor: body.clanColor };
  });

  route(app, c.disbandClan, async ({ params, user }) => {
    await clans.disband(db, user.id, params.clanId);
    return { message: 'Clan deleted' };
  });

  route(app, c.requestToJoin, async ({ params, user }) => {
    const clanName = await clans.requestToJoin(db, user.id, params.clanId);
    return { message: `Request sent to ${clanName}`, clanName };
  });

  route(app, c.acceptRequest, async ({ params, user }) => {
    const username = await clans.acceptRequest(db, user.id, params.requestId);
    return { message: `${username} joined the clan`, username };
  });

  route(app, c.declineRequest, async ({ params, user }) => {
    await clans.declineRequest(db, user.id, params.requestId);
    return { message: 'Request declined' };
  });
}
