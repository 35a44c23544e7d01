// Player profiles and the game-server stats feeding them.
import { z } from 'zod';
import { defineEndpoint } from './http';

export const PROFILE_TEXT = {
  authError: 'Authentication Error',
  authErrorDetail: 'Error loading profile. Please try again later.',
  profileError: 'Profile Error',
  profileErrorDetail: 'Error loading profile data. Please try again later.',
  fetchFailed: 'Failed to fetch profile data',
  notFound: 'Player not found',
  locationTooLong: 'Location must be at most 60 characters',
  descriptionTooLong: 'Description must be at most 300 characters',
  saved: 'Profile updated',
  saveFailed: 'Failed to update profile',
} as const;

export const LEGACY_BLOCKS = ['STL2Stats', 'STL1Stats', 'WagmiWorldStats', 'DiscordArcadeStats', 'DiscordNYCStats', 'DiscordFOIStats'] as const;
export type LegacyBlock = (typeof LEGACY_BLOCKS)[number];
/** Keys of a legacy block that are bookkeeping, never shown. */
export const HIDDEN_LEGACY_KEYS = ['player_uuid', 'created_at', 'updated_at'] as const;

const LegacyStats = z.record(z.string().max(60), z.union([z.number(), z.string().max(200), z.boolean(), z.null()]));

export const Profile = z.object({
  uuid: z.string(),
  username: z.string(),
  account_creation: z.number().int(),
  location: z.string(),
  description: z.string(),
  online_status: z.object({
    isOnline: z.boolean(),
    /** The server's English ("Online now", "Active 5 minutes ago"): the spec's words. */
    lastActiveText: z.string(),
    /** When the player was last active (ISO), null for never: other languages word it from this. */
    lastActiveAt: z.string().nullable().optional(),
  }),
  friend_count: z.number().int().nonnegative(),
  views: z.number().int().nonnegative(),
  dailyLoginInfo: z.object({ login_streak: z.number().int().nonnegative(), best_streak: z.number().int().nonnegative() }),
  total_dailys_claimed: z.number().int().nonnegative(),
  total_quests: z.number().int().nonnegative(),
  comments: z.array(z.object({ id: z.string(), author: z.string(), text: z.string(), createdAt: z.string() })),
  relationship_status: z.string(),
  relationship_id: z.string().nullable(),
  STL3Stats: z.object({
    wins: z.number().int().nonnegative(),
    kills: z.number().int().nonnegative(),
    deaths: z.number().int().nonnegative(),
    headshots: z.number().int().nonnegative(),
    crates_opened: z.number().int().nonnegative(),
    timeplayed: z.number().int().nonnegative(),
    /** The fractional part is progress toward the next level. */
    level: z.number().nonnegative(),
    xp: z.number().int().nonnegative(),
    xp_for_next_level: z.number().int().nonnegative(),
    /** Below zero only as the debt of a refunded purchase; null: the owner keeps it private. */
    coins: z.number().nullable(),
  }),
  STL2Stats: LegacyStats.optional(),
  STL1Stats: LegacyStats.optional(),
  WagmiWorldStats: LegacyStats.optional(),
  DiscordArcadeStats: LegacyStats.optional(),
  DiscordNYCStats: LegacyStats.optional(),
  DiscordFOIStats: LegacyStats.optional(),
});
export type Profile = z.infer<typeof Profile>;

export const ProfileParams = z.object({ uuid: z.string().uuid({ message: PROFILE_TEXT.notFound }) });

export const UpdateProfileBody = z.object({
  location: z.string().trim().max(60, PROFILE_TEXT.locationTooLong).optional(),
  description: z.string().trim().max(300, PROFILE_TEXT.descriptionTooLong).optional(),
}).strict();
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>;

const count = z.number().int().min(0).max(1_000_000_000);

/** Crates opened are not reported: the server counts the openings it performs itself. */
export const StatsReportBody = z.object({
  uuid: z.string().uuid(),
  /** Each report is applied once, however often it is retried. */
  reportId: z.string().min(1).max(100),
  wins: count.optional(),
  kills: count.optional(),
  deaths: count.optional(),
  headshots: count.optional(),
  timeplayed: count.optional(),
  quests: count.optional(),
  legacy: z.partialRecord(z.enum(LEGACY_BLOCKS), LegacyStats).optional(),
}).strict();

export const getProfile = defineEndpoint({
  method: 'GET', path: '/api/getProfile/:uuid', access: 'user', summary: 'A player\'s profile (counts a view, at most once an hour per viewer)',
  params: ProfileParams, response: Profile,
});
export const updateProfile = defineEndpoint({
  method: 'PUT', path: '/api/profile', access: 'user', summary: 'Edit your own location and description',
  body: UpdateProfileBody, response: z.object({ location: z.string(), description: z.string() }),
});
export const reportStats = defineEndpoint({
  method: 'POST', path: '/api/server/stats', access: 'gameServer', summary: 'Game servers add match stats (increments) and legacy blocks to a player',
  body: StatsReportBody, response: z.object({ applied: z.boolean() }),
});

export const profileEndpoints = { getProfile, updateProfile, reportStats };
