// The shell's page: index.html with the page data of its first frame written into its head (the
// daily update streak, services/progress/updateStreak.ts; the error reporting's DSN), always
// revalidated by an ETag of the whole page. Registered by plugins/static.ts.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pageDataElement, type PageData } from '../../contract/pageData';
import { PageDataSchema } from '../../contract/pageDataSchema';
import { startsGameAtOnce, withGamePreloads } from './gamePreload';

/**
 * index.html with the page data written into its head (read again when the file changes, e.g.
 * a new build), answered with an ETag of the whole page, so a revalidation costs no body when
 * neither the build nor the data changed. The game's page also asks for the game's files at once
 * where its game starts without waiting for a host (http/gamePreload.ts); the console never does.
 */
export function shellPage(file: string, pageData: () => Promise<PageData>, options: { game: boolean }) {
  let cached: { stamp: string; html: string } | null = null;
  const template = (): string => {
    const stats = statSync(file);
    const stamp = `${stats.size}-${stats.mtimeMs}`;
    if (cached?.stamp !== stamp) cached = { stamp, html: readFileSync(file, 'utf8') };
    return cached.html;
  };
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const html = template();
    // Checked against the contract before it goes out; a figure it refuses is left out (223 then).
    const checked = PageDataSchema.safeParse(await pageData());
    if (!checked.success) request.log.error({ err: checked.error }, 'page data refused by its schema');
    const data = checked.success ? checked.data : {};
    const withData = Object.keys(data).length > 0 ? html.replace('</head>', `${pageDataElement(data)}\n  </head>`) : html;
    const query = new URL(request.url, 'http://page.invalid').searchParams;
    const fetchDest = request.headers['sec-fetch-dest'];
    const preload = options.game && startsGameAtOnce({ fetchDest: typeof fetchDest === 'string' ? fetchDest : undefined, hostname: request.hostname, query });
    const body = preload ? withGamePreloads(withData) : withData;
    // The same address gives a page with or without the preloads, by the frame it is loaded in.
    if (options.game) reply.header('vary', 'sec-fetch-dest');
    const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.send(body);
  };
}
