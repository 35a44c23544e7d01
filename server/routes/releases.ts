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
  // A callback hook, and the method before the route: every read of the area passes here, and
  // request.routeOptions is a new object each time it is read.
  app.addHook('onResponse', (request, reply, done) => {
    if (request.method === publishRelease.method && reply.statusCode < 300 && request.routeOptions.url === publishRelease.path) updateStreakCacheOf(app.db).forget();
    done();
  });
}
