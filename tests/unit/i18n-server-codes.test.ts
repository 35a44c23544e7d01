// Server errors in the player's language: the server stays English and gives
// every error a stable code; the shell shows its own text for a code it knows, else for an English
// text it knows, else the server's text as it came.
import { afterAll, describe, expect, it } from 'vitest';
import { CLAN_TEXT } from '../../contract/clans';
import { codeForStatus, codeForText, textCode } from '../../contract/texts';
import { HttpError } from '../../server/errors';
import { i18n, setChosenLocale } from '../../src/i18n';
import { localServerText } from '../../src/i18n/serverTexts';

afterAll(async () => { await setChosenLocale('en'); });

describe('the server gives every error a stable code', () => {
  it('the contract text\'s own code, else the status\'s, unless the error names one', () => {
    expect(textCode('clan', 'nameTaken')).toBe('CLAN_NAME_TAKEN');
    expect(new HttpError(409, CLAN_TEXT.nameTaken).body().code).toBe(codeForText(CLAN_TEXT.nameTaken));
    expect(new HttpError(409, 'Something only this server says').body().code).toBe('CONFLICT');
    expect(new HttpError(400, CLAN_TEXT.nameTaken, 'MY_OWN').body().code).toBe('MY_OWN');
    expect(codeForStatus(500)).toBe('INTERNAL');
  });
});

describe('the shell translates by code', () => {
  it('a known code in German, whatever English the server wrote; unknown ones as the server wrote them', async () => {
    await setChosenLocale('de');
    const code = codeForText(CLAN_TEXT.nameTaken);
    expect(code).toBeDefined();
    const german = i18n._(`text.clan.${'nameTaken'}`);
    expect(german).not.toBe(CLAN_TEXT.nameTaken);
    expect(localServerText('A newer server worded this differently', code)).toBe(german);
    expect(localServerText(CLAN_TEXT.nameTaken)).toBe(german);
    expect(localServerText('Only the server knows this', 'SOME_NEW_CODE')).toBe('Only the server knows this');
  });
});
