// Leaderboards: the stats the game server reports (POST /api/server/stats), summed per weekly
// season (reset on Monday at the configured hour, UTC) and all-time, ranked globally, within the
// player's clan, or among the players the host says are the player's company (Discord
// participants, portal friends). Ties: the earlier reach of the score first, then the lower
// account id (docs/leaderboards.md). Scores never come from the page.
import { z } from 'zod';
import { defineEndpoint } from './http';

/** The stats a board can be made of: the stats report's own fields (which of them make boards is
 * the server's LEADERBOARD_STATS). kills are the game's knockouts; timeplayed is in seconds. */
export const LEADERBOARD_STATS = ['wins', 'kills', 'timeplayed', 'headshots'] as const;
export const LeaderboardStat = z.enum(LEADERBOARD_STATS);
export type LeaderboardStat = z.infer<typeof LeaderboardStat>;

export const LEADERBOARD_PERIODS = ['week', 'all'] as const;
export const LeaderboardPeriod = z.enum(LEADERBOARD_PERIODS);
export type LeaderboardPeriod = z.infer<typeof LeaderboardPeriod>;

export const LEADERBOARD_SCOPES = ['global', 'clan', 'friends'] as const;
export const LeaderboardScope = z.enum(LEADERBOARD_SCOPES);
export type LeaderboardScope = z.infer<typeof LeaderboardScope>;

/** Who the host says the player's company is: Discord user ids or CrazyGames user ids. */
export const FRIEND_PROVIDERS = ['discord', 'crazygames'] as const;
export const FriendProvider = z.enum(FRIEND_PROVIDERS);
export type FriendProvider = z.infer<typeof FriendProvider>;

/** Rows a board shows at most (the player's own row comes besides when they are further down). */
export const LEADERBOARD_SIZE = 50;
/** Ids of friends one read may name at most. */
export const MAX_FRIEND_IDS = 100;
const PROVIDER_ID = /^[A-Za-z0-9_-]{1,64}$/;

export const LEADERBOARD_TEXT = {
  unknownStat: 'There is no leaderboard for this stat',
  friendIds: `Friends are named by up to ${MAX_FRIEND_IDS} ids of letters, digits, _ and -`,
  friendsNeedProvider: 'Say whose ids the friends are (discord or crazygames)',
} as const;

/** "a,b,c" -> ['a','b','c'] (blank parts dropped, duplicates once), refused past the limit or
 * for a part that is no host id. */
export const FriendIds = z.string().max(MAX_FRIEND_IDS * 65).transform((raw, ctx) => {
  const ids = [...new Set(raw.split(',').map((s) => s.trim()).filter(Boolean))];
  if (ids.length > MAX_FRIEND_IDS || ids.some((id) => !PROVIDER_ID.test(id))) {
    ctx.addIssue({ code: 'custom', message: LEADERBOARD_TEXT.friendIds });
    return z.NEVER;
  }
  return ids;
});

export const LeaderboardQuery = z.object({
  stat: LeaderboardStat.optional(),
  period: LeaderboardPeriod.default('week'),
  scope: LeaderboardScope.default('global'),
  provider: FriendProvider.optional(),
  ids: FriendIds.optional(),
}).strict().refine((q) => q.scope !== 'friends' || q.provider !== undefined, { message: LEADERBOARD_TEXT.friendsNeedProvider, path: ['provider'] });
export type LeaderboardQuery = z.input<typeof LeaderboardQuery>;

export const LeaderboardRow = z.object({
  rank: z.number().int().min(1),
  uuid: z.string(),
  username: z.string(),
  value: z.number().int().nonnegative(),
});
export type LeaderboardRow = z.infer<typeof LeaderboardRow>;

export const Leaderboard = z.object({
  stat: LeaderboardStat,
  /** The stats that make boards on this server, in the order the picker shows them. */
  stats: z.array(LeaderboardStat),
  period: LeaderboardPeriod,
  scope: LeaderboardScope,
  /** The weekly season's start and end (ISO); null for all-time. */
  season: z.object({ startsAt: z.string(), endsAt: z.string() }).nullable(),
  rows: z.array(LeaderboardRow),
  /** The reader's own row in this scope, null when they have no score in it. */
  me: LeaderboardRow.nullable(),
  /** The players in this scope with a score. */
  total: z.number().int().nonnegative(),
});
export type Leaderboard = z.infer<typeof Leaderboard>;

export const readLeaderboard = defineEndpoint({
  method: 'GET', path: '/api/leaderboards', access: 'user',
  summary: "A leaderboard (weekly or all-time, one stat, global / clan / friends) with the reader's row",
  query: LeaderboardQuery, response: Leaderboard,
});

export const leaderboardEndpoints = { readLeaderboard };
