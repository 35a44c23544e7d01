// Release notes, as the overlay shows them: the server's logs
// transformed into date + changes[], synthesised dates from the streak's first version on,
// metrics that skip placeholder items, and grouping by month, newest first.
import type { ReleaseLog, ReleaseText } from '../../../contract/releases';
import { compareVersions, datedReleases, streakOfDays } from '../../../contract/releaseStreak';
import { t } from '../../i18n';
import { formatDate } from '../../i18n/format';
import { localized } from '../../i18n/localized';

export { compareVersions, STREAK_START_DATE, STREAK_START_VERSION } from '../../../contract/releaseStreak';

export type ChangeType = 'ADDED' | 'FIXED' | 'REMOVED';
export interface Release {
  version: string;
  name: string;
  /** Calendar day (YYYY-MM-DD) in the release time zone, UTC−5. */
  date: string;
  changes: Array<{ type: ChangeType; items: string[] }>;
  /** The studio's words in other languages, by locale. */
  translations?: Partial<Record<string, ReleaseText>>;
  /** Set by releaseIn: the player's language has no words of its own, so this is the English. */
  inEnglish?: boolean;
}

const changesOf = (text: Pick<ReleaseText, 'added' | 'fixed' | 'removed'>): Release['changes'] => [
  { type: 'ADDED', items: text.added },
  { type: 'FIXED', items: text.fixed },
  { type: 'REMOVED', items: text.removed },
];

/** The release in the player's language: the studio's words for it, else the English, marked. */
export function releaseIn(release: Release, locale: string): Release {
  if (locale === 'en') return release;
  const text = release.translations?.[locale];
  return text ? { ...release, name: text.name, changes: changesOf(text) } : { ...release, inEnglish: true };
}

/**
 * Release dates are calendar days in UTC minus 5 hours (the studio's time zone). They are shown
 * as that day everywhere: never parsed as UTC midnight and shifted into the viewer's zone.
 */
export const RELEASE_UTC_OFFSET_HOURS = -5;
export const COUNTER_ANIMATION_MS = 1500;
export const RELEASE_TEXT = localized('releases.text', {
  loading: 'Loading release notes...',
  fetchFailed: (statusText: string) => `Failed to fetch release logs: ${statusText}`,
} as const);

/** Placeholder lines ("no features removed", "no bug fixes", "nothing") are not changes. */
const PLACEHOLDER = /\b(no features?|no bugs?|nothing)\b/i;
export function isCountedItem(item: string): boolean {
  return !PLACEHOLDER.test(item);
}

/** Newest first, with dates synthesised for STREAK_START_VERSION and later (contract/releaseStreak.ts). */
export function toReleases(logs: readonly ReleaseLog[]): Release[] {
  const releases = datedReleases(logs).map(({ release: log, date }): Release => ({
    version: log.version,
    name: log.name,
    date,
    changes: changesOf(log),
    ...(log.translations ? { translations: log.translations } : {}),
  }));
  return releases.reverse();
}

export interface ReleaseMetrics {
  streakDays: number;
  totalUpdates: number;
  featuresAdded: number;
  bugsFixed: number;
  bloatRemoved: number;
}

const countOf = (release: Release, type: ChangeType) =>
  release.changes.find((c) => c.type === type)?.items.filter(isCountedItem).length ?? 0;

/**
 * The header figures. The streak (consecutive days with a release, from STREAK_START_VERSION up
 * to the newest) is the one the loading screen shows: both come from contract/releaseStreak.ts.
 */
export function releaseMetrics(releases: readonly Release[]): ReleaseMetrics {
  return {
    streakDays: streakOfDays(releases),
    totalUpdates: releases.length,
    featuresAdded: releases.reduce((n, r) => n + countOf(r, 'ADDED'), 0),
    bugsFixed: releases.reduce((n, r) => n + countOf(r, 'FIXED'), 0),
    bloatRemoved: releases.reduce((n, r) => n + countOf(r, 'REMOVED'), 0),
  };
}

export interface MonthGroup { key: string; label: string; releases: Release[] }

/** Groups (already newest-first) releases by month, newest month first. */
export function groupByMonth(releases: readonly Release[]): MonthGroup[] {
  const groups: MonthGroup[] = [];
  const sorted = [...releases].sort((a, b) => b.date.localeCompare(a.date) || compareVersions(b.version, a.version));
  for (const release of sorted) {
    const key = release.date.slice(0, 7);
    let group = groups.at(-1);
    if (group?.key !== key) {
      group = { key, label: monthLabel(key), releases: [] };
      groups.push(group);
    }
    group.releases.push(release);
  }
  return groups;
}

const atNoonUtc = (day: string) => new Date(`${day}T12:00:00Z`);

export function monthLabel(key: string): string {
  return formatDate(atNoonUtc(`${key}-01`), { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** "Jan 4, 2025": the calendar day as it is in the release time zone (no shift across midnight). */
export function releaseDateLabel(day: string): string {
  return formatDate(atNoonUtc(day), { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

export const updatesLabel = (n: number) => t('releases.updates', { count: n });
