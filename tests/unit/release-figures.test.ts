// The release notes' figures in the player's language: the streak reads "4일" in Korean (not
// "4 일", where 일 alone reads as "one" or "work"), "4 дня" in Russian, "1 day" in English; and
// the version keeps its small v ("최신 v1.3.0", never "V1.3.0" from an upper-casing style).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { t } from '../../src/i18n';
import { setChosenLocale } from '../../src/settings-store/language';
import { figureWords } from '../../src/features/releases/ReleaseNotesOverlay';

const streak = (count: number) => figureWords((figure) => t('releases.ReleaseNotesOverlay.days', { count, figure }));

describe('the release notes\' figures', () => {
  afterAll(async () => { await setChosenLocale('en'); });

  it.each([
    ['ko', 4, ['', '일']], ['ja', 4, ['', '日']], ['zh', 4, ['', '天']],
    ['en', 4, ['', ' days']], ['en', 1, ['', ' day']], ['de', 1, ['', ' Tag']], ['ru', 4, ['', ' дня']], ['ru', 5, ['', ' дней']],
  ] as const)('%s writes a streak of %i with the words the language puts around it', async (lang, count, words) => {
    await setChosenLocale(lang);
    expect(streak(count)).toEqual(words);
  });

  it('keep the version as written: no upper-casing style on the kicker', () => {
    const css = readFileSync(join(__dirname, '../../src/features/releases/ReleaseNotes.module.css'), 'utf8');
    const kicker = css.slice(css.indexOf('.kicker {'), css.indexOf('}', css.indexOf('.kicker {')));
    expect(kicker).toContain('font-size');
    expect(kicker).not.toMatch(/text-transform:\s*uppercase/);
  });
});
