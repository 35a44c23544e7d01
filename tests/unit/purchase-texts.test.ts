// The purchase texts a player reads around the checkout (its return, a refund taken back) name the
// currency as docs/glossary.md does: TripCoins, never a generic "coins" in any language. The
// Korean checkout's slow return once promised "코인".
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../contract/locales';

const read = (lang: string) => JSON.parse(readFileSync(join(__dirname, '../../src/i18n/catalogs', `${lang}.json`), 'utf8')) as Record<string, string>;

/** A generic word for coins standing in for the currency, per language. */
const GENERIC: Record<string, RegExp> = {
  en: /\bcoins\b/i, de: /\bCoins\b|Münzen/, es: /monedas/i, fr: /pièces/i,
  ja: /コイン/, ko: /코인/, zh: /金币|硬币/, ru: /монет/i,
};

describe('purchase texts name the currency TripCoins', () => {
  it.each(LOCALES)('%s', (lang) => {
    const catalog = read(lang);
    const generic = Object.entries(catalog)
      .filter(([key]) => key.startsWith('purchases.') || key.startsWith('text.live.purchase'))
      .filter(([, text]) => GENERIC[lang]!.test(text.replace(/TripCoins?|\{[^}]*\}/g, '')))
      .map(([key, text]) => `${key}: ${text}`);
    expect(generic).toEqual([]);
  });
});
