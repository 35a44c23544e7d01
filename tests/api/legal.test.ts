// The legal pages behind About's links: real documents from the repo's text (or LEGAL_DIR), every
// word in each of the eight languages with the same sections, covering purchases, providers,
// refunds and debts, holds, age, export and deletion, with the studio's support contact; a
// studio's own English text is framed in the player's language; a missing file names itself.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../contract/locales';
import { ConfigSchema } from '../../server/config';
import { acceptedLocale, legalRoutes, loadLegalPages } from '../../server/routes/legal';
import { testConfig } from './helpers';

const DIR = join(__dirname, '../../server/data/legal');
const sectionsOf = (html: string) => [...html.matchAll(/<h2 id="([a-z-]+)">/g)].map((m) => m[1]);
/** The visible words of a page's body (tags and the product's own names taken out). */
const words = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\{\{support\}\}|TripCoins?|Mythical Bridge|Discord|CrazyGames|Poki|Xsolla|Stripe|JSON|scrypt|cookie|Cookie|TripShell/g, ' ');

async function app(overrides = {}) {
  const server = Fastify();
  server.decorate('config', testConfig(overrides));
  await server.register(legalRoutes);
  return server;
}

describe('legal pages', () => {
  it('exist in every language, both of them, with the same sections in the same order', () => {
    expect(readdirSync(DIR).filter((d) => !d.endsWith('.html')).sort()).toEqual([...LOCALES].sort());
    for (const name of ['privacy', 'terms']) {
      const english = sectionsOf(readFileSync(join(DIR, 'en', `${name}.html`), 'utf8'));
      expect(english.length, name).toBeGreaterThanOrEqual(10);
      for (const locale of LOCALES) {
        const html = readFileSync(join(DIR, locale, `${name}.html`), 'utf8');
        expect(sectionsOf(html), `${locale}/${name}`).toEqual(english);
        expect(html, `${locale}/${name} names the support contact`).toContain('{{support}}');
      }
    }
  });

  it('are translated, not English sentences left in another language', () => {
    // Any four English words in a row from the English pages, found in another language's page.
    const grams = (text: string) => { const w = text.toLowerCase().match(/[a-z']+/g) ?? []; return w.slice(3).map((_, i) => w.slice(i, i + 4).join(' ')); };
    for (const name of ['privacy', 'terms']) {
      const english = new Set(grams(words(readFileSync(join(DIR, 'en', `${name}.html`), 'utf8'))));
      expect(english.size, name).toBeGreaterThan(300);
      for (const locale of LOCALES.filter((l) => l !== 'en')) {
        const left = grams(words(readFileSync(join(DIR, locale, `${name}.html`), 'utf8'))).filter((g) => english.has(g));
        expect(left, `${locale}/${name}`).toEqual([]);
      }
    }
  });

  it('cover purchases, the providers, refunds and debts, holds, age, export and deletion', () => {
    const privacy = readFileSync(join(DIR, 'en', 'privacy.html'), 'utf8');
    const terms = readFileSync(join(DIR, 'en', 'terms.html'), 'utf8');
    for (const provider of ['Discord', 'Xsolla', 'Stripe']) { expect(terms).toContain(provider); expect(privacy).toContain(provider); }
    expect(terms).toMatch(/refunded or charged back, the TripCoins it bought are taken back/);
    expect(terms).toMatch(/becomes a debt .* cannot move value out of your account \(gifts, new marketplace listings, the Mythical Bridge\)/);
    expect(terms).toMatch(/password change.*newly linked or removed.*72 hours/s);
    expect(terms).toMatch(/refund window/);
    expect(terms).toMatch(/new account cannot give, list or use the Mythical Bridge during its first hours/);
    expect(terms).toMatch(/13 or older/);
    expect(terms).toMatch(/18 or older, and they are not offered on CrazyGames or Poki/);
    expect(privacy).toMatch(/Download my data.*one JSON document/s);
    expect(privacy).toMatch(/Delete account/);
    expect(privacy).toMatch(/every session ends/);
    expect(privacy).toMatch(/identities are freed/);
    expect(privacy).toMatch(/only whether you are 13 to 17 or 18 and older, never the date/);
  });

  it('tell what deletion removes, keeps and settles, with the limits the server enforces', () => {
    const privacy = readFileSync(join(DIR, 'en', 'privacy.html'), 'utf8');
    const terms = readFileSync(join(DIR, 'en', 'terms.html'), 'utf8');
    // The numbers are the server's own defaults: changing one without the pages fails here.
    const holdDays = ConfigSchema.shape.DELETED_NAME_HOLD_DAYS.parse(undefined);
    const perHour = ConfigSchema.shape.DATA_EXPORTS_PER_HOUR.parse(undefined);
    for (const page of [privacy, terms]) {
      expect(page).toContain(`${perHour} times an hour`);
      expect(page).toContain(`for ${holdDays} days`);
    }
    const kept = /<li>kept, under an anonymous id[^<]*<\/li>/.exec(privacy)?.[0] ?? '';
    expect(kept).toMatch(/fraud checks, tax and chargebacks/);
    for (const record of ["the ledger's postings", 'purchases and their refunds', 'crate openings', 'game awards', 'Mythical Bridge transfers', 'sold listings', 'settled wagers', "a ban's date", 'internal note', "the console's log"]) expect(kept).toContain(record);
    const removed = /<li>removed:[^<]*<\/li>/.exec(privacy)?.[0] ?? '';
    for (const data of ['username', 'password', 'identifiers at Discord and the portals', 'sessions', 'settings', 'wallets', 'messages', 'profile and its statistics']) expect(removed).toContain(data);
    expect(privacy).toMatch(/open listings are cancelled and your open wagers are refunded; then the TripCoins and items left on your account are forfeited/);
    expect(privacy).toMatch(/debt stays on the anonymous account and is never collected/);
    expect(privacy).toMatch(/authorized apps in Discord's settings, Discord is unlinked from your account; an account that had no other way to sign in .* is then deleted/);
    expect(terms).toMatch(/a debt is never collected/);
  });

  it("name the data controls with the words the shell shows in each language", () => {
    for (const locale of LOCALES) {
      const catalog = JSON.parse(readFileSync(join(__dirname, `../../src/i18n/catalogs/${locale}.json`), 'utf8')) as Record<string, string>;
      const shown = (key: string) => { expect(catalog[key], `${locale} ${key}`).toBeTruthy(); return `<strong>${catalog[key]}</strong>`; };
      // Where the card lives: Settings, then Account, then Profile.
      const path = [shown('settings.SettingsOverlay.settings'), shown('settings.section.accounts'), shown('accounts.tab.profile')].join(' → ');
      const privacy = readFileSync(join(DIR, locale, 'privacy.html'), 'utf8');
      const terms = readFileSync(join(DIR, locale, 'terms.html'), 'utf8');
      for (const page of [privacy, terms]) {
        expect(page, locale).toContain(path);
        for (const key of ['accounts.YourData.title', 'accounts.YourData.download', 'accounts.YourData.delete']) expect(page, `${locale} ${key}`).toContain(shown(key));
      }
      for (const key of ['accounts.DeleteAccount.title', 'accounts.DeleteAccount.confirm']) expect(privacy, `${locale} ${key}`).toContain(shown(key));
    }
  });

  it("serves each page whole in the player's language, by ?lang= then Accept-Language, with the support contact", async () => {
    const server = await app({ SUPPORT_EMAIL: 'help@studio.example', SUPPORT_URL: 'https://studio.example/help' });
    for (const [path, title] of [['/privacy', 'Privacy Policy'], ['/terms', 'Terms of Service']] as const) {
      const response = await server.inject({ url: path });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['content-language']).toBe('en');
      expect(response.body).toContain(`<title>${title}</title>`);
      expect(response.body).toContain(`<h1>${title}</h1>`);
      expect(response.body).toContain('<a href="mailto:help@studio.example">help@studio.example</a>');
      expect(response.body).toContain('<a href="https://studio.example/help">');
      expect(response.body).not.toContain('{{');
    }
    const german = await server.inject({ url: '/privacy?lang=de' });
    expect(german.body).toContain('<html lang="de">');
    expect(german.body).toContain('<title>Datenschutzerklärung</title>');
    expect(german.body).toContain('Was wir speichern');
    expect(german.body).not.toContain('<div lang="en">');
    expect(german.body).toContain('help@studio.example');
    const japanese = await server.inject({ url: '/terms', headers: { 'accept-language': 'fr;q=0.5, ja-JP, en;q=0.8' } });
    expect(japanese.headers['content-language']).toBe('ja');
    expect(japanese.headers.vary).toMatch(/accept-language/i);
    expect(japanese.body).toContain('<title>利用規約</title>');
    expect(japanese.body).toContain('返金と負債');
    for (const locale of LOCALES) {
      const page = await server.inject({ url: `/terms?lang=${locale}` });
      expect(page.body, locale).toContain(`<html lang="${locale}">`);
      expect(page.body, locale).toContain('help@studio.example');
    }
    // An unknown language is English.
    expect((await server.inject({ url: '/terms?lang=xx' })).body).toContain('<html lang="en">');
    await server.close();
  });

  it('says where the contact is when none is configured', async () => {
    const server = await app();
    const body = (await server.inject({ url: '/privacy?lang=ko' })).body;
    expect(body).toContain('게임 정보 섹션의 고객 지원 연락처');
    expect(body).not.toContain('{{');
    await server.close();
  });

  it('reads the browser languages by weight', () => {
    expect(acceptedLocale('de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(acceptedLocale('pt-BR, zh-CN;q=0.7, ko;q=0.9')).toBe('ko');
    expect(acceptedLocale('pt-BR')).toBe('en');
    expect(acceptedLocale(undefined)).toBe('en');
    expect(acceptedLocale('ja;q=0, ru')).toBe('ru');
  });

  it("frames a studio's own English text from LEGAL_DIR, and names the missing file otherwise", () => {
    const dir = mkdtempSync(join(tmpdir(), 'legal-'));
    writeFileSync(join(dir, 'privacy.html'), '<h1>Privacy Policy</h1><p>Studio text</p>');
    expect(() => loadLegalPages(dir)).toThrow(/terms\.html.*LEGAL_DIR/);
    writeFileSync(join(dir, 'terms.html'), '<h1>Terms of Service</h1>');
    const pages = loadLegalPages(dir);
    expect(pages.privacy).toContain('<p>Studio text</p>');
    expect(pages.byLocale.privacy.de).toContain('verbindlich ist die englische Fassung');
    expect(pages.byLocale.privacy.de).toContain('<div lang="en">');
    // A folder per language must hold every language's pages.
    const perLanguage = mkdtempSync(join(tmpdir(), 'legal-'));
    mkdirSync(join(perLanguage, 'en'));
    writeFileSync(join(perLanguage, 'en', 'privacy.html'), '<h1>Privacy Policy</h1>');
    writeFileSync(join(perLanguage, 'en', 'terms.html'), '<h1>Terms of Service</h1>');
    expect(() => loadLegalPages(perLanguage)).toThrow(/[\\/](?!en)[a-z]{2}[\\/]privacy\.html.*LEGAL_DIR/);
  });
});
