import { describe, expect, it } from 'vitest';
import { userProgressOf } from '../../contract/progress';
import { levelForXp } from '../../contract/levels';
import { lastActiveText, streaks } from '../../server/services/progress/profiles';

describe('level progress card', () => {
  it('derives XP in level, XP needed and the level span', () => {
    expect(userProgressOf(0, 1)).toEqual({ currentLevel: 1, totalXP: 0, xpInCurrentLevel: 0, xpNeededForNext: 1000, currentLevelEndXP: 1000 });
    expect(userProgressOf(1500, 2)).toEqual({ currentLevel: 2, totalXP: 1500, xpInCurrentLevel: 500, xpNeededForNext: 1500, currentLevelEndXP: 2000 });
    const top = userProgressOf(5_000_000, 50);
    expect(top.xpNeededForNext).toBe(0);
    expect(top.xpInCurrentLevel).toBe(top.currentLevelEndXP);
  });

  it('finds the level a total reaches', () => {
    expect(levelForXp(0)).toBe(1);
    expect(levelForXp(999)).toBe(1);
    expect(levelForXp(1000)).toBe(2);
    expect(levelForXp(105_000)).toBe(15);
    expect(levelForXp(10 ** 9)).toBe(50);
  });
});

describe('profile activity texts', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it('says online within five minutes and how long ago otherwise', () => {
    expect(lastActiveText(new Date('2026-03-10T11:58:00Z'), now)).toEqual({ isOnline: true, lastActiveText: 'Online now' });
    expect(lastActiveText(new Date('2026-03-10T11:40:00Z'), now).lastActiveText).toBe('Active 20 minutes ago');
    expect(lastActiveText(new Date('2026-03-10T11:00:00Z'), now).lastActiveText).toBe('Active 1 hour ago');
    expect(lastActiveText(new Date('2026-03-07T12:00:00Z'), now).lastActiveText).toBe('Active 3 days ago');
    expect(lastActiveText(new Date('2025-01-01T00:00:00Z'), now).lastActiveText).toBe('Last active 2025-01-01');
    expect(lastActiveText(null, now)).toEqual({ isOnline: false, lastActiveText: 'Never active' });
  });
});

describe('daily login streaks', () => {
  const today = new Date('2026-03-10T09:00:00Z');
  it('counts consecutive days ending today or yesterday', () => {
    expect(streaks(['2026-03-08', '2026-03-09', '2026-03-10'], today)).toEqual({ current: 3, best: 3 });
    expect(streaks(['2026-03-08', '2026-03-09'], today)).toEqual({ current: 2, best: 2 });
    expect(streaks(['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-09', '2026-03-10'], today)).toEqual({ current: 2, best: 4 });
  });
  it('is zero after a missed day, and ignores duplicates and order', () => {
    expect(streaks(['2026-03-07', '2026-03-08'], today)).toEqual({ current: 0, best: 2 });
    expect(streaks(['2026-03-10', '2026-03-09', '2026-03-10'], today)).toEqual({ current: 2, best: 2 });
    expect(streaks([], today)).toEqual({ current: 0, best: 0 });
  });
});
