// Calendar days for release data: today in the player's own time zone, and a release day in the
// player's language. No zod and no Intl helpers that pull it in: the first screen's bundle imports this.
import { currentLocale } from '../i18n';

/** Today in the player's time zone, as a calendar day (YYYY-MM-DD). */
export function localDay(now: Date): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** A release day (YYYY-MM-DD) in the player's language: the day itself, never shifted by a zone. */
export function releaseDayText(day: string): string {
  const locale = currentLocale();
  const intl = locale === 'en' ? 'en-US' : locale === 'zh' ? 'zh-CN' : locale;
  return new Intl.DateTimeFormat(intl, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(Date.parse(`${day}T00:00:00Z`));
}
