// The loading screen's streak badge, for React's screen and the plain-DOM one alike: "N days in a
// row" only while the streak runs (its newest release today or yesterday, in the player's own
// calendar); once it ended, the day of the last update instead, in the past tense. Without release
// data the spec's figure, which names no date. No zod and no Intl helpers that pull it in: the
// first screen's bundle imports this.
import { streakIsCurrent } from '../../../contract/releaseStreak';
import type { PageData } from '../../../contract/pageData';
import { t } from '../../i18n';
import { localDay, releaseDayText } from '../../i18n/releaseDay';
import { DEFAULT_DAILY_STREAK } from './firstFrame';

export interface StreakBadge { text: string; title: string; ended: boolean }

/** `days`, when given, is the page's own figure (a prop): it comes with no date, so it is shown as is. */
export function streakBadge(data: PageData, days?: number, now: Date = new Date()): StreakBadge {
  const last = days === undefined ? data.updateStreakLastDay : undefined;
  if (last !== undefined && !streakIsCurrent(last, localDay(now))) {
    return { text: t('loading.lastUpdate', { date: releaseDayText(last) }), title: t('loading.lastUpdateTitle'), ended: true };
  }
  return { text: t('loading.streak', { days: days ?? data.updateStreak ?? DEFAULT_DAILY_STREAK }), title: t('loading.streakTitle'), ended: false };
}
