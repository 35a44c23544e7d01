// The catalogs follow docs/glossary.md: one word for the currency (Ŧ and TripCoins, never "TC",
// "Münzen" or "コイン"), one for the wager, the coin flip, and two different words for closing a
// window and cancelling a wager; the ranks have names a player understands.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../contract/locales';

const read = (lang: string) => JSON.parse(readFileSync(join(__dirname, '../../src/i18n/catalogs', `${lang}.json`), 'utf8')) as Record<string, string>;
const glossary = readFileSync(join(__dirname, '../../docs/glossary.md'), 'utf8');

/** Words the glossary forbids, per language (the currency's unit everywhere but English). */
const FORBIDDEN: Record<string, RegExp[]> = {
  en: [/\bLogout\b/, /\bsign(ed)? out\b/i, /Confirm Logout/],
  de: [/\bTC\b/, /\bMünzen\b/, /Stornieren|stornier/i, /\bWette/],
  es: [/\bTC\b/, /^Monedas$/],
  fr: [/\bTC\b/, /^Pièces$/, /\bparis?\b/i, /^Déconnexion$/],
  ja: [/\bTC\b/, /^コイン$/, /ウェイジャー/, /ベット/, /コインフリップ/, /TripCoin(?!s)/],
  ko: [/\bTC\b/, /코인/, /TripCoin(?!s)/, /판매 글/],
  zh: [/\bTC\b/, /金币/, /TripCoin(?!s)/],
  ru: [/\bTC\b/, /^Монеты$/, /TripCoin(?!s)/],
};

/** The currency's label and the ranks: the glossary's word in each language. */
const REQUIRED: Record<string, string> = { 'profile.ProfileOverlay.coins': 'TripCoins' };
const RANK_KEYS = ['progress.rank.Hook', 'progress.rank.Commitment', 'progress.rank.Prestige'];

describe('the catalogs follow docs/glossary.md', () => {
  it.each(Object.keys(FORBIDDEN))('%s uses none of the forbidden variants', (lang) => {
    const catalog = read(lang);
    // The contract's English (text.*) is the server's, checked against the contract instead.
    const shown = Object.entries(catalog).filter(([key]) => lang !== 'en' || !key.startsWith('text.'));
    const found = shown.flatMap(([key, text]) => FORBIDDEN[lang]!.filter((rule) => rule.test(text)).map((rule) => `${key}: ${JSON.stringify(text)} (${rule})`));
    expect(found).toEqual([]);
  });

  it.each(LOCALES)('%s writes an amount of TripCoins as Ŧ, and spells the brand TripCoins', (lang) => {
    // "상자당 300 TripCoins" and "300 Tripcoins" stood where the rest said Ŧ300.00.
    const found = Object.entries(read(lang)).filter(([key]) => key !== 'purchases.pack')
      .filter(([, text]) => /Tripcoins|(\d|\{\w+\})\s*TripCoins/.test(text)).map(([key, text]) => `${key}: ${text}`);
    expect(found).toEqual([]);
  });

  it.each(LOCALES)('%s has one word for logging out, on the button, the dialog and the confirmation', (lang) => {
    const catalog = read(lang);
    const word = catalog['accounts.ProfileTab.logOut']!;
    expect(glossary, `${word} is the glossary's word`).toContain(`| ${word} |`);
    expect(catalog['accounts.AuthModal.logout']).toBe(word);
    for (const key of ['accounts.AuthModal.title.logout', 'accounts.ProfileTab.signOutEverywhere', 'accounts.SignOutEverywhere.title', 'accounts.SignOutEverywhere.confirm']) {
      expect(catalog[key]!.toLowerCase(), key).toContain(word.toLowerCase().replace(/^se /, ''));
    }
    expect(catalog['accounts.SignOutEverywhere.confirm']).toBe(catalog['accounts.ProfileTab.signOutEverywhere']);
  });

  it.each(LOCALES)('%s never asks a player about a "TripLand account", a name they never met', (lang) => {
    expect(Object.entries(read(lang)).filter(([, text]) => /TripLand/.test(text)).map(([key]) => key)).toEqual([]);
  });

  it.each(LOCALES)('%s names the currency TripCoins and writes its ranks as the glossary does', (lang) => {
    const catalog = read(lang);
    for (const [key, word] of Object.entries(REQUIRED)) expect(catalog[key], key).toBe(word);
    for (const key of RANK_KEYS) {
      expect(catalog[key], key).toBeTruthy();
      expect(glossary, `${key} = ${catalog[key]} is in the glossary's rank table`).toContain(`| ${catalog[key]} |`);
      expect(['Hook', 'Commitment', 'Prestige']).not.toContain(catalog[key]);
    }
  });

  it.each(LOCALES)('%s keeps the product name Base Set wherever the English names it', (lang) => {
    // One crate shop showed "Base Set" in its title and "ベースセット" in its announcement.
    const en = read('en');
    const catalog = read(lang);
    const renamed = Object.entries(en)
      .filter(([key, text]) => text.includes('Base Set') && catalog[key] !== undefined)
      .filter(([key, text]) => (text.match(/Base Set/g) ?? []).length > (catalog[key]!.match(/Base Set/g) ?? []).length)
      .map(([key]) => `${key}: ${JSON.stringify(catalog[key])}`);
    expect(renamed).toEqual([]);
  });

  it.each(LOCALES)('%s has different words for closing the coin flip and cancelling the wager', (lang) => {
    const catalog = read(lang);
    const close = catalog['coinflip.CoinflipModal.close'];
    const cancel = catalog['coinflip.CoinflipModal.cancel'];
    expect(close).toBeTruthy();
    expect(close).not.toBe(cancel);
    expect(glossary).toContain(`| ${close} |`);
    expect(glossary).toContain(`| ${cancel} |`);
  });
});
