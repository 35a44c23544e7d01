// Level progress: the player's XP, the 50 requirements, unlocked levels.
import { z } from 'zod';
import { defineEndpoint } from './http';
import { LEVEL_REQUIREMENTS, MAX_LEVEL } from './levels';

export const UserProgress = z.object({
  currentLevel: z.number().int().min(1).max(MAX_LEVEL),
  totalXP: z.number().int().nonnegative(),
  /** XP earned since the current level was reached. */
  xpInCurrentLevel: z.number().int().nonnegative(),
  /** XP still needed for the next level (0 at the top level). */
  xpNeededForNext: z.number().int().nonnegative(),
  /** XP the current level spans (from its start to the next level's start). */
  currentLevelEndXP: z.number().int().nonnegative(),
});
export type UserProgress = z.infer<typeof UserProgress>;

export const LevelProgressAnswer = z.object({
  userProgress: UserProgress,
  levelRequirements: z.array(z.object({ level: z.number().int(), xpRequired: z.number().int() })),
  achievedLevels: z.array(z.object({ level: z.number().int(), unlockedAt: z.string() })),
});
export type LevelProgressAnswer = z.infer<typeof LevelProgressAnswer>;

/** Derives the progress card from total XP and the achieved level. */
export function userProgressOf(totalXp: number, currentLevel: number): UserProgress {
  const req = (level: number) => LEVEL_REQUIREMENTS[level - 1]?.xpRequired ?? 0;
  const start = req(currentLevel);
  const atTop = currentLevel >= MAX_LEVEL;
  const span = atTop ? req(MAX_LEVEL) - req(MAX_LEVEL - 1) : req(currentLevel + 1) - start;
  const inLevel = Math.max(0, totalXp - start);
  return {
    currentLevel,
    totalXP: totalXp,
    xpInCurrentLevel: atTop ? Math.min(inLevel, span) : inLevel,
    xpNeededForNext: atTop ? 0 : Math.max(0, req(currentLevel + 1) - totalXp),
    currentLevelEndXP: span,
  };
}

export const getLevelProgress = defineEndpoint({
  method: 'GET', path: '/api/getLevelProgress', access: 'user', summary: 'The logged-in player\'s XP, level requirements and unlocked levels',
  response: LevelProgressAnswer,
});

export const progressEndpoints = { getLevelProgress };
