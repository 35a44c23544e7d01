// The daily update streak, computed in one place: the release notes' header
// (src/features/releases/releaseLogic.ts) and the loading screen's badge, whose figure the
// server puts into the page (server/plugins/static.ts), both count it here from the release log.
// No zod: the first screen imports this (its bundle carries none).

/** The minimum a release needs for its place in the streak (a ReleaseLog has more). */
export interface StreakRelease { version: string; release_date: string }

/** The version the daily streak is counted from; its dates and later ones are synthesised. */
export const STREAK_START_VERSION = '1.0.0';
/** The synthesised date of STREAK_START_VERSION; each later version is one day after the one before. */
export const STREAK_START_DATE = '2025-01-01';

/** Compares dotted versions numerically (1.10.0 after 1.9.0); non-numeric parts compare as text. */
export function compareVersions(a: string, b: string): number {
  const pa = a.replace(/^v/i, '').split(/[.-]/);
  const pb = b.replace(/^v/i, '').split(/[.-]/);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? '0';
    const y = pb[i] ?? '0';
    const nx = Number(x);
    const ny = Number(y);
    const diff = Number.isFinite(nx) && Number.isFinite(ny) ? nx - ny : x.localeCompare(y);
    if (diff !== 0) return Math.sign(diff);
  }
  return 0;
}

function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** Days between two calendar days (b − a). */
function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

const inStreak = (version: string) => compareVersions(version, STREAK_START_VERSION) >= 0;

/**
 * The releases in version order (oldest first), each with the day it counts on: synthesised for
 * STREAK_START_VERSION and later (one day after the one before), its own release_date before.
 */
export function datedReleases<R extends StreakRelease>(logs: readonly R[]): Array<{ release: R; date: string }> {
  const ascending = [...logs].sort((a, b) => compareVersions(a.version, b.version));
  let streakIndex = 0;
  return ascending.map((release) => ({
    release,
    date: inStreak(release.version) ? addDays(STREAK_START_DATE, streakIndex++) : release.release_date,
  }));
}

/** Consecutive days with a release, from STREAK_START_VERSION up to the newest (dated releases). */
export function streakOfDays(releases: ReadonlyArray<{ version: string; date: string }>): number {
  const days = [...new Set(releases.filter((r) => inStreak(r.version)).map((r) => r.date))].sort().reverse();
  let streak = days.length > 0 ? 1 : 0;
  for (let i = 1; i < days.length && daysBetween(days[i]!, days[i - 1]!) === 1; i++) streak += 1;
  return streak;
}

/** The daily update streak of a release log, as the release notes show it. */
export function updateStreak(logs: readonly StreakRelease[]): number {
  return streakOfDays(datedReleases(logs).map(({ release, date }) => ({ version: release.version, date })));
}

/** The newest day the streak counts (YYYY-MM-DD, release time zone), or null without releases in it. */
export function streakLastDay(logs: readonly StreakRelease[]): string | null {
  const days = datedReleases(logs).filter(({ release }) => inStreak(release.version)).map(({ date }) => date).sort();
  return days.at(-1) ?? null;
}

/**
 * Whether a streak whose newest release day is `lastDay` still runs on `today` (both calendar
 * days, YYYY-MM-DD): a release today or yesterday keeps it alive; anything older ended it, and
 * "N days in a row" would be a stale claim.
 */
export function streakIsCurrent(lastDay: string, today: string): boolean {
  return daysBetween(lastDay, today) <= 1;
}
