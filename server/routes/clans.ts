import type { FastifyInstance } from 'fastify';
import * as c from '../../contract/clans';
import { route } from '../route';
import * as queries from '../services/clans/clanQueries';
import * as clans from '../services/clans/clans';
import { said } from '../../contract/texts';

/** A change's answer: its English and the code with values the shell words (CLAN_DONE_*). */
function done(what: keyof typeof c.CLAN_TEXT.done, ...values: string[]) {
  const { text, ref } = said(`clan.done.${what}`, ...values);
  return { message: text, messageText: ref };
}

export async function clanRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  route(app, c.myStatus, async ({ user }) => {
    const m = await clans.membershipOf(db, user.id);
    return m ? { status: m.role, clan: { clanId: m.clanId } } : { status: 'non-member' as const, clan: null };
  });

  route(app, c.myInvites, async ({ user }) => queries.invitesOf(db, user.id));

  route(app, c.searchClans, async ({ query, user }) => queries.searchClans(db, query.q, user?.id ?? null));

  route(app, c.browseClans, async ({ query, user }) => queries.browseClans(db, query, user?.id ?? null));

  route(app, c.clanDetails, async ({ params, user }) => queries.details(db, params.clanId, user?.id ?? null));

  route(app, c.sentInvites, async ({ params, user }) => {
    await clans.assertAdmin(db, params.clanId, user.id);
    return queries.sentInvitesOf(db, params.clanId);
  });

  route(app, c.joinRequests, async ({ params, user }) => {
    await clans.assertAdmin(db, params.clanId, user.id);
    return queries.joinRequestsOf(db, params.clanId);
  });

  route(app, c.createClan, async ({ body, user, trx }) => {
    const clanId = await clans.createClan(trx, user.id, body);
    return { ...done('created', body.clanTag, body.clanName), clan: await queries.details(trx, clanId, user.id) };
  });

  route(app, c.acceptInvite, async ({ params, user, trx }) => {
    const joined = await clans.acceptInvite(trx, user.id, params.inviteId);
    return { ...done('joined', joined.clanName), ...joined };
  });

  route(app, c.declineInvite, async ({ params, user, trx }) => {
    await clans.declineInvite(trx, user.id, params.inviteId);
    return done('inviteDeclined');
  });

  route(app, c.leaveClan, async ({ params, user, trx }) => {
    await clans.leave(trx, user.id, params.clanId);
    return done('left');
  });

  route(app, c.invitePlayer, async ({ params, body, user, trx }) => {
    const sent = await clans.invite(trx, user.id, params.clanId, body.username);
    return { ...done('inviteSent', sent.username), invite: sent };
  });

  route(app, c.cancelInvite, async ({ params, user, trx }) => {
    await clans.cancelInvite(trx, user.id, params.clanId, params.inviteId);
    return done('inviteCancelled');
  });

  route(app, c.removeMember, async ({ params, user, trx }) => {
    await clans.removeMember(trx, user.id, params.clanId, params.uuid);
    return done('memberRemoved');
  });

  route(app, c.transferOwnership, async ({ params, body, user, trx }) => {
    const newAdmin = await clans.transfer(trx, user.id, params.clanId, body.newAdminUuid);
    return { ...done('newAdmin', newAdmin.username), newAdmin };
  });

  route(app, c.updateColor, async ({ params, body, user, trx }) => {
    await clans.updateColor(trx, user.id, params.clanId, body.clanColor);
    return { ...done('colorUpdated'), clanColor: body.clanColor };
  });

  route(app, c.disbandClan, async ({ params, user, trx }) => {
    await clans.disband(trx, user.id, params.clanId);
    return done('deleted');
  });

  route(app, c.requestToJoin, async ({ params, user, trx }) => {
    const clanName = await clans.requestToJoin(trx, user.id, params.clanId);
    return { ...done('requestSent', clanName), clanName };
  });

  route(app, c.acceptRequest, async ({ params, user, trx }) => {
    const username = await clans.acceptRequest(trx, user.id, params.requestId);
    return { ...done('memberJoined', username), username };
  });

  route(app, c.declineRequest, async ({ params, user, trx }) => {
    await clans.declineRequest(trx, user.id, params.requestId);
    return done('requestDeclined');
  });
}
