// What the level progress overlay derives from GET /api/getLevelProgress:
// rank, colour section and milestone per level, XP in k and M, and which levels are unlocked.
import { MAX_LEVEL } from '../../../contract/levels';
import type { LevelProgressAnswer } from '../../../contract/progress';
import { localized } from '../../i18n/localized';
import { currentLocale, t } from '../../i18n';
import { formatCompact } from '../../i18n/format';

export const PROGRESS_TEXT = localized('progress.text', {
  title: 'LEVEL PROGRESS',
  unlocked: (n: number) => `${n} / ${MAX_LEVEL} Levels Unlocked`,
  totalXp: 'Total XP',
  loading: 'Loading level progress...',
  loginNeeded: 'Log in to see your level progress.',
  loadFailed: 'Failed to load level progress. Please try again later.',
} as const);

/** XP needed for the next level when the server gives none. */
export const DEFAULT_XP_FOR_NEXT = 1000;

export type Rank = 'Hook' | 'Commitment' | 'Prestige';
export const RANKS: ReadonlyArray<{ rank: Rank; from: number; to: number }> = [
  { rank: 'Hook', from: 1, to: 20 },
  { rank: 'Commitment', from: 21, to: 40 },
  { rank: 'Prestige', from: 41, to: MAX_LEVEL },
];
export const SECTION_STARTS = [10, 20, 30, 40] as const;
export const MILESTONES = [30, 40, 50] as const;
/** One colour per section: below 10, 10–19, 20–29, 30–39, 40 and up. */
export const SECTION_COLORS = ['#69db7c', '#4dabf7', '#9775fa', '#ffa94d', '#ff6b6b'] as const;

/** A rank as players read it (docs/glossary.md): Rookie, Veteran, Legend; the ids stay the spec's. */
export function rankName(rank: Rank): string {
  return t(`progress.rank.${rank}`);
}

export function rankOf(level: number): Rank {
  return level <= 20 ? 'Hook' : level <= 40 ? 'Commitment' : 'Prestige';
}

/** 0 below level 10, then one more at each of 10, 20, 30 and 40. */
export function sectionOf(level: number): number {
  return SECTION_STARTS.filter((start) => level >= start).length;
}

export function sectionColor(level: number): string {
  return SECTION_COLORS[sectionOf(level)]!;
}

export function isMilestone(level: number): boolean {
  return (MILESTONES as readonly number[]).includes(level);
}

function trimmed(value: number, decimals: number): string {
  return value.toFixed(decimals).replace(/\.?0+$/, '');
}

/** 950 -> "950", 1500 -> "1.5k", 12000 -> "12k", 1250000 -> "1.25M" (the spec's English); in
 * another language Intl's compact notation ("1,5 Tsd.", "1.5千", "125万"). */
export function formatXp(xp: number): string {
  const n = Math.max(0, Math.round(xp));
  if (currentLocale() !== 'en') return formatCompact(n);
  if (n < 1000) return String(n);
  if (n < 999_950) return `${trimmed(n / 1000, 1)}k`;
  return `${trimmed(n / 1_000_000, 2)}M`;
}

export interface LevelCell {
  level: number;
  xpRequired: number;
  unlockedAt: Date | null;
  rank: Rank;
  section: number;
  color: string;
  milestone: boolean;
  current: boolean;
}

/** The 50 cells of the grid. A level is unlocked when it is in the achieved list. */
export function levelCells(answer: LevelProgressAnswer): LevelCell[] {
  const achieved = new Map(answer.achievedLevels.map((a) => [a.level, a.unlockedAt]));
  const required = new Map(answer.levelRequirements.map((r) => [r.level, r.xpRequired]));
  return Array.from({ length: MAX_LEVEL }, (_, i) => {
    const level = i + 1;
    const at = achieved.get(level);
    const date = at === undefined ? null : new Date(at);
    return {
      level,
      xpRequired: required.get(level) ?? 0,
      unlockedAt: date && !Number.isNaN(date.getTime()) ? date : null,
      rank: rankOf(level),
      section: sectionOf(level),
      color: sectionColor(level),
      milestone: isMilestone(level),
      current: level === answer.userProgress.currentLevel,
    };
  });
}

export function unlockedCount(cells: readonly LevelCell[]): number {
  return cells.filter((c) => c.unlockedAt !== null).length;
}

/** The progress bar's percentage through the current level (100 at the top level). */
export function levelPercent(progress: LevelProgressAnswer['userProgress']): number {
  if (progress.xpNeededForNext === 0 && progress.currentLevel >= MAX_LEVEL) return 100;
  const span = progress.currentLevelEndXP || DEFAULT_XP_FOR_NEXT;
  return Math.min(100, Math.max(0, (progress.xpInCurrentLevel / span) * 100));
}

/** "Nov 22, 2026" and "6:30 PM", in the player's time zone. */
export function unlockDateParts(date: Date, locale?: string): { date: string; monthDay: string; year: string; yearFirst: boolean; time: string } {
  const parts = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric' }).formatToParts(date);
  const index = (type: Intl.DateTimeFormatPartTypes) => parts.findIndex((p) => p.type === type);
  return {
    date: date.toLocaleDateString(locale, { month: 'short', day: 'numeric', year: 'numeric' }),
    // A narrow tile shows the date as two whole words (month and day, then the year, in the
    // locale's order) so a line never breaks inside one ("2026年11月29" / "日").
    monthDay: date.toLocaleDateString(locale, { month: 'short', day: 'numeric' }),
    year: date.toLocaleDateString(locale, { year: 'numeric' }),
    yearFirst: index('year') < index('month'),
    time: date.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' }),
  };
}
