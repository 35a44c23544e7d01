// Numbers, coins, dates and plurals in the player's language (Intl), and decimals typed the player's way.
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { canonicalDecimal, formatDate, formatDuration, formatRelative, parseDecimal } from '../../src/i18n/format';
import { t } from '../../src/i18n';
import { setChosenLocale } from '../../src/settings-store/language';
import { formatTc } from '../../src/ui/formatTc';
import { updatesLabel } from '../../src/features/releases/releaseLogic';
import { PROGRESS_TEXT } from '../../src/features/progress/progressLogic';
import { CRATE_TEXT } from '../../src/i18n/texts';
import { listingError } from '../../src/features/market/validation';

afterAll(async () => { await setChosenLocale(null); });

describe('formatting by locale', () => {
  it('keeps the spec English and groups coins the German, Russian and Japanese way', async () => {
    await setChosenLocale('en');
    expect(formatTc(1234.5)).toBe('Ŧ1,234.50');
    expect(updatesLabel(1)).toBe('1 update');
    expect(updatesLabel(3)).toBe('3 updates');
    expect(PROGRESS_TEXT.unlocked(7)).toBe('7 / 50 Levels Unlocked');
    await setChosenLocale('de');
    expect(formatTc(1234.5)).toBe('Ŧ1.234,50');
    expect(updatesLabel(1)).toBe('1 Update');
    expect(formatDate(new Date(Date.UTC(2026, 2, 5, 12)), { month: 'long', year: 'numeric', timeZone: 'UTC' })).toBe('März 2026');
    expect(CRATE_TEXT.insufficient(123456n, 50n)).toBe('Guthaben reicht nicht. Du hast Ŧ1234,56, brauchst aber Ŧ0,50');
    await setChosenLocale('ru');
    expect(formatTc(1234.5)).toBe('Ŧ1\u00a0234,50');
    expect(updatesLabel(2)).toBe('2 обновления');
    expect(updatesLabel(5)).toBe('5 обновлений');
    expect(formatRelative(Date.UTC(2026, 0, 1) - 3 * 86_400_000, Date.UTC(2026, 0, 1))).toBe('3 дня назад');
    await setChosenLocale('ja');
    expect(PROGRESS_TEXT.unlocked(7)).toBe('7 / 50 レベル解放');
    expect(t('loading.streak', { days: 223 })).toBe('223日連続');
  });
});

describe('decimals as a person types them', () => {
  it('reads "12,50" in German as 12.50 and leaves English as typed', () => {
    expect(canonicalDecimal('12,50', 'de')).toBe('12.50');
    expect(canonicalDecimal('1.234,5', 'de')).toBe('1234.5');
    expect(canonicalDecimal('1 234,5', 'fr')).toBe('1234.5');
    expect(canonicalDecimal('12,505', 'de')).toBe('12.505'); // still refused for its third decimal
    expect(canonicalDecimal('1,234.50', 'en')).toBe('1234.50');
    expect(canonicalDecimal('12.50', 'en')).toBe('12.50');
    expect(canonicalDecimal('abc', 'de')).toBe('abc');
    expect(parseDecimal('12,50', 'de')).toBe(12.5);
    expect(parseDecimal('1.234,5', 'de')).toBe(1234.5);
    expect(parseDecimal('x', 'de')).toBeNull();
  });

  it('a German price of "12,50" passes the listing checks once read the German way', () => {
    const input = { itemUuid: 'item', quantity: 1, owned: 3 };
    expect(listingError({ ...input, price: canonicalDecimal('12,50', 'de') })).toBeNull();
    expect(listingError({ ...input, price: canonicalDecimal('12,505', 'de') })).not.toBeNull();
  });
});

describe('server error texts', () => {
  it('are shown in the player language when the shell knows them, as the server wrote them otherwise', async () => {
    const { ApiError } = await import('../../src/api/client');
    const { errorText } = await import('../../src/api/errors');
    const { CLAN_TEXT } = await import('../../contract/clans');
    const known = new ApiError(409, { error: CLAN_TEXT.nameTaken, code: 'CLAN_NAME_TAKEN' }, 'fallback');
    const unknown = new ApiError(400, { error: 'Something only the server can say' }, 'fallback');
    await setChosenLocale('de');
    expect(errorText(known, 'x')).toBe('Ein Clan mit diesem Namen existiert bereits');
    expect(errorText(unknown, 'x')).toBe('Something only the server can say');
    await setChosenLocale('en');
    expect(errorText(known, 'x')).toBe(CLAN_TEXT.nameTaken);
  });
});

describe('play time where the browser has Intl.DurationFormat', () => {
  // Node has no DurationFormat, Chromium has: a stand-in that follows its rule for zeros (a unit
  // whose value is 0 is left out unless its display option is "always").
  class DurationFormatLikeChromium {
    constructor(private readonly locale: string, private readonly options: Record<string, string>) {}
    format(d: Record<string, number>): string {
      return Object.entries(d)
        .filter(([unit, n]) => n !== 0 || this.options[`${unit}Display`] === 'always')
        .map(([unit, n]) => `${n}${unit === 'hours' ? 'h' : 'm'}`).join(' ');
    }
  }
  afterEach(() => { vi.unstubAllGlobals(); });

  it('writes a new player\'s zero minutes, never an empty string', () => {
    vi.stubGlobal('Intl', { ...Intl, DurationFormat: DurationFormatLikeChromium });
    expect(formatDuration(0)).toBe('0m');
    expect(formatDuration(0.5)).toBe('0m');
    expect(formatDuration(185)).toBe('3h 5m');
    expect(formatDuration(180)).toBe('3h');
  });
});
