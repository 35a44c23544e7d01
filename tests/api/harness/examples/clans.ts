// Valid calls of the clan endpoints. The owner of a clan resource is its admin, except for an
// invite (the invitee's) and leaving (a member's). Third players fill the other roles.
import { CLAN_COLORS } from '../../../../contract/clans';
import type { Example, ExampleContext } from '../examples';
import { api, clanLedBy, inviteInto, joinClan, leaveAnyClan, thirdPlayer } from '../setup';

/** A clan the owner administers, as `{ clanId }` params. */
const ownersClan = async (ctx: ExampleContext) => ({ clanId: await clanLedBy(ctx, ctx.owner) });

/** An invite from a third player's clan to the owner. */
async function inviteForOwner(ctx: ExampleContext): Promise<string> {
  const admin = await thirdPlayer(ctx);
  const clanId = await clanLedBy(ctx, admin);
  await leaveAnyClan(ctx, ctx.owner);
  return inviteInto(ctx, clanId, admin, ctx.owner);
}

/** A pending join request, from a third player, to the owner's clan. */
async function requestToOwner(ctx: ExampleContext): Promise<string> {
  const { clanId } = await ownersClan(ctx);
  const asker = await thirdPlayer(ctx);
  await api(ctx, asker, 'POST', `/api/clans/${clanId}/request`, {});
  const pending = await api<Array<{ requestId: string }>>(ctx, ctx.owner, 'GET', `/api/clans/${clanId}/requests`);
  return pending[0]?.requestId ?? '';
}

export const CLAN_EXAMPLES: Record<string, Example> = {
  // Any logged-in player may look at a clan and ask to join it.
  'GET /api/clans/:clanId': { async call(ctx) { return { params: await ownersClan(ctx) }; }, ownership: 'anyone' },
  'POST /api/clans/:clanId/request': {
    async call(ctx) {
      const params = await ownersClan(ctx);
      if (ctx.caller && ctx.caller !== ctx.owner) await leaveAnyClan(ctx, ctx.caller);
      return { params, body: {} };
    },
    ownership: 'anyone',
  },
  'GET /api/clans/:clanId/invites': { async call(ctx) { return { params: await ownersClan(ctx) }; }, ownership: 'owner-only' },
  'GET /api/clans/:clanId/requests': { async call(ctx) { return { params: await ownersClan(ctx) }; }, ownership: 'owner-only' },
  'PUT /api/clans/:clanId/color': { async call(ctx) { return { params: await ownersClan(ctx), body: { clanColor: CLAN_COLORS[1] } }; } },
  'DELETE /api/clans/:clanId': { async call(ctx) { return { params: await ownersClan(ctx) }; } },
  'POST /api/clans/:clanId/invite': {
    async call(ctx) { return { params: await ownersClan(ctx), body: { username: (await thirdPlayer(ctx)).username } }; },
  },
  'DELETE /api/clans/:clanId/invites/:inviteId': {
    async call(ctx) {
      const { clanId } = await ownersClan(ctx);
      return { params: { clanId, inviteId: await inviteInto(ctx, clanId, ctx.owner, await thirdPlayer(ctx)) } };
    },
  },
  'DELETE /api/clans/:clanId/members/:uuid': {
    async call(ctx) {
      const { clanId } = await ownersClan(ctx);
      const member = await thirdPlayer(ctx);
      await joinClan(ctx, clanId, ctx.owner, member);
      return { params: { clanId, uuid: member.uuid } };
    },
  },
  'POST /api/clans/:clanId/transfer': {
    async call(ctx) {
      const { clanId } = await ownersClan(ctx);
      const member = await thirdPlayer(ctx);
      await joinClan(ctx, clanId, ctx.owner, member);
      return { params: { clanId }, body: { newAdminUuid: member.uuid } };
    },
  },
  // Leaving is the member's own act: the owner joins a third player's clan first.
  'DELETE /api/clans/:clanId/leave': {
    async call(ctx) {
      const admin = await thirdPlayer(ctx);
      const clanId = await clanLedBy(ctx, admin);
      await joinClan(ctx, clanId, admin, ctx.owner);
      return { params: { clanId } };
    },
  },
  'POST /api/clans/invites/:inviteId/accept': { async call(ctx) { return { params: { inviteId: await inviteForOwner(ctx) }, body: {} }; } },
  'POST /api/clans/invites/:inviteId/decline': { async call(ctx) { return { params: { inviteId: await inviteForOwner(ctx) }, body: {} }; } },
  'POST /api/clans/requests/:requestId/accept': { async call(ctx) { return { params: { requestId: await requestToOwner(ctx) }, body: {} }; } },
  'POST /api/clans/requests/:requestId/decline': { async call(ctx) { return { params: { requestId: await requestToOwner(ctx) }, body: {} }; } },
};
