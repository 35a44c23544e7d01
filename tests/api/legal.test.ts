// The legal pages behind About's links: real documents from the repo's text (or LEGAL_DIR), not
// the JSON 404 the links led to before; a missing file names itself at start.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { legalRoutes, loadLegalPages } from '../../server/routes/legal';
import { testConfig } from './helpers';

describe('legal pages', () => {
  it('serves /privacy and /terms as HTML documents with the repo text', async () => {
    const app = Fastify();
    app.decorate('config', testConfig());
    await app.register(legalRoutes);
    for (const [path, title] of [['/privacy', 'Privacy Policy'], ['/terms', 'Terms of Service']] as const) {
      const response = await app.inject({ url: path });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain(`<title>${title}</title>`);
      expect(response.body).toContain(`<h1>${title}</h1>`);
      expect(response.body.length).toBeGreaterThan(1500);
    }
    // In the player's language: the frame (html lang, title, the note that the English is binding), the English text inside.
    const german = await app.inject({ url: '/privacy?lang=de' });
    expect(german.body).toContain('<html lang="de">');
    expect(german.body).toContain('<title>Datenschutzerklärung</title>');
    expect(german.body).toContain('verbindlich ist die englische Fassung');
    expect(german.body).toContain('<div lang="en">');
    expect((await app.inject({ url: '/terms?lang=ja' })).body).toContain('<title>利用規約</title>');
    // An unknown language is English, unframed.
    expect((await app.inject({ url: '/terms?lang=xx' })).body).toContain('<html lang="en">');
    await app.close();
  });

  it("uses a studio's own text from LEGAL_DIR, and names the missing file otherwise", () => {
    const dir = mkdtempSync(join(tmpdir(), 'legal-'));
    writeFileSync(join(dir, 'privacy.html'), '<h1>Privacy Policy</h1><p>Studio text</p>');
    expect(() => loadLegalPages(dir)).toThrow(/terms\.html.*LEGAL_DIR/);
    writeFileSync(join(dir, 'terms.html'), '<h1>Terms of Service</h1>');
    expect(loadLegalPages(dir).privacy).toContain('<p>Studio text</p>');
  });
});
