// The legal pages the About section links to (/privacy and /terms): plain HTML documents, not
// API answers. Their text is in the repo (server/data/legal/, or LEGAL_DIR for a studio's own
// text), read once at start so that a missing file stops the server with a message naming it
// instead of a player finding a 404.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';

export const LEGAL_PAGES = { privacy: 'Privacy Policy', terms: 'Terms of Service' } as const;
export type LegalPage = keyof typeof LEGAL_PAGES;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
  :root { color-scheme: dark; }
  body { margin: 0; background: #0b0f1a; color: #d7deea; font: 16px/1.6 Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { max-width: 46rem; margin: 0 auto; padding: 2.5rem 1.25rem 4rem; }
  h1 { color: #fff; font-size: 2rem; margin: 0 0 .25rem; }
  h2 { color: #8fd3ff; font-size: 1.15rem; margin: 2rem 0 .5rem; }
  a { color: #8fd3ff; }
  .updated { color: #9aa6b8; margin-top: 0; }
</style>
</head>
<body><main>
${body.trim()}
</main></body>
</html>
`;
}

/** Reads every legal page from `dir`; throws with the file's path when one is missing. */
export function loadLegalPages(dir: string): Record<LegalPage, string> {
  const pages = {} as Record<LegalPage, string>;
  for (const [name, title] of Object.entries(LEGAL_PAGES) as Array<[LegalPage, string]>) {
    const file = resolve(join(dir, `${name}.html`));
    let body: string;
    try { body = readFileSync(file, 'utf8'); } catch {
      throw new Error(`The ${title} page is missing: ${file} (set LEGAL_DIR to a folder with privacy.html and terms.html)`);
    }
    pages[name] = page(title, body);
  }
  return pages;
}

export async function legalRoutes(app: FastifyInstance): Promise<void> {
  const pages = loadLegalPages(app.config.LEGAL_DIR);
  for (const name of Object.keys(LEGAL_PAGES) as LegalPage[]) {
    app.get(`/${name}`, async (_request, reply) => reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(pages[name]));
  }
}
