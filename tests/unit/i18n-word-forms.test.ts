// A word that follows a value takes the form the value asks for: a Korean particle (을/를, 이/가,
// 은/는, 으로/로) follows the sound the value ends on, chosen by the catalog's own select on the
// value's `<name>_final` (src/i18n/wordForms.ts), never hedged as "을(를)".
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../contract/locales';
import { t } from '../../src/i18n';
import { setChosenLocale } from '../../src/settings-store/language';
import { finalSound } from '../../src/i18n/wordForms';

const read = (lang: string) => JSON.parse(readFileSync(join(__dirname, '../../src/i18n/catalogs', `${lang}.json`), 'utf8')) as Record<string, string>;

/** Hedges that print both forms of a particle instead of the one the word takes. */
const HEDGES = /\((을|를|이|가|은|는|으|과|와)\)|(을|를|이|가|은|는|과|와)\((을|를|이|가|은|는|과|와)\)/;

function finals(tokens: Token[], out: { arg: string; cases: string[] }[] = []) {
  for (const token of tokens) {
    if (token.type === 'select' || token.type === 'plural' || token.type === 'selectordinal') {
      if (token.type === 'select' && token.arg.endsWith('_final')) out.push({ arg: token.arg, cases: token.cases.map((c) => c.key) });
      for (const c of token.cases) finals(c.tokens, out);
    }
  }
  return out;
}

describe('word forms after a value', () => {
  it.each([
    ['검', 'consonant'], ['나이프', 'vowel'], ['서울', 'rieul'], ['한국', 'consonant'],
    ['300.00', 'consonant'], ['Ŧ12.50', 'consonant'], ['2', 'vowel'], ['7', 'rieul'], ['1,234', 'vowel'],
    ['Discord', 'vowel'], ['CrazyGames', 'vowel'], ['Night Owls', 'vowel'], ['clan', 'consonant'], ['goal', 'rieul'],
    ['[OWL] 올빼미)', 'vowel'], ['', 'vowel'],
  ])('%s ends on a %s', (word, sound) => {
    expect(finalSound(word)).toBe(sound);
  });

  it.each(LOCALES)('%s hedges no particle and picks each form from a value of the message', (lang) => {
    const catalog = read(lang);
    expect(Object.entries(catalog).filter(([, text]) => HEDGES.test(text)).map(([key, text]) => `${key}: ${text}`)).toEqual([]);
    const wrong = Object.entries(catalog).flatMap(([key, text]) => finals(parse(text))
      .filter(({ arg, cases }) => !text.includes(`{${arg.slice(0, -'_final'.length)}}`) || !cases.includes('other')
        || cases.some((c) => !['vowel', 'rieul', 'consonant', 'other'].includes(c)))
      .map(({ arg }) => `${key}: ${arg}`));
    expect(wrong).toEqual([]);
  });

  it('Korean writes the particle the word takes', async () => {
    await setChosenLocale('ko');
    expect(t('coinflip.CoinflipModal.youLostToast', { amount: 'Ŧ300.00' })).toBe('Ŧ300.00을 잃었습니다.');
    expect(t('inventory.action.transferOf', { item: '나이프' })).toBe('나이프를 플레이어에게 보내기');
    expect(t('inventory.action.transferOf', { item: '검' })).toBe('검을 플레이어에게 보내기');
    expect(t('accounts.hostAccount.logInWith', { host: 'Discord' })).toBe('Discord로 로그인');
    expect(t('accounts.hostAccount.logInWith', { host: '한국' })).toBe('한국으로 로그인');
    expect(t('purchases.done', { coins: 'Ŧ1,200.00', balance: 'Ŧ1,300.00' })).toBe('+Ŧ1,200.00이 추가되었습니다. 현재 잔액은 Ŧ1,300.00입니다.');
    await setChosenLocale('en');
    expect(t('coinflip.CoinflipModal.youLostToast', { amount: 'Ŧ300.00' })).not.toContain('_final');
  });
});
