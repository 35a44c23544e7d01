// Words that take the form of the word before them. A Korean particle follows the sound its noun
// ends on (을/를, 이/가, 은/는, 과/와, 으로/로), so "{amount}을(를)" is a hedge no Korean writes.
// Every message value gets a companion `<name>_final` (vowel, rieul or consonant: the sound the
// value ends on as Korean reads it), and a catalog picks the form with ICU select:
//   "{amount}{amount_final, select, vowel {를} other {을}} 잃었습니다."
// docs/glossary.md states the rule; tests/unit/i18n-word-forms.test.ts checks the catalogs keep it.

export type FinalSound = 'vowel' | 'rieul' | 'consonant';

/** The suffix of a value's companion argument. */
export const FINAL_SUFFIX = '_final';

const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
/** The final consonant (jongseong) index of ㄹ in a Hangul syllable. */
const JONG_RIEUL = 8;
/** Digits as Korean reads them at the end of a number: 영 일 이 삼 사 오 육 칠 팔 구 (10, 100,
 * 1000 and 10000 end on 십 백 천 만, all with a final consonant, as 영 does). */
const DIGIT: readonly FinalSound[] = ['consonant', 'rieul', 'vowel', 'consonant', 'vowel', 'vowel', 'consonant', 'rieul', 'rieul', 'vowel'];
/** Latin letters a Korean reading ends with a final consonant on (ball 볼, team 팀, clan 클랜,
 * rank 랭크 is the exception the rule accepts); the others end on a vowel (Ace 에이스, Max 맥스). */
const LATIN: Record<string, FinalSound> = { l: 'rieul', m: 'consonant', n: 'consonant', g: 'consonant', k: 'consonant', p: 'consonant', b: 'consonant' };

/** The sound a text ends on as Korean reads it, ignoring closing punctuation and spaces. */
export function finalSound(text: string): FinalSound {
  const letters = [...text.trim()].reverse();
  for (const char of letters) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= HANGUL_FIRST && code <= HANGUL_LAST) {
      const jong = (code - HANGUL_FIRST) % 28;
      return jong === 0 ? 'vowel' : jong === JONG_RIEUL ? 'rieul' : 'consonant';
    }
    if (char >= '0' && char <= '9') return DIGIT[Number(char)]!;
    const lower = char.toLowerCase();
    if (lower >= 'a' && lower <= 'z') return LATIN[lower] ?? 'vowel';
    if (/[\p{L}]/u.test(char)) return 'vowel';
  }
  return 'vowel';
}

/** The values with each text's or number's companion `<name>_final` added. */
export function withWordForms(values: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!values) return values;
  const out: Record<string, unknown> = { ...values };
  for (const [name, value] of Object.entries(values)) {
    if (name.endsWith(FINAL_SUFFIX) || `${name}${FINAL_SUFFIX}` in values) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') out[`${name}${FINAL_SUFFIX}`] = finalSound(String(value));
  }
  return out;
}
