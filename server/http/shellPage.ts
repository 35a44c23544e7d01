// The shell's page: index.html with the page data of its first frame written into its head (the
// daily update streak, services/progress/updateStreak.ts; the error reporting's DSN), always
// revalidated by an ETag of the whole page. Registered by plugins/static.ts. The page asks for
// nothing of the game: the entry does, after the first paint (src/app/startup.ts).
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pageDataElement, type PageData } from '../../contract/pageData';
import { PageDataSchema } from '../../contract/pageDataSchema';

/**
 * index.html with the page data written into its head (read again when the file changes, e.g.
 * a new build), answered with an ETag of the whole page, so a revalidation costs no body when
 * neither the build nor the data changed.
 */
export function shellPage(file: string, pageData: () => Promise<PageData>) {
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
    const body = Object.keys(data).length > 0 ? html.replace('</head>', `${pageDataElement(data)}\n  </head>`) : html;
    const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.send(body);
  };
}
