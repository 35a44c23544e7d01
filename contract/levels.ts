// Levels 1 to 50 and the XP each needs. Level 2 needs 1,000 XP (the
// default "XP needed for next level"); each later level needs 1,000 more than the step before:
// total XP for level n = 500 * n * (n - 1).
export const MAX_LEVEL = 50;
export const CLAN_CREATE_MIN_LEVEL = 15;

export function xpRequiredForLevel(level: number): number {
  return 500 * level * (level - 1);
}

export const LEVEL_REQUIREMENTS: Array<{ level: number; xpRequired: number }> = Array.from(
  { length: MAX_LEVEL },
  (_, i) => ({ level: i + 1, xpRequired: xpRequiredForLevel(i + 1) }),
);

/** The level a total XP reaches (1..50). */
export function levelForXp(totalXp: number): number {
  let level = 1;
  for (const r of LEVEL_REQUIREMENTS) if (totalXp >= r.xpRequired) level = r.level;
  return level;
}
