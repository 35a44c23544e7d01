import type { FastifyInstance } from 'fastify';
import { getProfile, reportStats, updateProfile } from '../../contract/profile';
import { route } from '../route';
import { addMatchStats, editProfile, viewProfile } from '../services/progress/playerProfiles';

export async function profileRoutes(app: FastifyInstance): Promise<void> {
  route(app, getProfile, async ({ params, user, transaction }) => viewProfile(app.db, transaction, user.id, params.uuid));
  route(app, updateProfile, async ({ body, user, trx }) => editProfile(trx, user.id, body));
  route(app, reportStats, async ({ body, trx }) => addMatchStats(trx, body));
}
