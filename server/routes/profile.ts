import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { getProfile, LEGACY_BLOCKS, PROFILE_TEXT, reportStats, updateProfile, type Profile } from '../../contract/profile';
import { userProgressOf } from '../../contract/progress';
import { hundredthsToNumber } from '../../contract/money';
import { inTransaction } from '../db/tx';
import { toBigInt } from '../db/values';
import { notFound } from '../errors';
import { route } from '../route';
import { coinBalance, playerAccount } from '../services/ledger';
import { lastActiveText, streaks } from '../services/profiles';
import { currentLevelOf, progressOf } from '../services/progress';

const num = (v: string | number | bigint | null | undefined) => Number(toBigInt(v ?? 0));

export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  route(app, getProfile, async ({ params, user }) => {
    const target = await db.selectFrom('users').select(['id', 'username', 'created_at']).where('id', '=', params.uuid).executeTakeFirst();
    if (!target) throw notFound(PROFILE_TEXT.notFound);

    // A view counts when someone else looks, at most once an hour per viewer.
    if (user.id !== target.id) {
      await inTransaction(db, async (trx) => {
        const counted = await trx.insertInto('profile_views')
          .values({ profile_id: target.id, viewer_id: user.id, viewed_hour: sql<Date>`date_trunc('hour', now())` })
          .onConflict((oc) => oc.doNothing()).returning('profile_id').executeTakeFirst();
        if (counted) {
          await trx.insertInto('profiles').values({ user_id: target.id, views: 1 })
            .onConflict((oc) => oc.column('user_id').doUpdateSet({ views: sql`profiles.views + 1` })).execute();
        }
      });
    }

    const [profile, lastSeen, days, stats, legacy, progress, balance] = await Promise.all([
      db.selectFrom('profiles').selectAll().where('user_id', '=', target.id).executeTakeFirst(),
      db.selectFrom('sessions').select(sql<Date | null>`max(last_seen_at)`.as('seen')).where('user_id', '=', target.id).executeTakeFirst(),
      db.selectFrom('login_days').select(sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day')).where('user_id', '=', target.id).execute(),
      db.selectFrom('player_stats').selectAll().where('user_id', '=', target.id).executeTakeFirst(),
      db.selectFrom('legacy_stats').select(['block', 'stats']).where('user_id', '=', target.id).execute(),
      progressOf(db, target.id),
      coinBalance(db, playerAccount(target.id)),
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
      online_status: lastActiveText(seen, new Date()),
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
        coins: hundredthsToNumber(balance),
      },
    };
    for (const row of legacy) {
      if ((LEGACY_BLOCKS as readonly string[]).includes(row.block)) {
        (answer as Record<string, unknown>)[row.block] = row.stats;
      }
    }
    return answer;
  });

  route(app, updateProfile, async ({ body, user }) => {
    const values = { location: body.location ?? '', description: body.description ?? '' };
    const row = await db.insertInto('profiles').values({ user_id: user.id, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({
        ...(body.location !== undefined ? { location: body.location } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        updated_at: sql`now()`,
      }))
      .returning(['location', 'description']).executeTakeFirstOrThrow();
    return row;
  });

  route(app, reportStats, async ({ body }) => {
    const exists = await db.selectFrom('users').select('id').where('id', '=', body.uuid).executeTakeFirst();
    if (!exists) throw notFound(PROFILE_TEXT.notFound);
    return inTransaction(db, async (trx) => {
      const fresh = await trx.insertInto('stat_reports').values({ report_id: body.reportId, user_id: body.uuid })
        .onConflict((oc) => oc.doNothing()).returning('report_id').executeTakeFirst();
      if (!fresh) return { applied: false };
      const inc = { wins: body.wins ?? 0, kills: body.kills ?? 0, deaths: body.deaths ?? 0, headshots: body.headshots ?? 0, timeplayed: body.timeplayed ?? 0, quests: body.quests ?? 0 };
      await trx.insertInto('player_stats').values({ user_id: body.uuid, ...inc })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({
          wins: sql`player_stats.wins + excluded.wins`, kills: sql`player_stats.kills + excluded.kills`,
          deaths: sql`player_stats.deaths + excluded.deaths`, headshots: sql`player_stats.headshots + excluded.headshots`,
          timeplayed: sql`player_stats.timeplayed + excluded.timeplayed`, quests: sql`player_stats.quests + excluded.quests`,
        })).execute();
      for (const [block, stats] of Object.entries(body.legacy ?? {})) {
        await trx.insertInto('legacy_stats').values({ user_id: body.uuid, block, stats: JSON.stringify(stats) })
          .onConflict((oc) => oc.columns(['user_id', 'block']).doUpdateSet({ stats: JSON.stringify(stats) })).execute();
      }
      return { applied: true };
    });
  });
}
