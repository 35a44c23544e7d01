// The Clans section's requests (spec part 2 §7), through the typed client. Queries are keyed
// under 'clans' so one invalidation refreshes every list the section shows.
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import * as c from '../../../contract/clans';
import { searchPlayers, PLAYER_SEARCH_LIMIT } from '../../../contract/economy';
import { getLevelProgress } from '../../../contract/progress';
import { ApiError, call } from '../../api/client';
import type { ActionResult, ClanAction, LoadedStatus } from '../../../machines/clan-membership';

type ClanColorValue = (typeof c.CLAN_COLORS)[number];

export const clanDetailsQuery = (clanId: string) => queryOptions({
  queryKey: ['clans', 'details', clanId] as const,
  staleTime: 0, // other players change these: fetched again whenever the section opens
  queryFn: ({ signal }) => call(c.clanDetails, { params: { clanId }, signal }),
});
export const myInvitesQuery = queryOptions({
  queryKey: ['clans', 'my-invites'] as const,
  staleTime: 0, // other players change these: fetched again whenever the section opens
  queryFn: ({ signal }) => call(c.myInvites, { signal }),
});
export const sentInvitesQuery = (clanId: string) => queryOptions({
  queryKey: ['clans', 'sent-invites', clanId] as const,
  staleTime: 0, // other players change these: fetched again whenever the section opens
  queryFn: ({ signal }) => call(c.sentInvites, { params: { clanId }, signal }),
});
export const joinRequestsQuery = (clanId: string) => queryOptions({
  queryKey: ['clans', 'requests', clanId] as const,
  staleTime: 0, // other players change these: fetched again whenever the section opens
  queryFn: ({ signal }) => call(c.joinRequests, { params: { clanId }, signal }),
});
export const browseQuery = (page: number) => queryOptions({
  queryKey: ['clans', 'browse', page] as const,
  staleTime: 0, // other players change these: fetched again whenever the section opens
  queryFn: ({ signal }) => call(c.browseClans, { query: { page, limit: c.CLAN_PAGE_SIZE }, signal }),
  placeholderData: keepPreviousData,
});

export const searchClans = (q: string) => call(c.searchClans, { query: { q } });
export const findPlayers = (query: string) => call(searchPlayers, { params: { query }, query: { limit: PLAYER_SEARCH_LIMIT } });

/** The text of a failed request: the server's error, else its detail (spec §8); undefined when none. */
export function serverText(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.body?.error || error.body?.detail || undefined;
  return undefined;
}

/** The machine's `loadStatus`: role, clan and player level, fresh from the server. */
export async function loadStatus(client: QueryClient): Promise<LoadedStatus> {
  try {
    const [status, progress] = await Promise.all([
      call(c.myStatus),
      call(getLevelProgress).catch(() => null),
    ]);
    if (progress) client.setQueryData(['levelProgress'], progress);
    return { status: status.status, clanId: status.clan?.clanId ?? null, level: progress?.userProgress.currentLevel ?? 1 };
  } catch (error) {
    throw { text: serverText(error) };
  }
}

/** The machine's `perform`: one clan change. Rejects with `{ text }` (the server's, if any). */
export async function performAction(action: ClanAction, clanId: string | null): Promise<ActionResult> {
  const clan = { clanId: clanId ?? '' };
  try {
    switch (action.kind) {
      case 'create': return await call(c.createClan, { body: { clanName: action.clanName, clanTag: action.clanTag, clanColor: action.clanColor as ClanColorValue } });
      case 'acceptInvite': return await call(c.acceptInvite, { params: { inviteId: action.inviteId } });
      case 'declineInvite': return await call(c.declineInvite, { params: { inviteId: action.inviteId } });
      case 'request': return await call(c.requestToJoin, { params: { clanId: action.clanId } });
      case 'leave': return await call(c.leaveClan, { params: clan });
      case 'invite': return await call(c.invitePlayer, { params: clan, body: { username: action.username } });
      case 'cancelInvite': return await call(c.cancelInvite, { params: { ...clan, inviteId: action.inviteId } });
      case 'removeMember': return await call(c.removeMember, { params: { ...clan, uuid: action.uuid } });
      case 'acceptRequest': return await call(c.acceptRequest, { params: { requestId: action.requestId } });
      case 'declineRequest': return await call(c.declineRequest, { params: { requestId: action.requestId } });
      case 'transfer': return await call(c.transferOwnership, { params: clan, body: { newAdminUuid: action.newAdminUuid } });
      case 'color': return await call(c.updateColor, { params: clan, body: { clanColor: action.clanColor as ClanColorValue } });
      case 'disband': return await call(c.disbandClan, { params: clan });
    }
  } catch (error) {
    throw { text: serverText(error) };
  }
}
