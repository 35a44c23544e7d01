// The legal pages the About section links to (/privacy and /terms): plain HTML documents, not
// API answers. Their text is in the repo, one folder per language (server/data/legal/<lang>/), read
// once at start so that a missing file stops the server with a message naming it instead of a
// player finding a 404. Each page is served whole in the player's language: `?lang=de` (About's
// links carry it), else the browser's Accept-Language, else English. `{{support}}` in a text
// becomes the studio's support contact (SUPPORT_EMAIL, SUPPORT_URL). A studio's own LEGAL_DIR
// with only privacy.html and terms.html in English is framed in the player's language instead:
// the title, and a note that the English text below is the binding one (catalog keys legal.*).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { supportContact } from '../config';
import { isLocale, LOCALES, type Locale } from '../../contract/locales';

export const LEGAL_PAGES = { privacy: 'Privacy Policy', terms: 'Terms of Service' } as const;
export type LegalPage = keyof typeof LEGAL_PAGES;

/** The frame's words in one language: the page's title and the note on the binding English. */
interface Frame { title: string; note: string | null; noSupport: string }

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** Each language's frame from its catalog (read once at start). */
function frames(name: LegalPage): Record<Locale, Frame> {
  const out = {} as Record<Locale, Frame>;
  for (const locale of LOCALES) {
    const catalog = JSON.parse(readFileSync(new URL(`../../src/i18n/catalogs/${locale}.json`, import.meta.url), 'utf8')) as Record<string, string>;
    out[locale] = { title: catalog[`legal.title.${name}`] ?? LEGAL_PAGES[name], note: locale === 'en' ? null : catalog['legal.bindingNote'] ?? null, noSupport: catalog['legal.noSupport'] ?? '' };
  }
  return out;
}

function page(title: string, body: string, locale: Locale = 'en', frame: Frame = { title, note: null, noSupport: '' }, whole = false): string {
  const note = frame.note === null ? '' : `<p class="binding-note" role="note">${escapeHtml(frame.note)}</p>\n`;
  const content = locale === 'en' || whole ? body.trim() : `<h1 class="frame-title">${escapeHtml(frame.title)}</h1>\n${note}<div lang="en">\n${body.trim()}\n</div>`;
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
  /* Long one-word titles (Datenschutzerklärung) fit a 390 px phone on one line. */
  h1 { color: #fff; font-size: clamp(1.4rem, 6.5vw, 2rem); margin: 0 0 .25rem; overflow-wrap: anywhere; hyphens: auto; }
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

/** The support contact as it stands in a page's text: the address and the page, linked. */
function supportHtml(contact: { email: string | null; url: string | null }, none: string): string {
  const links: string[] = [];
  if (contact.email) links.push(`<a href="mailto:${escapeHtml(contact.email)}">${escapeHtml(contact.email)}</a>`);
  if (contact.url) links.push(`<a href="${escapeHtml(contact.url)}">${escapeHtml(contact.url)}</a>`);
  return links.length ? `<span class="support">${links.join(' · ')}</span>` : `<span class="support">${escapeHtml(none)}</span>`;
}

export interface LegalPages {
  /** The English page. */
  privacy: string;
  terms: string;
  /** Each page in each language: the whole text translated, or a studio's English text framed. */
  byLocale: Record<LegalPage, Record<Locale, string>>;
}

type Support = { email: string | null; url: string | null };

/** Reads every legal page from `dir` (one folder per language, or a studio's English pair);
 * throws with the file's path when one is missing. */
export function loadLegalPages(dir: string, support: Support = { email: null, url: null }): LegalPages {
  const pages = { byLocale: {} } as LegalPages;
  const perLanguage = existsSync(join(dir, 'en'));
  for (const [name, title] of Object.entries(LEGAL_PAGES) as Array<[LegalPage, string]>) {
    const byLocale = frames(name);
    const read = (file: string) => {
      try { return readFileSync(file, 'utf8'); } catch {
        throw new Error(`The ${title} page is missing: ${file} (set LEGAL_DIR to a folder with a folder per language, or with privacy.html and terms.html)`);
      }
    };
    const text = (locale: Locale) => (perLanguage ? read(resolve(join(dir, locale, `${name}.html`))) : english).replaceAll('{{support}}', supportHtml(support, byLocale[locale].noSupport));
    const english = perLanguage ? '' : read(resolve(join(dir, `${name}.html`)));
    pages.byLocale[name] = Object.fromEntries(LOCALES.map((locale) => [locale, page(title, text(locale), locale, byLocale[locale], perLanguage)])) as Record<Locale, string>;
    pages[name] = pages.byLocale[name].en;
  }
  return pages;
}

/** The first of the browser's languages (Accept-Language, by weight) that we have, else English. */
export function acceptedLocale(header: string | undefined): Locale {
  const wanted = (header ?? '').split(',').map((part, i) => {
    const [tag = '', ...params] = part.trim().split(';');
    const q = Number(params.find((p) => p.trim().startsWith('q='))?.trim().slice(2) ?? '1');
    return { lang: tag.trim().toLowerCase().split('-')[0] ?? '', q: Number.isFinite(q) ? q : 0, i };
  }).filter((w) => w.q > 0).sort((a, b) => b.q - a.q || a.i - b.i);
  return wanted.map((w) => w.lang).find(isLocale) ?? 'en';
}

export async function legalRoutes(app: FastifyInstance): Promise<void> {
  const pages = loadLegalPages(app.config.LEGAL_DIR, supportContact(app.config));
  for (const name of Object.keys(LEGAL_PAGES) as LegalPage[]) {
    app.get(`/${name}`, async (request, reply) => {
      const lang = (request.query as { lang?: unknown } | undefined)?.lang;
      const locale = isLocale(lang) ? lang : acceptedLocale(request.headers['accept-language']);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .header('vary', 'accept-language')
        .header('content-language', locale)
        .send(pages.byLocale[name][locale]);
    });
  }
}
