import type { FastifyInstance } from 'fastify';
import { getProfile, reportStats, updateProfile } from '../../contract/profile';
import { route } from '../route';
import { addMatchStats, editProfile, viewProfile } from '../services/progress/playerProfiles';
import { leaderboardsOf } from './leaderboards';

export async function profileRoutes(app: FastifyInstance): Promise<void> {
  route(app, getProfile, async ({ params, user, transaction }) => viewProfile(app.db, transaction, user.id, params.uuid));
  route(app, updateProfile, async ({ body, user, trx }) => editProfile(trx, user.id, body));
  const boards = leaderboardsOf(app);
  // The season is entered first (its row locked for share), then the report is counted once and
  // its stats go to the boards: one lock order for every report (services/leaderboards/seasons.ts).
  route(app, reportStats, async ({ body, trx }) => {
    await boards.enterSeason(trx);
    const applied = await addMatchStats(trx, body);
    if (applied.applied) await boards.record(trx, body.uuid, body);
    return applied;
  });
}
