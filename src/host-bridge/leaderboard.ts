// The host API's `leaderboard` call: the game reads the signed-in player's place on a board and
// its first rows (src/api/leaderboard.ts reads it, with the host's friends for a friends board).
// Nobody signed in, a stat the server has no board for, or the server not answering: `unavailable`.
import { HOST_LIMITS, type HostAnswer, type HostCall } from '../../contract/hostApi';
import { LeaderboardStat } from '../../contract/leaderboards';
import type { HostAdapter } from '../../hosts/types';
import { ApiError } from '../api/client';
import { fetchBoard } from '../api/leaderboard';

export async function gameLeaderboard(
  request: Extract<HostCall, { call: 'leaderboard' }>, adapter: Pick<HostAdapter, 'party'>, signedIn: boolean,
  read: typeof fetchBoard = fetchBoard,
): Promise<HostAnswer<'leaderboard'>> {
  if (!signedIn) return { status: 'unavailable', reason: 'signInRequired' };
  const stat = request.stat === undefined ? undefined : LeaderboardStat.safeParse(request.stat);
  if (stat && !stat.success) return { status: 'unavailable', reason: `no leaderboard for the stat ${request.stat}` };
  try {
    const board = await read({ stat: stat?.data, period: request.period ?? 'week', scope: request.scope ?? 'global' }, adapter);
    return {
      status: 'done',
      value: {
        stat: board.stat, period: board.period, scope: board.scope,
        rank: board.me?.rank ?? 0, value: board.me?.value ?? 0, total: board.total,
        top: board.rows.slice(0, HOST_LIMITS.leaderboardTop).map((r) => ({ rank: r.rank, name: r.username, value: r.value, self: r.uuid === board.me?.uuid })),
      },
    };
  } catch (error) {
    const reason = error instanceof ApiError ? `the server refused: ${error.message}` : 'the server did not answer';
    return { status: 'unavailable', reason: reason.slice(0, HOST_LIMITS.reasonMax) };
  }
}
