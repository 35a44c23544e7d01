// The age screen's answer on a signed-in account, and the band it holds (docs/domain/age.md).
import type { FastifyInstance } from 'fastify';
import { answerAge, myAge } from '../../contract/age';
import { route } from '../route';
import * as age from '../services/accounts/age';

export async function ageRoutes(app: FastifyInstance): Promise<void> {
  route(app, myAge, async ({ user, reply, db }) => {
    reply.header('cache-control', 'no-store');
    return { age_band: await age.ageBandOf(db, user.id) };
  });

  route(app, answerAge, async ({ body, user, trx }) => ({ age_band: await age.answerAge(trx, user.id, body.birth_date) }));
}
