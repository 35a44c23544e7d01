// The Base Set II Crates announcement: a release
// on Sunday 19 October at 4:30 PM EST at 300 Tripcoins per crate. Shown in the Base Set shop,
// with a way to the Base Set II shop; the price is the Base Set II shop's own when it is known.
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { formatTcAmount } from '../../ui/formatTc';
import classes from './Crates.module.css';
import { currentLocale, t } from '../../i18n';
import { formatDate, formatNumber } from '../../i18n/format';
import type { Locale } from '../../../contract/locales';

export const BASE_SET_II_RELEASE = 'Sunday 19 October at 4:30 PM EST';
/** That instant (EST is UTC-5): 2025-10-19 21:30 UTC, the Sunday the spec names. */
export const BASE_SET_II_RELEASE_AT = Date.UTC(2025, 9, 19, 21, 30);

/** The release date as the player's language says it: the spec's words in English, Intl's elsewhere, still in EST. */
export function baseSet2ReleaseText(locale: Locale = currentLocale()): string {
  if (locale === 'en') return BASE_SET_II_RELEASE;
  const when = formatDate(BASE_SET_II_RELEASE_AT, { weekday: 'long', day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit', timeZone: 'Etc/GMT+5' }, locale);
  return `${when} EST`;
}
export const BASE_SET_II_PRICE = 300;

/** 300 -> "300", 312.5 -> "312.50" */
function tripcoinsText(price: number): string {
  return Number.isInteger(price) ? formatNumber(price) : formatTcAmount(price);
}

export function BaseSet2Announcement({ price, onVisit }: { price?: number; onVisit?: () => void }) {
  return (
    <section className={classes.announcement} aria-labelledby="base-set-2-announcement" data-testid="base-set-2-announcement">
      <Stack gap={4}>
        <Title order={4} id="base-set-2-announcement">{t('crates.BaseSet2Announcement.baseSetIiCrates')}</Title>
        <Text size="sm">{t('crates.BaseSet2Announcement.releasing', { date: baseSet2ReleaseText(), price: tripcoinsText(price ?? BASE_SET_II_PRICE) })}</Text>
        {onVisit && (
          <Group justify="flex-end">
            <Button size="xs" variant="light" color="yellow" onClick={onVisit}>{t('crates.BaseSet2Announcement.viewBaseSetIiCrates')}</Button>
          </Group>
        )}
      </Stack>
    </section>
  );
}
