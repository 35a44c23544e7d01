// Reading a leaderboard from the shell: the overlay and the game's host API `leaderboard` call
// both come here. A friends board names the friends the host says the player has: on Discord the
// activity's participants (their Discord ids, from the adapter's party); the server resolves them
// to accounts through the linked sign-ins and ignores the ids it does not know. Elsewhere the host
// names nobody and the friends board holds the player alone.
import { MAX_FRIEND_IDS, readLeaderboard, type Leaderboard, type LeaderboardPeriod, type LeaderboardScope, type LeaderboardStat } from '../../contract/leaderboards';
import type { HostAdapter } from '../../hosts/types';
import { call } from './client';

export interface BoardRequest { stat?: LeaderboardStat | undefined; period: LeaderboardPeriod; scope: LeaderboardScope }

/** The host's friends as the server takes them: whose ids, and the ids. */
export async function hostFriends(adapter: Pick<HostAdapter, 'party'> | null): Promise<{ provider: 'discord'; ids: string[] }> {
  const answer = adapter?.party ? await adapter.party().catch(() => null) : null;
  const ids = answer?.status === 'done' ? answer.value.members.flatMap((m) => (m.discordId && !m.self ? [m.discordId] : [])) : [];
  return { provider: 'discord', ids: ids.slice(0, MAX_FRIEND_IDS) };
}

export const LEADERBOARD_KEY = ['leaderboard'] as const;

export async function fetchBoard(request: BoardRequest, adapter: Pick<HostAdapter, 'party'> | null, signal?: AbortSignal): Promise<Leaderboard> {
  const friends = request.scope === 'friends' ? await hostFriends(adapter) : null;
  return call(readLeaderboard, {
    ...(signal ? { signal } : {}),
    query: {
      ...(request.stat ? { stat: request.stat } : {}), period: request.period, scope: request.scope,
      ...(friends ? { provider: friends.provider, ...(friends.ids.length ? { ids: friends.ids.join(',') } : {}) } : {}),
    },
  });
}
