// The catalogs (src/i18n/catalogs/<lang>.json) and the texts in the components. Fails on a key
// missing from or extra in any catalog, a placeholder, plural/select or markup tag that differs
// from the English, a message that does not compile, an English text that differs from the
// contract's (the spec's texts stay byte for byte), and a user-visible string written straight
// into JSX in src/ instead of coming from the catalog.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../contract/locales';
import { SECTION_LABELS, SETTINGS_FIELDS, TEXTURE_QUALITY_LABELS } from '../../contract/settings';
import { SPRINT_MODE_LABELS } from '../../contract/keys';
import { compileCatalog } from '../../scripts/i18nCatalogs';
import { CONTRACT_TEXTS } from '../../src/i18n/texts';
import { KEY_ACTION_LABELS } from '../../src/features/settings/keyConflict';
import { i18n } from '../../src/i18n';
import { setChosenLocale } from '../../src/settings-store/language';
import { bareStrings } from '../support/bareStrings';

const DIR = join(__dirname, '../../src/i18n/catalogs');
const read = (lang: string) => JSON.parse(readFileSync(join(DIR, `${lang}.json`), 'utf8')) as Record<string, string>;
const en = read('en');

/** What a message needs from its caller and how it branches: placeholders, plural/select with their cases, markup tags. */
export function shape(message: string): string[] {
  const out = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument') out.add(`{${token.arg}}`);
      else if (token.type === 'function') out.add(`{${token.arg}, ${token.key}}`);
      // A word's form after a value (a Korean particle) is the language's own choice (wordForms.ts).
      else if (token.type === 'select' && token.arg.endsWith('_final')) for (const c of token.cases) walk(c.tokens);
      else if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        out.add(`{${token.arg}, ${token.type}}`);
        if (token.type === 'select') for (const c of token.cases) out.add(`{${token.arg} = ${c.key}}`);
        if (!token.cases.some((c) => c.key === 'other')) out.add(`{${token.arg}} without other`);
        for (const c of token.cases) walk(c.tokens);
      } else if (token.type === 'content') for (const tag of token.value.match(/<\/?\d+>/g) ?? []) out.add(tag);
    }
  };
  walk(parse(message));
  return [...out].sort();
}

describe('the catalogs', () => {
  it('exist for every language of the settings', () => {
    expect(readdirSync(DIR).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).sort()).toEqual([...LOCALES].sort());
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s has exactly the English keys, the same placeholders, plurals, selects and tags', (lang) => {
    const catalog = read(lang);
    expect(Object.keys(catalog).filter((k) => !(k in en)), 'extra keys').toEqual([]);
    expect(Object.keys(en).filter((k) => !(k in catalog)), 'missing keys').toEqual([]);
    const mismatched = Object.keys(en).filter((k) => k in catalog && shape(catalog[k]!).join(' ') !== shape(en[k]!).join(' '))
      .map((k) => `${k}: ${JSON.stringify(catalog[k])} vs ${JSON.stringify(en[k])}`);
    expect(mismatched).toEqual([]);
    const untranslated = Object.keys(en).filter((k) => catalog[k] === '');
    expect(untranslated, 'empty messages').toEqual([]);
  });

  it.each(LOCALES)('%s compiles', (lang) => {
    expect(() => compileCatalog(read(lang))).not.toThrow();
  });
});

describe('the English catalog says what the contract says', () => {
  const leaves = (prefix: string, value: unknown): Array<[string, unknown]> =>
    value !== null && typeof value === 'object'
      ? Object.entries(value).flatMap(([k, v]) => leaves(`${prefix}.${k}`, v))
      : [[prefix, value]];
  /** Arguments a contract text function is called with, to compare both renderings. */
  const SAMPLES: Record<string, unknown[][]> = {
    'text.name.invisible': [['Clan name']], 'text.name.mixedScripts': [['Username']],
    'text.economy.onlyHave': [[3], [12n]], 'text.coinflip.insufficient': [[1234n], [5n]],
    'text.market.insufficient': [[25000n, 10000n]], 'text.crate.onlyAvailable': [[0], [-1], [7n]],
    'text.crate.insufficient': [[100n, 30000n]], 'text.crate.purchased': [[2, 'Base Set']], 'text.crate.spent': [[123456n]],
    'text.settingsImport.invalid': [['mouseSensitivity', 'is too big']],
    'text.airdrop.received': [['1 × Base Set II Crate']],
    'text.inventory.count': [[3]], 'text.inventory.listingLine': [[1, '12.50'], [4, '3.00']], 'text.inventory.ends': [['Dec 3, 2026']],
    'text.inventory.wagerLine': [['10.00', 'Heads']], 'text.inventory.packBought': [['1,200']], 'text.inventory.packRefunded': [['1,200']],
    'text.live.listingSold': [['64 BIT ANCIENT', '12.50']], 'text.live.coinsReceived': [['alice', '5.00']], 'text.live.coinsAwarded': [['5.00']],
    'text.live.itemReceived': [['alice', 'Base Set Crate', 1], ['bob', 'Mythical Ticket', 3]],
    'text.live.clanInvite': [['alice', 'Night Owls']], 'text.live.clanAccept': [['alice', 'Night Owls']], 'text.live.clanJoinRequest': [['alice']],
    'text.live.clanRemoval': [['Night Owls']], 'text.live.clanLeft': [['alice', 'Night Owls']], 'text.live.adminGranted': [['100', 'TripCoins']],
    'text.live.adminRemoved': [['2', 'Base Set Crate']],
    'text.live.listingCancelled': [[1, 'Base Set Crate'], [5, 'Mythical Ticket']],
    'text.live.studioMessage': [['Sorry about the outage!']],
    'text.live.purchaseGranted': [['1200']], 'text.live.purchaseReversed': [['500']], 'text.live.purchaseReversedDebt': [['1200', '350.50']],
    'text.auth.banned': [['Aimbot']], 'text.clan.done.created': [['OWL', 'Night Owls']], 'text.clan.done.joined': [['Night Owls']],
    'text.clan.done.inviteSent': [['alice']], 'text.clan.done.newAdmin': [['alice']], 'text.clan.done.requestSent': [['Night Owls']],
    'text.clan.done.memberJoined': [['alice']],
    // A hold's end is a date the shell writes in the player's locale (tests/unit/trade-hold-notice.test.ts):
    // here a word, so the wording alone is compared.
    'text.trade.held': [['give', 'passwordChanged', 'Friday'], ['list', 'signInLinked', 'Friday'], ['bridge', 'purchase', 'Friday'], ['buy', 'newAccount', 'Friday'], ['give', 'signInRemoved', 'Friday']],
    'text.trade.boughtCoinsHeld': [[50000n, 'Friday']], 'text.trade.outsideBand': [[6666n, 15000n]],
    'text.trade.outsideBandDaily': [[1], [3]], 'text.trade.pairCap': [['alice']],
  };

  it('for every contract text and settings label, rendered in English', async () => {
    await setChosenLocale('en');
    const { ARG_FORMATS } = await import('../../src/i18n/texts');
    const problems: string[] = [];
    for (const [prefix, object] of Object.entries(CONTRACT_TEXTS)) {
      for (const [key, value] of leaves(prefix, object)) {
        if (typeof value === 'string') {
          if (i18n._(key) !== value) problems.push(`${key}: ${i18n._(key)} !== ${value}`);
        } else if (typeof value === 'function') {
          const samples = SAMPLES[key];
          if (!samples) { problems.push(`${key}: no sample arguments in this test`); continue; }
          for (const args of samples) {
            const format = ARG_FORMATS[key] ?? ((a: readonly unknown[]) => Object.fromEntries(a.map((v, i) => [String(i), String(v)])));
            const expected = (value as (...a: unknown[]) => string)(...args);
            const got = i18n._(key, format(args) as Record<string, string>);
            if (got !== expected) problems.push(`${key}(${args.join(', ')}): ${got} !== ${expected}`);
          }
        }
      }
    }
    for (const [id, label] of Object.entries(SECTION_LABELS)) if (i18n._(`settings.section.${id}`) !== label) problems.push(`section ${id}`);
    for (const [name, field] of Object.entries(SETTINGS_FIELDS)) {
      if (i18n._(`settings.field.${name}`) !== field.label) problems.push(`field ${name}`);
      if ('description' in field && field.description && i18n._(`settings.description.${name}`) !== field.description) problems.push(`description ${name}`);
    }
    TEXTURE_QUALITY_LABELS.forEach((label, i) => { if (i18n._(`settings.slider.texture.${i}`) !== label) problems.push(`texture ${i}`); });
    for (const [mode, label] of Object.entries(SPRINT_MODE_LABELS)) if (i18n._(`keys.sprint.${mode}`) !== label) problems.push(`sprint ${mode}`);
    for (const [action, label] of Object.entries(KEY_ACTION_LABELS)) if (i18n._(`keys.action.${action}`) !== label) problems.push(`action ${action}`);
    expect(problems).toEqual([]);
  });
});

describe('texts in the components', () => {
  const SRC = join(__dirname, '../../src');
  const files = (dir: string): string[] => readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx$/.test(name) && !/\.test\.tsx$/.test(name) ? [path] : [];
  });
  /** Not words for a translator: the product's logo and the end-to-end tests' probe overlay (never shipped to players). */
  const ALLOWED = new Set(['TRIPSHELL']);
  const ALLOWED_FILES = new Set(['app/testHooks.tsx']);
  /** The studio's console (/admin) is for the studio's staff, in English only (docs/domain/console.md). */
  const ALLOWED_DIRS = ['admin/'];

  it('come from the catalog: no bare words in JSX text or in a shown/announced prop', () => {
    const found = files(SRC)
      .filter((file) => !ALLOWED_FILES.has(file.slice(SRC.length + 1)) && !ALLOWED_DIRS.some((dir) => file.slice(SRC.length + 1).startsWith(dir)))
      .flatMap((file) => bareStrings(readFileSync(file, 'utf8'), file).filter((hit) => !ALLOWED.has(hit.text)).map((hit) => `${file.slice(SRC.length + 1)}:${hit.line} ${hit.text}`));
    expect(found).toEqual([]);
  });

  it('take the contract\'s texts from src/i18n/texts.ts, never the English straight from contract/ (a button once said "Inventory & History" in German)', () => {
    const localizedNames = Object.keys(CONTRACT_TEXTS).map((prefix) => prefix.replace(/^text\./, ''));
    const anyTs = (dir: string): string[] => readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? anyTs(path) : /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !/\.d\.ts$/.test(name) ? [path] : [];
    });
    const offenders = anyTs(SRC)
      .filter((file) => { const rel = file.slice(SRC.length + 1); return !rel.startsWith('i18n/') && !ALLOWED_DIRS.some((dir) => rel.startsWith(dir)); })
      .flatMap((file) => contractTextImports(readFileSync(file, 'utf8')).map((name) => `${file.slice(SRC.length + 1)} imports ${name}`))
      .filter((hit) => localizedNames.some((area) => hit.endsWith(`${area.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}_TEXT`)));
    expect(offenders).toEqual([]);
    // The scan itself: an English import is found, an aliased `_EN` one (kept on purpose) is not.
    expect(contractTextImports("import { INVENTORY_TEXT } from '../../../contract/myEconomy';\nimport { NAME_TEXT as NAME_TEXT_EN } from '../../../contract/names';")).toEqual(['INVENTORY_TEXT']);
  });

  it('write decimal numbers the locale\'s way: no literal "0.00" as a placeholder or text (German says 0,00)', () => {
    const decimals = files(SRC)
      .filter((file) => !ALLOWED_DIRS.some((dir) => file.slice(SRC.length + 1).startsWith(dir)))
      .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/(?:placeholder|label|title)=["'`]\d+\.\d+["'`]|>\s*\d+\.\d+\s*</g)].map((m) => `${file.slice(SRC.length + 1)}: ${m[0]}`));
    expect(decimals).toEqual([]);
    // Nor a number formatted for one fixed locale (the profile showed "105,000" XP in German).
    const fixed = files(SRC)
      .filter((file) => !ALLOWED_DIRS.some((dir) => file.slice(SRC.length + 1).startsWith(dir)))
      .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/toLocaleString\(\s*['"][a-z]{2}-[A-Z]{2}['"]/g)].map((m) => `${file.slice(SRC.length + 1)}: ${m[0]}`));
    expect(fixed).toEqual([]);
  });

  it('the scan finds what it must (text children, aria-label, title, placeholder, label, conditional literals)', () => {
    const sample = `const A = () => <div title="Hi there" aria-label={x ? 'Open it' : 'Close it'}><Input placeholder={\`Type \${n}\`} label="Name" />Hello world{' '}{ok ? 'Yes sir' : null}<b>{'OK'}</b>{t('k')}{42}<span>Ŧ</span></div>;`;
    expect(bareStrings(sample).map((h) => h.text)).toEqual(['Hi there', 'Open it', 'Close it', 'Type', 'Name', 'Hello world', 'Yes sir', 'OK']);
  });
});

/** The `*_TEXT` names a module imports from contract/ under their own name (an `as X_EN` alias says the English is meant). */
function contractTextImports(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'[./]*contract\/[^']+'/g)) {
    for (const part of (match[1] ?? '').split(',')) {
      const [name, alias] = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/);
      if (name && /_TEXT$/.test(name) && (alias === undefined || !/_EN$/.test(alias))) names.push(name);
    }
  }
  return names;
}
