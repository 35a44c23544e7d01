// Announcements and streaks say what is true on the day the player reads them: the Base Set II
// announcement and the update streak come from release data with its dates, and once that date
// is behind the player they change tense instead of announcing the past as upcoming.
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRATE_VERSIONS } from '../../contract/crates';
import { PageDataSchema } from '../../contract/pageDataSchema';
import { readPageData } from '../../contract/pageData';
import { streakIsCurrent, streakLastDay } from '../../contract/releaseStreak';
import shipped from '../../server/db/data/release-logs.json';
import { BaseSet2Announcement, announcementTense, baseSet2ReleaseAt } from '../../src/features/crates/BaseSet2Announcement';
import { streakBadge } from '../../src/features/loading/streakBadge';
import { setChosenLocale } from '../../src/settings-store/language';
import { theme } from '../../src/app/theme';

beforeAll(async () => { await setChosenLocale('en'); });
afterAll(async () => { await setChosenLocale(null); });

const day = (text: string) => new Date(`${text}T12:00:00`);

describe('the update streak', () => {
  it('knows the newest release day it counts, from the release log', () => {
    expect(streakLastDay(shipped)).toBe('2025-01-04');
    expect(streakLastDay([])).toBeNull();
  });

  it('runs while the newest release is from today or yesterday, and has ended after that', () => {
    expect(streakIsCurrent('2026-11-28', '2026-11-28')).toBe(true);
    expect(streakIsCurrent('2026-11-27', '2026-11-28')).toBe(true);
    expect(streakIsCurrent('2026-11-26', '2026-11-28')).toBe(false);
    expect(streakIsCurrent('2025-01-04', '2026-11-28')).toBe(false);
  });

  it('is "N day streak" only while it runs; an ended one says when the last update was', () => {
    expect(streakBadge({ updateStreak: 4, updateStreakLastDay: '2026-11-27' }, undefined, day('2026-11-28')).text).toBe('4 day streak');
    const ended = streakBadge({ updateStreak: 4, updateStreakLastDay: '2025-01-04' }, undefined, day('2026-11-28'));
    expect(ended).toMatchObject({ ended: true, text: 'Last update Jan 4, 2025' });
    expect(ended.text).not.toMatch(/streak|in a row/i);
  });

  it('falls back to the spec\'s figure only without release data (which names no date)', () => {
    expect(streakBadge({}, undefined, day('2026-11-28')).text).toBe('223 day streak');
  });

  it('carries its last day in the page data, read the same by the first screen and the server\'s schema', () => {
    for (const input of [{ updateStreak: 4, updateStreakLastDay: '2025-01-04' }, { updateStreakLastDay: '2025-1-4' }, { updateStreakLastDay: 20250104 }, { updateStreakLastDay: '2025-02-30x' }]) {
      const zod = PageDataSchema.safeParse(input);
      expect(readPageData(JSON.stringify(input)), JSON.stringify(input)).toEqual(zod.success ? zod.data : {});
    }
    expect(readPageData(JSON.stringify({ updateStreak: 4, updateStreakLastDay: '2025-01-04' }))).toEqual({ updateStreak: 4, updateStreakLastDay: '2025-01-04' });
  });
});

describe('the Base Set II announcement', () => {
  it('takes its instant from the crate versions\' release data', () => {
    expect(baseSet2ReleaseAt()).toBe(Date.parse(CRATE_VERSIONS[1]!.releasedAt!));
    const later = CRATE_VERSIONS.map((v) => (v.id === 1 ? { ...v, releasedAt: '2030-05-01T10:00:00Z' } : v));
    expect(baseSet2ReleaseAt(later)).toBe(Date.UTC(2030, 4, 1, 10));
  });

  it('announces a future release, and says "available since" once it is past', () => {
    const at = baseSet2ReleaseAt();
    expect(announcementTense(at, at - 60_000)).toBe('upcoming');
    expect(announcementTense(at, at + 60_000)).toBe('released');
    const past = render(createElement(MantineProvider, { theme }, createElement(BaseSet2Announcement, { now: at + 86_400_000 })));
    const text = screen.getByTestId('base-set-2-announcement').textContent ?? '';
    expect(text).toMatch(/Available since .*2025/);
    // The price is an amount like every other: Ŧ and two decimals, not "300 Tripcoins".
    expect(text).toContain('at Ŧ300.00 per crate');
    expect(text).not.toMatch(/tripcoins/i);
    expect(text).not.toMatch(/Releasing|EST/);
    past.unmount();
    render(createElement(MantineProvider, { theme }, createElement(BaseSet2Announcement, { now: at - 86_400_000 })));
    expect(screen.getByTestId('base-set-2-announcement').textContent).toMatch(/Releasing .*2025/);
  });
});
