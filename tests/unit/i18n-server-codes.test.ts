// Every text the server can say is a stable code with named values (contract/texts.ts), and every
// catalog words every code: the key is there in all eight languages, not empty, with exactly the
// placeholders the code's values fill. What the server sends (said) comes back in the player's
// language through the shell's reading (src/i18n/serverTexts.ts), never as the server's English.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type Token } from '@messageformat/parser';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../contract/locales';
import { CONTRACT_TEXT_GROUPS, contractTextCodes, said, TEXT_PARAMS } from '../../contract/texts';
import { setChosenLocale } from '../../src/settings-store/language';
import { localAnswerText, localServerText, wordCode } from '../../src/i18n/serverTexts';

const DIR = join(__dirname, '../../src/i18n/catalogs');
const read = (lang: string) => JSON.parse(readFileSync(join(DIR, `${lang}.json`), 'utf8')) as Record<string, string>;

/** The argument names a message reads ({0}, {1, plural, …}). */
function argumentsOf(message: string): string[] {
  const out = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument' || token.type === 'function') out.add(token.arg);
      else if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        out.add(token.arg);
        for (const c of token.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(message));
  return [...out].sort();
}

/** Function texts, found by walking the contract's groups. */
function functionTexts(): Array<{ path: string; arity: number }> {
  const out: Array<{ path: string; arity: number }> = [];
  const walk = (parts: string[], value: unknown) => {
    if (typeof value === 'function') out.push({ path: parts.join('.'), arity: value.length });
    else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk([...parts, k], v);
  };
  for (const [group, object] of Object.entries(CONTRACT_TEXT_GROUPS)) walk([group], object);
  return out;
}

afterAll(() => setChosenLocale('en'));

describe('the server\'s codes', () => {
  it('name the values of every contract text that takes some, one name per argument', () => {
    const problems = functionTexts().filter(({ path, arity }) => TEXT_PARAMS[path]?.length !== arity).map(({ path, arity }) => `${path}: ${arity} arguments, names ${JSON.stringify(TEXT_PARAMS[path])}`);
    expect(problems).toEqual([]);
    const unknown = Object.keys(TEXT_PARAMS).filter((path) => !functionTexts().some((f) => f.path === path));
    expect(unknown, 'names for texts that do not exist').toEqual([]);
  });

  it('are unique: no two texts share a code', () => {
    const codes = contractTextCodes().map((c) => c.code);
    expect(codes.filter((code, i) => codes.indexOf(code) !== i)).toEqual([]);
  });

  it.each(LOCALES)('are all worded by the %s catalog, with exactly their values', (lang) => {
    const catalog = read(lang);
    const problems: string[] = [];
    for (const { code, path, params } of contractTextCodes()) {
      const message = catalog[`text.${path}`];
      if (!message) { problems.push(`${code}: no text.${path}`); continue; }
      const expected = params.map((_, i) => String(i)).sort();
      const got = argumentsOf(message).filter((arg) => arg !== 'soldOut' && !arg.endsWith('_final')); // a word form's companion (wordForms.ts)
      if (got.join() !== expected.join()) problems.push(`${code}: reads {${got.join(', ')}}, the code carries ${params.length} value(s)`);
    }
    expect(problems).toEqual([]);
  });
});

describe('what the server says reaches the player in their language', () => {
  const SENT: Array<[string, unknown[]]> = [
    ['crate.purchased', [3, 'Base Set II']], ['crate.spent', [30000n]], ['crate.insufficient', [1234n, 30000n]],
    ['crate.onlyAvailable', [0]], ['crate.onlyAvailable', [7n]], ['clan.done.inviteSent', ['alice_demo']], ['clan.done.created', ['OWL', 'Night Owls']],
    ['auth.banned', ['Aimbot']], ['airdrop.claimed', []], ['coinflip.insufficient', [500n]], ['market.insufficient', [25000n, 100n]],
    ['economy.onlyHave', [2]],
  ];

  it('in English, exactly the server\'s English', async () => {
    await setChosenLocale('en');
    for (const [path, args] of SENT) {
      const { text, ref } = said(path, ...args);
      expect(wordCode(ref.code, ref.params), path).toBe(text);
    }
  });

  it.each(['de', 'ja', 'ko'])('in %s, from the catalog with the values, never the English sentence', async (lang) => {
    await setChosenLocale(lang);
    for (const [path, args] of SENT) {
      const { text, ref } = said(path, ...args);
      const worded = localAnswerText({ message: text, messageText: ref });
      expect(worded, path).not.toBe(text);
      expect(worded, path).not.toMatch(/[{}]/);
      for (const value of Object.values(ref.params ?? {})) if (typeof value === 'string' && /[A-Za-z]/.test(value)) expect(worded, path).toContain(value);
    }
    // An error that names its own code is worded by its text's code and values.
    const short = said('crate.insufficient', 1234n, 30000n);
    expect(localServerText(short.text, 'INSUFFICIENT_FUNDS', short.ref.code, short.ref.params)).not.toBe(short.text);
    // A text of a newer server (an unknown code) shows as it came.
    expect(localServerText('Something new', 'NEW_CODE')).toBe('Something new');
  });

  it('refuses a path that is no contract text, or the wrong number of values', () => {
    expect(() => said('crate.nothing')).toThrow();
    expect(() => said('crate.purchased', 3)).toThrow();
  });
});
