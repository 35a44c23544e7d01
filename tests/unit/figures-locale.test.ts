// The crate screens' figures in the player's language: the Base Set II release
// date was the spec's English sentence in every language, and the odds printed "15.00%" in German.
import { afterAll, describe, expect, it } from 'vitest';
import { BASE_SET_II_RELEASE, baseSet2ReleaseText } from '../../src/features/crates/BaseSet2Announcement';
import { formatNumber } from '../../src/i18n/format';
import { setChosenLocale } from '../../src/i18n';

afterAll(async () => { await setChosenLocale(null); });

describe('the Base Set II release date', () => {
  it('is the spec\'s words in English', () => {
    expect(baseSet2ReleaseText('en')).toBe(BASE_SET_II_RELEASE);
  });
  it('is the same instant said by Intl elsewhere, in EST', () => {
    expect(baseSet2ReleaseText('de')).toBe('Sonntag, 19. Oktober um 16:30 EST');
    expect(baseSet2ReleaseText('ja')).toMatch(/^10月19日日曜日 16:30 EST$/);
    expect(baseSet2ReleaseText('ru')).toMatch(/^воскресенье, 19 октября в 16:30 EST$/);
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
