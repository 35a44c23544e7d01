// The Base Set II Crates announcement, shown in the Base Set shop with a way to the Base Set II
// shop. Its date comes from the crate versions' release data (contract/crates.ts), in the
// player's own time zone: "releasing on …" while it is ahead, "out since …" once it is past. The
// spec's fixed "Sunday 19 October at 4:30 PM EST" is only the fallback for a version without a
// date, and even then never announced as upcoming once that instant is behind us. The price is
// the Base Set II shop's own when it is known.
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { formatTc } from '../../ui/formatTc';
import classes from './Crates.module.css';
import { currentLocale, t } from '../../i18n';
import { formatDate } from '../../i18n/format';
import type { Locale } from '../../../contract/locales';
import { CRATE_VERSIONS } from '../../../contract/crates';

export const BASE_SET_II_RELEASE = 'Sunday 19 October at 4:30 PM EST';
/** That instant (EST is UTC-5): 2025-10-19 21:30 UTC, the Sunday the spec names. */
export const BASE_SET_II_RELEASE_AT = Date.UTC(2025, 9, 19, 21, 30);
export const BASE_SET_II_PRICE = 300;

/** The instant Base Set II opens: its release data, else the spec's. */
export function baseSet2ReleaseAt(versions = CRATE_VERSIONS): number {
  const at = versions.find((v) => v.id === 1)?.releasedAt;
  const parsed = at ? Date.parse(at) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : BASE_SET_II_RELEASE_AT;
}

/** The release instant in the player's language and time zone (Intl's own, with the zone named). */
export function baseSet2ReleaseText(at: number = baseSet2ReleaseAt(), locale: Locale = currentLocale(), timeZone?: string): string {
  return formatDate(at, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone }, locale);
}

export type AnnouncementTense = 'upcoming' | 'released';
export const announcementTense = (at: number, now: number): AnnouncementTense => (at > now ? 'upcoming' : 'released');

export function BaseSet2Announcement({ price, onVisit, now = Date.now() }: { price?: number; onVisit?: () => void; now?: number }) {
  const at = baseSet2ReleaseAt();
  const tense = announcementTense(at, now);
  const values = { date: baseSet2ReleaseText(at), price: formatTc(price ?? BASE_SET_II_PRICE) };
  return (
    <section className={classes.announcement} aria-labelledby="base-set-2-announcement" data-testid="base-set-2-announcement" data-tense={tense}>
      <Stack gap={4}>
        <Title order={4} id="base-set-2-announcement">{t('crates.BaseSet2Announcement.baseSetIiCrates')}</Title>
        <Text size="sm">{tense === 'upcoming' ? t('crates.BaseSet2Announcement.releasing', values) : t('crates.BaseSet2Announcement.released', values)}</Text>
        {onVisit && (
          <Group justify="flex-end">
            <Button size="xs" variant="light" color="yellow" onClick={onVisit}>{t('crates.BaseSet2Announcement.viewBaseSetIiCrates')}</Button>
          </Group>
        )}
      </Stack>
    </section>
  );
}
