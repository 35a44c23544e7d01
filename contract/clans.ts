// Clans. Server rules the spec leaves open are decided here
// and enforced in server/services/clans/clans.ts.
import { z } from 'zod';
import { defineEndpoint, TextRef } from './http';
import { CLAN_CREATE_MIN_LEVEL } from './levels';
import { nameCharacterProblem } from './names';

/** The 16 clan colours; the default is the 13th, a blue. */
export const CLAN_COLORS = [
  '#e03131', '#c2255c', '#9c36b5', '#6741d9', '#3b5bdb', '#1971c2', '#0c8599', '#099268',
  '#2f9e44', '#66a80f', '#f08c00', '#e8590c', '#228be6', '#495057', '#868e96', '#f8f9fa',
] as const;
export const DEFAULT_CLAN_COLOR = CLAN_COLORS[12];
export const CLAN_PAGE_SIZE = 10;

export const CLAN_TEXT = {
  nameRule: 'Clan name must be 3-20 characters',
  tagRule: 'Clan tag must be 2-5 characters',
  levelRequired: `Must be level ${CLAN_CREATE_MIN_LEVEL} to create clan`,
  selectPlayer: 'Please select a player from the search results',
  invalidColor: 'Choose one of the clan colours',
  alreadyInClan: 'You are already in a clan',
  notInClan: 'You are not in a clan',
  nameTaken: 'A clan with that name already exists',
  tagTaken: 'A clan with that tag already exists',
  nameLookalike: 'A clan with a name that looks the same already exists',
  tagLookalike: 'A clan with a tag that looks the same already exists',
  clanNotFound: 'Clan not found',
  adminOnly: 'Only the clan admin can do that',
  adminCannotLeave: 'The admin cannot leave the clan: transfer ownership or disband it first',
  playerNotFound: 'Player not found',
  playerInClan: 'That player is already in a clan',
  invitePending: 'That player already has a pending invite to this clan',
  inviteNotFound: 'Invite not found',
  requestPending: 'You already asked to join this clan',
  requestNotFound: 'Join request not found',
  requesterInClan: 'That player has joined another clan',
  cannotRemoveAdmin: 'The clan admin cannot be removed',
  notAMember: 'That player is not a member of this clan',
  transferTarget: 'Choose a member of your clan to become admin',
  disbandName: 'Type the clan name exactly to disband it',
  /** What a change that succeeded answers. */
  done: {
    created: (tag: string, name: string) => `Clan [${tag}] ${name} created`,
    joined: (clan: string) => `You joined ${clan}`,
    inviteDeclined: 'Invite declined',
    left: 'You left the clan',
    inviteSent: (username: string) => `Invite sent to ${username}`,
    inviteCancelled: 'Invite cancelled',
    memberRemoved: 'Member removed',
    newAdmin: (username: string) => `${username} is now the clan admin`,
    colorUpdated: 'Clan colour updated',
    deleted: 'Clan deleted',
    requestSent: (clan: string) => `Request sent to ${clan}`,
    memberJoined: (username: string) => `${username} joined the clan`,
    requestDeclined: 'Request declined',
  },
  // The spec's client-side fallback texts (used when the server's answer has no text).
  failed: {
    create: 'Failed to create clan', accept: 'Failed to accept invite', decline: 'Failed to decline invite',
    leave: 'Failed to leave clan', invite: 'Failed to invite player', revoke: 'Failed to revoke invite',
    remove: 'Failed to remove member', transfer: 'Failed to transfer ownership', color: 'Failed to update clan color',
    disband: 'Failed to disband clan', request: 'Failed to request to join clan', acceptRequest: 'Failed to accept request',
    declineRequest: 'Failed to decline request', load: 'Failed to load clan information', loadList: 'Failed to load clans',
  },
} as const;

export const ClanName = z.string({ error: CLAN_TEXT.nameRule }).trim().min(3, CLAN_TEXT.nameRule).max(20, CLAN_TEXT.nameRule)
  .superRefine((s, ctx) => { const problem = nameCharacterProblem(s, 'Clan name'); if (problem) ctx.addIssue({ code: 'custom', message: problem }); });
export const ClanTag = z.string({ error: CLAN_TEXT.tagRule }).trim().min(2, CLAN_TEXT.tagRule).max(5, CLAN_TEXT.tagRule)
  .regex(/^[A-Za-z0-9]+$/, CLAN_TEXT.tagRule).transform((s) => s.toUpperCase());
export const ClanColor = z.enum(CLAN_COLORS, { error: CLAN_TEXT.invalidColor });

export const ClanRole = z.enum(['admin', 'member']);
export const ClanMember = z.object({
  uuid: z.string(), username: z.string(), role: ClanRole, level: z.number().int(),
  /** Null unless the member chose to show it (the showBalanceToClan setting): private by default. */
  tripcoinBalance: z.number().nullable(),
});
export const ClanDetails = z.object({
  clanId: z.string(), clanName: z.string(), clanTag: z.string(), clanColor: z.string(), members: z.array(ClanMember),
});
export type ClanDetails = z.infer<typeof ClanDetails>;
export const ClanListItem = ClanDetails.extend({ memberCount: z.number().int(), averageLevel: z.number() });
export type ClanListItem = z.infer<typeof ClanListItem>;

export const ClanStatus = z.object({
  status: z.enum(['non-member', 'member', 'admin']),
  clan: z.object({ clanId: z.string() }).nullable(),
});
export const ReceivedInvite = z.object({ inviteId: z.string(), clanId: z.string(), clanTag: z.string(), clanName: z.string(), clanColor: z.string(), createdAt: z.string() });
export const SentInvite = z.object({ inviteId: z.string(), username: z.string(), createdAt: z.string() });
export const JoinRequest = z.object({ requestId: z.string(), username: z.string(), createdAt: z.string() });

const ClanIdParams = z.object({ clanId: z.string().uuid({ message: CLAN_TEXT.clanNotFound }) });
const InviteParams = z.object({ inviteId: z.string().uuid({ message: CLAN_TEXT.inviteNotFound }) });
const RequestParams = z.object({ requestId: z.string().uuid({ message: CLAN_TEXT.requestNotFound }) });
/** A change's answer: its English and the text the shell words (TextRef). */
const Message = z.object({ message: z.string(), messageText: TextRef.optional() });

export const myStatus = defineEndpoint({ method: 'GET', path: '/api/clans/my-status', access: 'user', summary: 'Your clan status', response: ClanStatus });
export const myInvites = defineEndpoint({ method: 'GET', path: '/api/clans/my-invites', access: 'user', summary: 'Invites waiting for you', response: z.array(ReceivedInvite) });
export const searchClans = defineEndpoint({
  method: 'GET', path: '/api/clans/search', access: 'user', summary: 'Clans whose name or tag contains the query',
  query: z.object({ q: z.string().max(40).default('') }), response: z.array(ClanListItem),
});
export const browseClans = defineEndpoint({
  method: 'GET', path: '/api/clans/browse', access: 'user', summary: 'Clans, 10 a page',
  query: z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1), limit: z.coerce.number().int().min(1).max(50).default(CLAN_PAGE_SIZE) }),
  response: z.object({ clans: z.array(ClanListItem), pagination: z.object({ currentPage: z.number().int(), totalPages: z.number().int(), totalClans: z.number().int() }) }),
});
export const clanDetails = defineEndpoint({ method: 'GET', path: '/api/clans/:clanId', access: 'user', summary: 'A clan and its members', params: ClanIdParams, response: ClanDetails });
export const sentInvites = defineEndpoint({ method: 'GET', path: '/api/clans/:clanId/invites', access: 'user', summary: 'Invites the clan has sent (admin)', params: ClanIdParams, response: z.array(SentInvite) });
export const joinRequests = defineEndpoint({ method: 'GET', path: '/api/clans/:clanId/requests', access: 'user', summary: 'Pending join requests (admin)', params: ClanIdParams, response: z.array(JoinRequest) });
export const createClan = defineEndpoint({
  method: 'POST', path: '/api/clans/create', access: 'user', summary: `Create a clan (level ${CLAN_CREATE_MIN_LEVEL}+, not in a clan)`,
  body: z.object({ clanName: ClanName, clanTag: ClanTag, clanColor: ClanColor.default(DEFAULT_CLAN_COLOR) }),
  response: Message.extend({ clan: ClanDetails }),
});
export const acceptInvite = defineEndpoint({ method: 'POST', path: '/api/clans/invites/:inviteId/accept', access: 'user', summary: 'Accept an invite', params: InviteParams, response: Message.extend({ clanId: z.string(), clanName: z.string() }) });
export const declineInvite = defineEndpoint({ method: 'POST', path: '/api/clans/invites/:inviteId/decline', access: 'user', summary: 'Decline an invite', params: InviteParams, response: Message });
export const leaveClan = defineEndpoint({ method: 'DELETE', path: '/api/clans/:clanId/leave', access: 'user', summary: 'Leave your clan (members only)', params: ClanIdParams, response: Message });
export const invitePlayer = defineEndpoint({
  method: 'POST', path: '/api/clans/:clanId/invite', access: 'user', summary: 'Invite a player (admin)', params: ClanIdParams,
  body: z.object({ username: z.string({ error: CLAN_TEXT.selectPlayer }).trim().min(1, CLAN_TEXT.selectPlayer).max(64, CLAN_TEXT.selectPlayer) }),
  response: Message.extend({ invite: SentInvite }),
});
export const cancelInvite = defineEndpoint({ method: 'DELETE', path: '/api/clans/:clanId/invites/:inviteId', access: 'user', summary: 'Cancel an invite (admin)', params: ClanIdParams.extend(InviteParams.shape), response: Message });
export const removeMember = defineEndpoint({
  method: 'DELETE', path: '/api/clans/:clanId/members/:uuid', access: 'user', summary: 'Remove a member (admin)',
  params: ClanIdParams.extend({ uuid: z.string().uuid({ message: CLAN_TEXT.notAMember }) }), response: Message,
});
export const transferOwnership = defineEndpoint({
  method: 'POST', path: '/api/clans/:clanId/transfer', access: 'user', summary: 'Make a member the admin (admin)', params: ClanIdParams,
  body: z.object({ newAdminUuid: z.string({ error: CLAN_TEXT.transferTarget }).uuid({ message: CLAN_TEXT.transferTarget }) }),
  response: Message.extend({ newAdmin: z.object({ uuid: z.string(), username: z.string() }) }),
});
export const updateColor = defineEndpoint({
  method: 'PUT', path: '/api/clans/:clanId/color', access: 'user', summary: 'Change the clan colour (admin)', params: ClanIdParams,
  body: z.object({ clanColor: ClanColor }), response: Message.extend({ clanColor: z.string() }),
});
export const disbandClan = defineEndpoint({
  method: 'DELETE', path: '/api/clans/:clanId', access: 'user', summary: 'Disband the clan (admin)', params: ClanIdParams, response: Message,
});
export const requestToJoin = defineEndpoint({ method: 'POST', path: '/api/clans/:clanId/request', access: 'user', summary: 'Ask to join a clan', params: ClanIdParams, response: Message.extend({ clanName: z.string() }) });
export const acceptRequest = defineEndpoint({ method: 'POST', path: '/api/clans/requests/:requestId/accept', access: 'user', summary: 'Accept a join request (admin)', params: RequestParams, response: Message.extend({ username: z.string() }) });
export const declineRequest = defineEndpoint({ method: 'POST', path: '/api/clans/requests/:requestId/decline', access: 'user', summary: 'Decline a join request (admin)', params: RequestParams, response: Message });

export const clanEndpoints = {
  myStatus, myInvites, searchClans, browseClans, clanDetails, sentInvites, joinRequests, createClan, acceptInvite, declineInvite,
  leaveClan, invitePlayer, cancelInvite, removeMember, transferOwnership, updateColor, disbandClan, requestToJoin, acceptRequest, declineRequest,
};
