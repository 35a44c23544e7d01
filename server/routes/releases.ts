import type { FastifyInstance } from 'fastify';
import { getReleaseLogs, publishRelease } from '../../contract/releases';
import { route } from '../route';
import * as releases from '../services/releases';

export async function releaseRoutes(app: FastifyInstance): Promise<void> {
  route(app, getReleaseLogs, async ({ reply }) => {
    reply.header('cache-control', 'public, max-age=60');
    return releases.releaseLogs(app.db);
  });

  route(app, publishRelease, async ({ body, trx }) => {
    await releases.publishRelease(trx, body);
    return body;
  });
}
