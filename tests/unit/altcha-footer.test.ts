// The bot check's footer in the player's language from our catalog, around altcha's own link:
// altcha's Korean file says "ALTCHA에서 보호됨 ALTCHA", the name twice.
import { afterAll, describe, expect, it } from 'vitest';
import { setChosenLocale } from '../../src/settings-store/language';
import { ownAltchaFooter } from '../../src/features/accounts/BotCheck';

const ALTCHA_KO = 'ALTCHA에서 보호됨 <a href="https://altcha.org/" tabindex="-1" target="_blank" aria-label="Altcha (공식 웹사이트)">ALTCHA</a>';

describe('the bot check footer', () => {
  afterAll(async () => { await setChosenLocale('en'); });

  it('names ALTCHA once, as its link, in Korean words', async () => {
    await setChosenLocale('ko');
    const footer = ownAltchaFooter(ALTCHA_KO);
    expect(footer).toBe('<a href="https://altcha.org/" tabindex="-1" target="_blank" aria-label="Altcha (공식 웹사이트)">ALTCHA</a>로 보호됨');
    expect(footer.match(/ALTCHA/g)).toHaveLength(1);
  });

  it('says "Protected by" in English around the same link', async () => {
    await setChosenLocale('en');
    expect(ownAltchaFooter(ALTCHA_KO)).toMatch(/^Protected by <a [^>]+>ALTCHA<\/a>$/);
  });
});
