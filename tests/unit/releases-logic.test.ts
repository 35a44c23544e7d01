import { describe, expect, it } from 'vitest';
import type { ReleaseLog } from '../../contract/releases';
import { ApiError, NetworkError } from '../../src/api/client';
import { releaseErrorText } from '../../src/features/releases/api/getReleaseLogs';
import {
  releaseIn,
  compareVersions, groupByMonth, isCountedItem, monthLabel, releaseDateLabel, releaseMetrics, toReleases, updatesLabel,
} from '../../src/features/releases/releaseLogic';
import { countAt } from '../../src/features/releases/useCountUp';

const log = (version: string, release_date: string, extra: Partial<ReleaseLog> = {}): ReleaseLog =>
  ({ version, name: `R ${version}`, release_date, added: [], fixed: [], removed: [], ...extra });

describe('release notes', () => {
  it('reads a release in the player\'s language where the studio wrote one, else in English, said so', () => {
    const [release] = toReleases([{ version: '1.3.0', name: 'Bridges', release_date: '2025-01-04', added: ['Play inside Discord'], fixed: [], removed: [],
      translations: { ko: { name: '브리지', added: ['Discord 안에서 플레이'], fixed: [], removed: [] } } }]);
    const ko = releaseIn(release!, 'ko');
    expect(ko).toMatchObject({ name: '브리지', changes: [{ type: 'ADDED', items: ['Discord 안에서 플레이'] }, { type: 'FIXED', items: [] }, { type: 'REMOVED', items: [] }] });
    expect(ko.inEnglish).toBeUndefined();
    expect(releaseIn(release!, 'de')).toMatchObject({ name: 'Bridges', inEnglish: true });
    expect(releaseIn(release!, 'en').inEnglish).toBeUndefined();
  });

  it('orders versions numerically, newest first, with ADDED, FIXED and REMOVED changes', () => {
    expect(compareVersions('1.10.0', '1.9.0')).toBe(1);
    expect(compareVersions('v1.2', '1.2.0')).toBe(0);
    const releases = toReleases([log('1.9.0', '2025-01-10'), log('1.10.0', '2025-01-11', { added: ['A'], fixed: ['F'], removed: ['R'] })]);
    expect(releases.map((r) => r.version)).toEqual(['1.10.0', '1.9.0']);
    expect(releases[0]!.changes).toEqual([{ type: 'ADDED', items: ['A'] }, { type: 'FIXED', items: ['F'] }, { type: 'REMOVED', items: ['R'] }]);
  });

  it('synthesises consecutive dates from 1 January 2025 for the streak versions, keeps older dates', () => {
    const releases = toReleases([log('0.9.0', '2024-06-30'), log('1.0.0', '2024-12-01'), log('1.1.0', '2024-12-20'), log('1.2.0', '2025-03-01')]);
    expect(Object.fromEntries(releases.map((r) => [r.version, r.date]))).toEqual({
      '0.9.0': '2024-06-30', '1.0.0': '2025-01-01', '1.1.0': '2025-01-02', '1.2.0': '2025-01-03',
    });
  });

  it('counts changes without placeholder items, the total and the streak', () => {
    const releases = toReleases([
      log('0.9.0', '2024-06-30', { added: ['old feature'] }),
      log('1.0.0', '2025-01-01', { added: ['Arena', 'Accounts'], fixed: ['no bug fixes'], removed: ['nothing'] }),
      log('1.1.0', '2025-01-02', { added: ['Clans'], fixed: ['Loading bar', 'Mouse'], removed: ['no features removed', 'Old lobby'] }),
    ]);
    expect(isCountedItem('No features this time')).toBe(false);
    expect(isCountedItem('Nothing')).toBe(false);
    expect(isCountedItem('Nothingness shader')).toBe(true);
    expect(releaseMetrics(releases)).toEqual({ streakDays: 2, totalUpdates: 3, featuresAdded: 4, bugsFixed: 2, bloatRemoved: 1 });
    expect(releaseMetrics([])).toEqual({ streakDays: 0, totalUpdates: 0, featuresAdded: 0, bugsFixed: 0, bloatRemoved: 0 });
  });

  it('groups by month, newest month first, with N updates', () => {
    const groups = groupByMonth([
      { version: '3', name: 'c', date: '2025-02-01', changes: [] },
      { version: '2', name: 'b', date: '2025-01-31', changes: [] },
      { version: '1', name: 'a', date: '2025-01-01', changes: [] },
    ]);
    expect(groups.map((g) => [g.label, g.releases.map((r) => r.version)])).toEqual([['February 2025', ['3']], ['January 2025', ['2', '1']]]);
    expect(updatesLabel(2)).toBe('2 updates');
    expect(updatesLabel(1)).toBe('1 update');
    expect(monthLabel('2024-12')).toBe('December 2024');
  });

  it('shows a release day as that calendar day, whatever the viewer\'s time zone', () => {
    expect(releaseDateLabel('2025-01-01')).toBe('Jan 1, 2025');
  });

  it('counts up over the animation time, ending exactly on the figure', () => {
    expect(countAt(120, 0, 1500)).toBe(0);
    expect(countAt(120, 750, 1500)).toBeGreaterThan(60);
    expect(countAt(120, 750, 1500)).toBeLessThan(120);
    expect(countAt(120, 1500, 1500)).toBe(120);
  });

  it('reports fetch failures with the status text', () => {
    expect(releaseErrorText(new ApiError(503, null, 'x'))).toBe('Failed to fetch release logs: Service Unavailable');
    expect(releaseErrorText(new NetworkError('down'))).toBe('Failed to fetch release logs: Network error');
  });
});
