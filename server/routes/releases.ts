import type { FastifyInstance } from 'fastify';
import { getReleaseLogs, publishRelease } from '../../contract/releases';
import { route } from '../route';
import * as releases from '../services/progress/releases';
import { updateStreakCacheOf } from '../services/progress/updateStreak';

export async function releaseRoutes(app: FastifyInstance): Promise<void> {
  route(app, getReleaseLogs, async ({ reply }) => {
    reply.header('cache-control', 'public, max-age=60');
    return releases.releaseLogs(app.db);
  });

  route(app, publishRelease, async ({ body, trx }) => {
    await releases.publishRelease(trx, body);
    return body;
  });
  // Once the release is committed (the answer is sent), the page's update streak is read again.
  app.addHook('onResponse', async (request, reply) => {
    if (request.routeOptions.url === publishRelease.path && request.method === publishRelease.method && reply.statusCode < 300) updateStreakCacheOf(app.db).forget();
  });
}
