// The level progress overlay: 'LEVEL
// PROGRESS', the current-level card (image, Total XP, XP needed for the next level, progress
// bar, XP in the level versus the level end XP), '{n} / 50 Levels Unlocked' and the grid of
// levels 1–50 in five columns, grouped by rank, coloured by section, milestones marked; locked
// levels greyed with a lock, unlocked ones with their date and time. The animated WebGL
// background stops when the overlay closes. Close and Escape tell the game (overlay manager).
import { Alert, Badge, Button, Progress, Stack, Text, Title } from '@mantine/core';
import { IconLock, IconStarFilled } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { LevelProgressAnswer } from '../../../contract/progress';
import { SignInOffer } from '../../host-bridge/host';
import { useAskToLogIn } from '../../overlays/context';
import { OverlayFrame } from '../../ui/OverlayFrame';
import { isLoggedOutError } from '../../api/errors';
import { useLevelProgress } from '../../api/levelProgress';
import { LevelBackground } from './LevelBackground';
import { LevelEmblem } from './LevelEmblem';
import {
  DEFAULT_XP_FOR_NEXT, PROGRESS_TEXT, RANKS, formatXp, levelCells, levelPercent, rankName, rankOf, sectionColor, unlockDateParts, unlockedCount, type LevelCell,
} from './progressLogic';
import classes from './LevelProgress.module.css';
import { t } from '../../i18n';
import { formatNumber } from '../../i18n/format';

function CurrentLevelCard({ progress }: { progress: LevelProgressAnswer['userProgress'] }) {
  const level = progress.currentLevel;
  const percent = levelPercent(progress);
  const atTop = progress.xpNeededForNext === 0 && percent === 100;
  const needed = atTop ? 0 : progress.xpNeededForNext || DEFAULT_XP_FOR_NEXT;
  return (
    <section className={classes.card} style={{ ['--section-color' as string]: sectionColor(level) }} aria-label={t('progress.LevelProgressOverlay.currentLevel')} data-testid="current-level-card">
      <LevelEmblem level={level} size={104} title={t('progress.LevelProgressOverlay.emblem', { level })} />
      <div className={classes.cardBody}>
        <div className={classes.cardTitle}>
          <Title order={3} data-testid="current-level">{t('progress.level', { level })}</Title>
          <Badge variant="outline" color="gray" className={classes.rankBadge}>{rankName(rankOf(level))}</Badge>
        </div>
        <dl className={classes.facts}>
          <div><dt>{PROGRESS_TEXT.totalXp}</dt><dd data-testid="total-xp" title={formatNumber(progress.totalXP)}>{formatXp(progress.totalXP)}</dd></div>
          <div><dt>{atTop ? t('progress.LevelProgressOverlay.maxLevelReached') : t('progress.LevelProgressOverlay.xpNeededFor', { level: level + 1 })}</dt><dd data-testid="xp-needed">{formatXp(needed)}</dd></div>
        </dl>
        <Progress value={percent} size="lg" radius="xl" color={sectionColor(level)} aria-label={t('progress.LevelProgressOverlay.progressThrough', { level })}
          className={classes.bar} />
        <Text size="sm" c="gray.4" data-testid="xp-in-level">{t('progress.LevelProgressOverlay.xpOf', { xp: formatXp(progress.xpInCurrentLevel), end: formatXp(progress.currentLevelEndXP) })}</Text>
      </div>
    </section>
  );
}

function Cell({ cell }: { cell: LevelCell }) {
  const unlocked = cell.unlockedAt !== null;
  const when = cell.unlockedAt ? unlockDateParts(cell.unlockedAt) : null;
  const label = t('progress.LevelProgressOverlay.cellLabel', { level: cell.level, milestone: cell.milestone ? 'yes' : 'no', state: when ? 'unlocked' : 'locked', date: when?.date, time: when?.time, xp: formatXp(cell.xpRequired) });
  return (
    <li className={classes.cell} data-unlocked={unlocked || undefined} data-current={cell.current || undefined} data-milestone={cell.milestone || undefined}
      data-section={cell.section} style={{ ['--section-color' as string]: cell.color }} aria-label={label} data-testid={`level-cell-${cell.level}`}>
      <span className={classes.cellLevel} aria-hidden>
        {cell.level}
        {cell.milestone && <IconStarFilled size={11} className={classes.star} />}
      </span>
      {when ? (
        <span className={classes.cellWhen} aria-hidden data-testid="level-cell-when">{when.yearFirst ? <><span>{when.year}</span><span>{when.monthDay}</span></> : <><span>{when.monthDay}</span><span>{when.year}</span></>}<span>{when.time}</span></span>
      ) : (
        <span className={classes.cellLock} aria-hidden><IconLock size={14} /><span>{formatXp(cell.xpRequired)}</span></span>
      )}
    </li>
  );
}

function LevelGrid({ answer }: { answer: LevelProgressAnswer }) {
  const cells = useMemo(() => levelCells(answer), [answer]);
  return (
    <Stack gap="lg">
      <Text className={classes.unlockedCount} data-testid="levels-unlocked">{PROGRESS_TEXT.unlocked(unlockedCount(cells))}</Text>
      {RANKS.map((rank) => (
        <section key={rank.rank} aria-labelledby={`rank-${rank.rank}`}>
          <div className={classes.rankHeader}>
            <Title order={3} size="h5" id={`rank-${rank.rank}`}>{rankName(rank.rank)}</Title>
            <Text size="xs" c="gray.5">{t('progress.LevelProgressOverlay.levels', { from: rank.from, to: rank.to })}</Text>
          </div>
          <ol className={classes.grid} start={rank.from}>
            {cells.slice(rank.from - 1, rank.to).map((cell) => <Cell key={cell.level} cell={cell} />)}
          </ol>
        </section>
      ))}
    </Stack>
  );
}

export default function LevelProgressOverlay({ onClose }: { onClose: () => void }) {
  const query = useLevelProgress();
  let body;
  if (query.isPending) body = <Text role="status" c="gray.4" ta="center">{PROGRESS_TEXT.loading}</Text>;
  else if (query.isError && isLoggedOutError(query.error)) {
    body = (
      <Stack align="center" gap="sm" py="xl">
        <SignInOffer>
          <Text>{PROGRESS_TEXT.loginNeeded}</Text>
          <LogInButton />
        </SignInOffer>
      </Stack>
    );
  } else if (query.isError) {
    body = (
      <Alert color="red" role="alert" title={t('progress.LevelProgressOverlay.levelProgressUnavailable')}>
        <Stack gap="xs" align="flex-start"><Text size="sm">{PROGRESS_TEXT.loadFailed}</Text><Button size="xs" variant="light" onClick={() => void query.refetch()}>{t('progress.LevelProgressOverlay.tryAgain')}</Button></Stack>
      </Alert>
    );
  } else {
    body = (
      <Stack gap="xl" className={classes.body}>
        <CurrentLevelCard progress={query.data.userProgress} />
        <LevelGrid answer={query.data} />
      </Stack>
    );
  }
  return (
    <OverlayFrame label={t('progress.LevelProgressOverlay.levelProgress')} heading={PROGRESS_TEXT.title} onClose={onClose} background={<LevelBackground />} testId="level-progress-overlay">
      {body}
    </OverlayFrame>
  );
}

function LogInButton() {
  const askToLogIn = useAskToLogIn();
  return <Button onClick={() => askToLogIn()}>{t('progress.LevelProgressOverlay.logIn')}</Button>;
}
