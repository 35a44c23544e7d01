import type { FastifyInstance } from 'fastify';
import { getLevelProgress, userProgressOf } from '../../contract/progress';
import { LEVEL_REQUIREMENTS } from '../../contract/levels';
import { route } from '../route';
import { currentLevelOf, progressOf } from '../services/progress/progress';

export async function progressRoutes(app: FastifyInstance): Promise<void> {
  route(app, getLevelProgress, async ({ user }) => {
    const { totalXp, achieved } = await progressOf(app.db, user.id);
    return {
      userProgress: userProgressOf(totalXp, currentLevelOf(achieved)),
      levelRequirements: LEVEL_REQUIREMENTS,
      achievedLevels: achieved.map((a) => ({ level: a.level, unlockedAt: a.unlockedAt.toISOString() })),
    };
  });
}
