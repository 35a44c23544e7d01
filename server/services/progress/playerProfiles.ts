// A player's profile: what another player sees, counted as a view; the owner's
// own edits; and the match stats the game servers report. The derived parts (online text,
// streaks) are in profiles.ts.
import { sql } from 'kysely';
import { LEGACY_BLOCKS, PROFILE_TEXT, type Profile } from '../../../contract/profile';
import { userProgressOf } from '../../../contract/progress';
import { hundredthsToNumber } from '../../../contract/money';
import type { Executor, Trx } from '../../db/tx';
import { toBigInt } from '../../db/values';
import { notFound } from '../errors';
import { coinBalance, playerAccount } from '../economy/ledger';
import { balanceShownTo } from '../economy/balances';
import { lastActiveText, streaks } from './profiles';
import { currentLevelOf, progressOf } from './progress';

const num = (v: string | number | bigint | null | undefined) => Number(toBigInt(v ?? 0));

/** A view counts when someone else looks, at most once an hour per viewer. */
export async function countView(trx: Trx, profileId: string, viewerId: string): Promise<void> {
  const counted = await trx.insertInto('profile_views')
    .values({ profile_id: profileId, viewer_id: viewerId, viewed_hour: sql<Date>`date_trunc('hour', now())` })
    .onConflict((oc) => oc.doNothing()).returning('profile_id').executeTakeFirst();
  if (counted) {
    await trx.insertInto('profiles').values({ user_id: profileId, views: 1 })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ views: sql`profiles.views + 1` })).execute();
  }
}

/** The player whose profile `uuid` names (a deleted account has none: its pseudonymous row
 * stays only for the ledger). */
export async function profileOwner(db: Executor, uuid: string): Promise<ProfileOwner> {
  const target = await db.selectFrom('users').select(['id', 'username', 'created_at']).where('id', '=', uuid).where('deleted_at', 'is', null).executeTakeFirst();
  if (!target) throw notFound(PROFILE_TEXT.notFound);
  return target;
}

export interface ProfileOwner { id: string; username: string; created_at: Date | string }

/** The profile of `target` as `viewerId` sees it (the balance only where its owner shows it): a
 * read (another player's look is counted by the route layer, `countView`, in a transaction of its
 * own, before it reads). */
export async function viewProfile(db: Executor, target: ProfileOwner, viewerId: string): Promise<Profile> {

  const [profile, lastSeen, days, stats, legacy, progress, balance, shown] = await Promise.all([
    db.selectFrom('profiles').selectAll().where('user_id', '=', target.id).executeTakeFirst(),
    db.selectFrom('sessions').select(sql<Date | null>`max(last_seen_at)`.as('seen')).where('user_id', '=', target.id).executeTakeFirst(),
    db.selectFrom('login_days').select(sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day')).where('user_id', '=', target.id).execute(),
    db.selectFrom('player_stats').selectAll().where('user_id', '=', target.id).executeTakeFirst(),
    db.selectFrom('legacy_stats').select(['block', 'stats']).where('user_id', '=', target.id).execute(),
    progressOf(db, target.id),
    coinBalance(db, playerAccount(target.id)),
    balanceShownTo(db, target.id, viewerId),
  ]);
  const seen = lastSeen?.seen ? new Date(lastSeen.seen) : null;
  const streak = streaks(days.map((d) => d.day), new Date());
  const level = currentLevelOf(progress.achieved);
  const card = userProgressOf(progress.totalXp, level);
  const fraction = card.currentLevelEndXP > 0 && card.xpNeededForNext > 0 ? Math.min(0.999, card.xpInCurrentLevel / card.currentLevelEndXP) : 0;

  const answer: Profile = {
    uuid: target.id,
    username: target.username,
    account_creation: Math.floor(new Date(target.created_at).getTime() / 1000),
    location: profile?.location ?? '',
    description: profile?.description ?? '',
    online_status: { ...lastActiveText(seen, new Date()), lastActiveAt: seen ? seen.toISOString() : null },
    // There is no friends feature yet: the count is truthfully zero.
    friend_count: 0,
    views: num(profile?.views),
    dailyLoginInfo: { login_streak: streak.current, best_streak: streak.best },
    total_dailys_claimed: days.length,
    total_quests: num(stats?.quests),
    comments: [],
    relationship_status: 'none',
    relationship_id: null,
    STL3Stats: {
      wins: num(stats?.wins), kills: num(stats?.kills), deaths: num(stats?.deaths), headshots: num(stats?.headshots),
      crates_opened: num(stats?.crates_opened), timeplayed: num(stats?.timeplayed),
      level: Math.round((level + fraction) * 1000) / 1000,
      xp: progress.totalXp,
      xp_for_next_level: card.xpNeededForNext,
      // A balance is private unless its owner shows it: null tells the viewer it is not theirs to see.
      coins: shown ? hundredthsToNumber(balance) : null,
    },
  };
  for (const row of legacy) {
    if ((LEGACY_BLOCKS as readonly string[]).includes(row.block)) {
      (answer as Record<string, unknown>)[row.block] = row.stats;
    }
  }
  return answer;
}

/** The owner's own location and description (a field left out keeps its value). */
export async function editProfile(trx: Trx, userId: string, edit: { location?: string | undefined; description?: string | undefined }) {
  const values = { location: edit.location ?? '', description: edit.description ?? '' };
  return trx.insertInto('profiles').values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({
      ...(edit.location !== undefined ? { location: edit.location } : {}),
      ...(edit.description !== undefined ? { description: edit.description } : {}),
      updated_at: sql`now()`,
    }))
    .returning(['location', 'description']).executeTakeFirstOrThrow();
}

export interface StatsReport {
  uuid: string; reportId: string;
  wins?: number | undefined; kills?: number | undefined; deaths?: number | undefined; headshots?: number | undefined;
  timeplayed?: number | undefined; quests?: number | undefined;
  legacy?: Record<string, unknown> | undefined;
}

/** Adds one match report's stats to the player, once per reportId (a retry: applied false). */
export async function addMatchStats(trx: Trx, report: StatsReport): Promise<{ applied: boolean }> {
  const exists = await trx.selectFrom('users').select('id').where('id', '=', report.uuid).where('deleted_at', 'is', null).executeTakeFirst();
  if (!exists) throw notFound(PROFILE_TEXT.notFound);
  const fresh = await trx.insertInto('stat_reports').values({ report_id: report.reportId, user_id: report.uuid })
    .onConflict((oc) => oc.doNothing()).returning('report_id').executeTakeFirst();
  if (!fresh) return { applied: false };
  const inc = { wins: report.wins ?? 0, kills: report.kills ?? 0, deaths: report.deaths ?? 0, headshots: report.headshots ?? 0, timeplayed: report.timeplayed ?? 0, quests: report.quests ?? 0 };
  await trx.insertInto('player_stats').values({ user_id: report.uuid, ...inc })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({
      wins: sql`player_stats.wins + excluded.wins`, kills: sql`player_stats.kills + excluded.kills`,
      deaths: sql`player_stats.deaths + excluded.deaths`, headshots: sql`player_stats.headshots + excluded.headshots`,
      timeplayed: sql`player_stats.timeplayed + excluded.timeplayed`, quests: sql`player_stats.quests + excluded.quests`,
    })).execute();
  for (const [block, stats] of Object.entries(report.legacy ?? {})) {
    await trx.insertInto('legacy_stats').values({ user_id: report.uuid, block, stats: JSON.stringify(stats) })
      .onConflict((oc) => oc.columns(['user_id', 'block']).doUpdateSet({ stats: JSON.stringify(stats) })).execute();
  }
  return { applied: true };
}
