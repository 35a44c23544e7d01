// The release notes overlay: loading text, the streak
// and update figures with the three counters (1500 ms count-up), releases grouped by month
// newest first with 'N updates' badges, a 'Newest' badge, and a dialog with ADDED, FIXED and
// REMOVED lists. Close and Escape go through the overlay manager, which tells the game.
import { Alert, Badge, Button, SimpleGrid, Stack, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { OverlayFrame } from '../../ui/OverlayFrame';
import { showToast } from '../../ui/toast';
import { releaseErrorText, releaseLogsQuery } from './api/getReleaseLogs';
import { useEscapeLayer } from '../../overlays/context';
import { COUNTER_ANIMATION_MS, RELEASE_TEXT, groupByMonth, isCountedItem, releaseDateLabel, releaseIn, releaseMetrics, updatesLabel, type Release } from './releaseLogic';
import { useCountUp } from './useCountUp';
import classes from './ReleaseNotes.module.css';
import { BusyModal } from '../../overlays/BusyModal';
import { currentLocale, t } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { streakIsCurrent } from '../../../contract/releaseStreak';
import { localDay, releaseDayText } from '../../i18n/releaseDay';

/** A figure's words around its number as the language writes them ("4 days", "4일", "4 дня"):
 * the message with a marker where the number goes, split there. */
export function figureWords(message: (figure: string) => string): [string, string] {
  const marker = '\u2063';
  const [before = '', after = ''] = message(marker).split(marker);
  return [before, after];
}

function Figure({ label, words, value, testId, animate = true }: { label?: string; words?: [string, string]; value: number; testId: string; animate?: boolean }) {
  const counted = useCountUp(value, COUNTER_ANIMATION_MS);
  const shown = animate ? counted : value;
  return (
    <div className={classes.figure} data-testid={testId} data-value={value} data-worded={words ? '' : undefined}>
      {words?.[0] && <span className={classes.figureLabel}>{words[0]}</span>}
      {/* The final figure for assistive technology; the counting digits are decoration. */}
      <span className={classes.figureValue} aria-hidden>{formatNumber(shown)}</span>
      <VisuallyHidden>{formatNumber(value)}</VisuallyHidden>
      <span className={classes.figureLabel}>{words ? words[1] : label}</span>
    </div>
  );
}

/** The heading of each list of changes, in the player's language (the spec's English: ADDED, FIXED, REMOVED). */
const changeTitle = (type: 'ADDED' | 'FIXED' | 'REMOVED') => t(`releases.change.${type}`);

function ReleaseDialog({ release, onClose }: { release: Release | null; onClose: () => void }) {
  useEscapeLayer('dialog', release !== null, onClose);
  return (
    <BusyModal opened={release !== null} onClose={onClose} size="lg" zIndex={300}
      title={release ? t('releases.ReleaseNotesOverlay.dialogTitle', { version: release.version, name: release.name }) : ''} closeLabel={t('releases.ReleaseNotesOverlay.closeDetails')}>
      {release && (
        <Stack gap="md" data-testid="release-dialog">
          <Text size="sm" c="dimmed">{releaseDateLabel(release.date)}</Text>
          {release.inEnglish && <Text size="sm" c="dimmed" data-testid="release-in-english">{t('releases.ReleaseNotesOverlay.inEnglish')}</Text>}
          {release.changes.map((change) => {
            const items = change.items.filter(isCountedItem);
            return (
              <section key={change.type} aria-label={changeTitle(change.type)}>
                <Title order={4} className={classes.changeTitle} data-change={change.type}>{changeTitle(change.type)}</Title>
                {items.length === 0
                  ? <Text size="sm" c="dimmed">{t('releases.ReleaseNotesOverlay.nothingIn', { type: change.type })}</Text>
                  : <ul className={classes.changeList}>{items.map((item, i) => <li key={i}>{item}</li>)}</ul>}
              </section>
            );
          })}
        </Stack>
      )}
    </BusyModal>
  );
}

export default function ReleaseNotesOverlay({ onClose }: { onClose: () => void }) {
  const query = useQuery(releaseLogsQuery);
  const [open, setOpen] = useState<Release | null>(null);
  const locale = currentLocale();
  const releases = useMemo(() => (query.data ?? []).map((r) => releaseIn(r, locale)), [query.data, locale]);
  const groups = useMemo(() => groupByMonth(releases), [releases]);
  const metrics = useMemo(() => releaseMetrics(releases), [releases]);
  const someInEnglish = releases.some((r) => r.inEnglish);
  const newest = groups[0]?.releases[0];
  // A streak whose newest day is before yesterday ended: said in the past tense, with its day.
  const streakEnded = newest && !streakIsCurrent(newest.date, localDay(new Date())) ? newest.date : null;
  const errorText = query.isError ? releaseErrorText(query.error) : null;
  useEffect(() => { if (errorText) showToast({ message: errorText, tone: 'error' }); }, [errorText]);

  let body;
  if (query.isPending) body = <Text className={classes.loading} role="status">{RELEASE_TEXT.loading}</Text>;
  else if (errorText) {
    body = (
      <Alert color="red" role="alert" title={t('releases.ReleaseNotesOverlay.releaseNotesUnavailable')}>
        <Stack gap="xs" align="flex-start"><Text size="sm">{errorText}</Text><Button size="xs" variant="light" onClick={() => void query.refetch()}>{t('releases.ReleaseNotesOverlay.tryAgain')}</Button></Stack>
      </Alert>
    );
  } else {
    body = (
      <Stack gap="xl" className={classes.body}>
        {someInEnglish && <Text size="sm" c="dimmed" data-testid="releases-in-english">{t('releases.ReleaseNotesOverlay.inEnglish')}</Text>}
        <div className={classes.headline}>
          <div>
            <Text className={classes.kicker} data-testid="release-streak-kicker">{streakEnded ? t('releases.ReleaseNotesOverlay.streakEnded', { date: releaseDayText(streakEnded) }) : t('releases.ReleaseNotesOverlay.dailyUpdateStreak')}</Text>
            <Figure words={figureWords((figure) => t('releases.ReleaseNotesOverlay.days', { count: metrics.streakDays, figure }))} value={metrics.streakDays} testId="release-streak" animate={false} />
          </div>
          <div>
            <Text className={classes.kicker}>{newest ? t('releases.ReleaseNotesOverlay.latest', { version: newest.version }) : t('releases.ReleaseNotesOverlay.noReleasesYet')}</Text>
            <Figure label={t('releases.ReleaseNotesOverlay.totalUpdates')} value={metrics.totalUpdates} testId="release-total" animate={false} />
          </div>
        </div>
        <div className={classes.stats} aria-label={t('releases.ReleaseNotesOverlay.releaseStatistics')} role="group">
          <Figure label={t('releases.ReleaseNotesOverlay.featuresAdded')} value={metrics.featuresAdded} testId="release-added" />
          <Figure label={t('releases.ReleaseNotesOverlay.bugsFixed')} value={metrics.bugsFixed} testId="release-fixed" />
          <Figure label={t('releases.ReleaseNotesOverlay.bloatRemoved')} value={metrics.bloatRemoved} testId="release-removed" />
        </div>
        {groups.map((group) => (
          <section key={group.key} aria-labelledby={`month-${group.key}`} data-testid="release-month">
            <div className={classes.monthHeader}>
              <Title order={3} size="h4" id={`month-${group.key}`}>{group.label}</Title>
              <Badge variant="light" color="gray">{updatesLabel(group.releases.length)}</Badge>
            </div>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
              {group.releases.map((release) => (
                <UnstyledButton key={release.version} className={classes.card} onClick={() => setOpen(release)} data-testid="release-card"
                  aria-label={t('releases.ReleaseNotesOverlay.cardLabel', { version: release.version, name: release.name, date: releaseDateLabel(release.date), newest: release === newest ? 'yes' : 'no' })}>
                  <div className={classes.cardTop}>
                    <span className={classes.version}>v{release.version}</span>
                    {release === newest && <Badge color="teal.9" size="sm">{t('releases.ReleaseNotesOverlay.newest')}</Badge>}
                  </div>
                  <span className={classes.name}>{release.name}</span>
                  <span className={classes.date}>{releaseDateLabel(release.date)}</span>
                </UnstyledButton>
              ))}
            </SimpleGrid>
          </section>
        ))}
      </Stack>
    );
  }

  return (
    <OverlayFrame label={t('releases.ReleaseNotesOverlay.releaseNotes')} onClose={onClose} testId="release-notes-overlay">
      {body}
      <ReleaseDialog release={open} onClose={() => setOpen(null)} />
    </OverlayFrame>
  );
}
