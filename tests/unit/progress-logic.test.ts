import { describe, expect, it } from 'vitest';
import { LEVEL_REQUIREMENTS } from '../../contract/levels';
import { userProgressOf } from '../../contract/progress';
import {
  PROGRESS_TEXT, formatXp, isMilestone, levelCells, levelPercent, rankOf, sectionOf, unlockedCount,
} from '../../src/features/progress/progressLogic';

describe('level progress derivations', () => {
  it('ranks: Hook to 20, Commitment 21 to 40, Prestige above', () => {
    expect([1, 20, 21, 40, 41, 50].map(rankOf)).toEqual(['Hook', 'Hook', 'Commitment', 'Commitment', 'Prestige', 'Prestige']);
  });

  it('colour sections change at 10, 20, 30 and 40; milestones at 30, 40 and 50', () => {
    expect([1, 9, 10, 19, 20, 29, 30, 39, 40, 50].map(sectionOf)).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4, 4]);
    expect(Array.from({ length: 50 }, (_, i) => i + 1).filter(isMilestone)).toEqual([30, 40, 50]);
  });

  it('formats XP with k and M', () => {
    expect(formatXp(0)).toBe('0');
    expect(formatXp(950)).toBe('950');
    expect(formatXp(1000)).toBe('1k');
    expect(formatXp(1500)).toBe('1.5k');
    expect(formatXp(12_340)).toBe('12.3k');
    expect(formatXp(999_960)).toBe('1M');
    expect(formatXp(1_250_000)).toBe('1.25M');
    expect(formatXp(1_225_000)).toBe('1.23M');
  });

  it('marks exactly the achieved levels unlocked, with their time, and counts them', () => {
    const answer = {
      userProgress: userProgressOf(3_500, 3),
      levelRequirements: LEVEL_REQUIREMENTS,
      achievedLevels: [{ level: 1, unlockedAt: '2026-11-20T10:00:00.000Z' }, { level: 2, unlockedAt: '2026-11-21T10:00:00.000Z' }, { level: 3, unlockedAt: '2026-11-22T17:45:00.000Z' }],
    };
    const cells = levelCells(answer);
    expect(cells).toHaveLength(50);
    expect(cells.filter((c) => c.unlockedAt).map((c) => c.level)).toEqual([1, 2, 3]);
    expect(cells[2]!.unlockedAt?.toISOString()).toBe('2026-11-22T17:45:00.000Z');
    expect(cells[2]!.current).toBe(true);
    expect(cells[3]!.xpRequired).toBe(6000);
    expect(PROGRESS_TEXT.unlocked(unlockedCount(cells))).toBe('3 / 50 Levels Unlocked');
  });

  it('fills the bar through the current level, full at the top', () => {
    expect(levelPercent(userProgressOf(1500, 2))).toBe(25);
    expect(levelPercent(userProgressOf(0, 1))).toBe(0);
    expect(levelPercent(userProgressOf(5_000_000, 50))).toBe(100);
  });
});
