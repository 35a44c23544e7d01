// The crate screens' figures in the player's language: the Base Set II release
// date was the spec's English sentence in every language, and the odds printed "15.00%" in German.
import { afterAll, describe, expect, it } from 'vitest';
import { BASE_SET_II_RELEASE, baseSet2ReleaseAt, baseSet2ReleaseText } from '../../src/features/crates/BaseSet2Announcement';
import { formatNumber } from '../../src/i18n/format';
import { setChosenLocale } from '../../src/settings-store/language';

afterAll(async () => { await setChosenLocale(null); });

describe('the Base Set II release date', () => {
  it('is the release instant said by Intl in the player\'s own time zone, not the spec\'s EST sentence', () => {
    const at = baseSet2ReleaseAt();
    expect(baseSet2ReleaseText(at, 'en', 'America/New_York')).not.toBe(BASE_SET_II_RELEASE);
    expect(baseSet2ReleaseText(at, 'de', 'Europe/Berlin')).toBe('Sonntag, 19. Oktober 2025 um 23:30 MESZ');
    expect(baseSet2ReleaseText(at, 'ja', 'Asia/Tokyo')).toMatch(/^2025年10月20日月曜日 6:30 JST$/);
  });
});

describe('drop chances', () => {
  it('keep "15.00%" in English and use the locale\'s percent elsewhere', async () => {
    const odds = (percent: number) => formatNumber(percent / 100, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    await setChosenLocale('en');
    expect(odds(15)).toBe('15.00%');
    expect(odds(0.5)).toBe('0.50%');
    await setChosenLocale('de');
    expect(odds(15)).toBe('15,00\u00a0%');
  });
});

describe('TripCoins in the inventory history (the German look shots showed "Ŧ2,417.50")', () => {
  it('are the English figures in English and the locale\'s elsewhere', async () => {
    const { amountLabel, balanceLabel } = await import('../../src/features/inventory/inventoryText');
    await setChosenLocale('en');
    expect(balanceLabel({ asset: 'TC', balanceAfter: 2417.5 })).toBe('Ŧ2,417.50');
    await setChosenLocale('de');
    expect(balanceLabel({ asset: 'TC', balanceAfter: 2417.5 })).toBe('Ŧ2.417,50');
    expect(amountLabel({ asset: 'TC', amount: -12.5, itemName: null })).toMatch(/^−Ŧ12,50$/);
  });
});
