// Release notes. The studio writes them for players: the English (name, added, fixed, removed)
// and, per language, the same in that language (`translations`); a player whose language has
// none reads the English with a line saying so.
import { z } from 'zod';
import { defineEndpoint } from './http';
import { LOCALES } from './locales';

const Lines = z.array(z.string().min(1).max(500)).max(200);
/** One release's words in one language. */
export const ReleaseText = z.object({ name: z.string().min(1).max(120), added: Lines, fixed: Lines, removed: Lines }).strict();
export type ReleaseText = z.infer<typeof ReleaseText>;

export const ReleaseLog = z.object({
  version: z.string().min(1).max(40),
  name: z.string().min(1).max(120),
  release_date: z.iso.date(),
  added: Lines,
  fixed: Lines,
  removed: Lines,
  /** The release in other languages, by locale (any may be missing). */
  translations: z.partialRecord(z.enum(LOCALES as [string, ...string[]]), ReleaseText).optional(),
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
