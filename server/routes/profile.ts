import type { FastifyInstance } from 'fastify';
import { getProfile, reportStats, updateProfile } from '../../contract/profile';
import { route } from '../route';
import { addMatchStats, countView, editProfile, profileOwner, viewProfile } from '../services/progress/playerProfiles';
import { leaderboardsOf } from './leaderboards';

export async function profileRoutes(app: FastifyInstance): Promise<void> {
  // A GET that counts: another player's look is its own small transaction, asked of the route
  // layer before the read, so the answer's count includes it.
  route(app, getProfile, async ({ params, user, transaction }) => {
    const owner = await profileOwner(app.db, params.uuid);
    if (owner.id !== user.id) await transaction((trx) => countView(trx, owner.id, user.id));
    return viewProfile(app.db, owner, user.id);
  });
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
