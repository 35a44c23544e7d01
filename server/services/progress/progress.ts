// XP and levels. XP only grows through the game-server API; when it crosses a requirement the
// level is unlocked once (ON CONFLICT DO NOTHING on the primary key), with its time, in the
// same transaction as the XP change.
import { sql } from 'kysely';
import type { Executor, Trx } from '../../db/tx';
import { toBigInt } from '../../db/values';

export async function addXp(trx: Trx, userId: string, xp: number): Promise<{ totalXp: number; unlocked: number[] }> {
  const row = await trx.insertInto('player_progress').values({ user_id: userId, total_xp: xp })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ total_xp: sql`player_progress.total_xp + excluded.total_xp` }))
    .returning('total_xp').executeTakeFirstOrThrow();
  const totalXp = Number(toBigInt(row.total_xp));
  const unlocked = await sql<{ level: number }>`
    INSERT INTO achieved_levels (user_id, level, unlocked_at)
    SELECT ${userId}::uuid, level, now() FROM level_requirements WHERE xp_required <= ${totalXp}
    ON CONFLICT (user_id, level) DO NOTHING
    RETURNING level`.execute(trx);
  return { totalXp, unlocked: unlocked.rows.map((r) => r.level).sort((a, b) => a - b) };
}

export async function progressOf(db: Executor, userId: string): Promise<{ totalXp: number; achieved: Array<{ level: number; unlockedAt: Date }> }> {
  const [progress, achieved] = await Promise.all([
    db.selectFrom('player_progress').select('total_xp').where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('achieved_levels').select(['level', 'unlocked_at']).where('user_id', '=', userId).orderBy('level').execute(),
  ]);
  return {
    totalXp: Number(toBigInt(progress?.total_xp ?? 0)),
    achieved: achieved.map((a) => ({ level: a.level, unlockedAt: new Date(a.unlocked_at) })),
  };
}

/** The player's level: the highest unlocked (level 1 for everyone). */
export function currentLevelOf(achieved: Array<{ level: number }>): number {
  return achieved.reduce((max, a) => Math.max(max, a.level), 1);
}
