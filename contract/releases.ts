// Release notes.
import { z } from 'zod';
import { defineEndpoint } from './http';

export const ReleaseLog = z.object({
  version: z.string().min(1).max(40),
  name: z.string().min(1).max(120),
  release_date: z.iso.date(),
  added: z.array(z.string().min(1).max(500)).max(200),
  fixed: z.array(z.string().min(1).max(500)).max(200),
  removed: z.array(z.string().min(1).max(500)).max(200),
});
export type ReleaseLog = z.infer<typeof ReleaseLog>;

export const getReleaseLogs = defineEndpoint({
  method: 'GET', path: '/api/getReleaseLogs', access: 'public', summary: 'Every release, newest first',
  response: z.array(ReleaseLog),
});
export const publishRelease = defineEndpoint({
  method: 'POST', path: '/api/server/releases', access: 'gameServer', summary: 'Publish (or correct) a release',
  body: ReleaseLog.strict(), response: ReleaseLog,
});

export const releaseEndpoints = { getReleaseLogs, publishRelease };
