// The legal pages the About section links to (/privacy and /terms): plain HTML documents, not
// API answers. Their text is in the repo (server/data/legal/, or LEGAL_DIR for a studio's own
// text), read once at start so that a missing file stops the server with a message naming it
// instead of a player finding a 404. The text is English; `?lang=de` (the About section's links
// carry the player's language) frames it in that language: the title, and a note that the
// English text below is the binding one (catalog keys legal.*, src/i18n/catalogs).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { isLocale, LOCALES, type Locale } from '../../contract/locales';

export const LEGAL_PAGES = { privacy: 'Privacy Policy', terms: 'Terms of Service' } as const;
export type LegalPage = keyof typeof LEGAL_PAGES;

/** The frame's words in one language: the page's title and the note on the binding English. */
interface Frame { title: string; note: string | null }

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** Each language's frame from its catalog (read once at start). */
function frames(name: LegalPage): Record<Locale, Frame> {
  const out = {} as Record<Locale, Frame>;
  for (const locale of LOCALES) {
    const catalog = JSON.parse(readFileSync(new URL(`../../src/i18n/catalogs/${locale}.json`, import.meta.url), 'utf8')) as Record<string, string>;
    out[locale] = { title: catalog[`legal.title.${name}`] ?? LEGAL_PAGES[name], note: locale === 'en' ? null : catalog['legal.bindingNote'] ?? null };
  }
  return out;
}

function page(title: string, body: string, locale: Locale = 'en', frame: Frame = { title, note: null }): string {
  const note = frame.note === null ? '' : `<p class="binding-note" role="note">${escapeHtml(frame.note)}</p>\n`;
  const content = locale === 'en' ? body.trim() : `<h1 class="frame-title">${escapeHtml(frame.title)}</h1>\n${note}<div lang="en">\n${body.trim()}\n</div>`;
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(frame.title)}</title>
<style>
  :root { color-scheme: dark; }
  body { margin: 0; background: #0b0f1a; color: #d7deea; font: 16px/1.6 Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { max-width: 46rem; margin: 0 auto; padding: 2.5rem 1.25rem 4rem; }
  h1 { color: #fff; font-size: 2rem; margin: 0 0 .25rem; overflow-wrap: anywhere; hyphens: auto; }
  h2 { color: #8fd3ff; font-size: 1.15rem; margin: 2rem 0 .5rem; }
  a { color: #8fd3ff; }
  .updated { color: #9aa6b8; margin-top: 0; }
  .frame-title { margin-bottom: .75rem; }
  .binding-note { background: #16203a; border-left: 3px solid #8fd3ff; padding: .6rem .9rem; margin: 0 0 1.5rem; }
  div[lang="en"] h1 { font-size: 1.4rem; }
</style>
</head>
<body><main>
${content}
</main></body>
</html>
`;
}

/** Reads every legal page from `dir`, framed in each language; throws with the file's path when one is missing. */
export function loadLegalPages(dir: string): Record<LegalPage, string> & { framed: Record<LegalPage, Record<Locale, string>> } {
  const pages = { framed: {} } as Record<LegalPage, string> & { framed: Record<LegalPage, Record<Locale, string>> };
  for (const [name, title] of Object.entries(LEGAL_PAGES) as Array<[LegalPage, string]>) {
    const file = resolve(join(dir, `${name}.html`));
    let body: string;
    try { body = readFileSync(file, 'utf8'); } catch {
      throw new Error(`The ${title} page is missing: ${file} (set LEGAL_DIR to a folder with privacy.html and terms.html)`);
    }
    pages[name] = page(title, body);
    const byLocale = frames(name);
    pages.framed[name] = Object.fromEntries(LOCALES.map((locale) => [locale, page(title, body, locale, byLocale[locale])])) as Record<Locale, string>;
  }
  return pages;
}

export async function legalRoutes(app: FastifyInstance): Promise<void> {
  const pages = loadLegalPages(app.config.LEGAL_DIR);
  for (const name of Object.keys(LEGAL_PAGES) as LegalPage[]) {
    app.get(`/${name}`, async (request, reply) => {
      const lang = (request.query as { lang?: unknown } | undefined)?.lang;
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(isLocale(lang) && lang !== 'en' ? pages.framed[name][lang] : pages[name]);
    });
  }
}
