// The Leaderboard overlay: this week's season (with when it ends) or all-time, one stat of the
// server's boards at a time (the picker), scoped globally, to the player's clan, or to the friends
// the host names (Discord's participants); the player's own row highlighted, and shown below the
// list when they are further down. Opened from the Account section and by the game's
// SHOW_LEADERBOARD. The board is read from our server only (src/api/leaderboard.ts).
import { Alert, Loader, SegmentedControl, Select, Stack, Table, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { LeaderboardPeriod, LeaderboardRow, LeaderboardScope, LeaderboardStat } from '../../../contract/leaderboards';
import { fetchBoard, LEADERBOARD_KEY } from '../../api/leaderboard';
import { isLoggedOutError } from '../../api/errors';
import { t } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { SignInOffer, useHost } from '../../host-bridge/host';
import { useAskToLogIn } from '../../overlays/context';
import type { OverlayProps } from '../../overlays/types';
import { OverlayFrame } from '../../ui/OverlayFrame';
import classes from './Leaderboard.module.css';

const STAT_KEYS = {
  wins: 'leaderboard.stat.wins', kills: 'leaderboard.stat.kills', timeplayed: 'leaderboard.stat.timeplayed', headshots: 'leaderboard.stat.headshots',
} as const satisfies Record<LeaderboardStat, string>;

/** A value as the stat counts it: play time in hours and minutes, the rest as numbers. */
function valueText(stat: LeaderboardStat, value: number): string {
  if (stat !== 'timeplayed') return formatNumber(value);
  return t('leaderboard.duration', { hours: Math.floor(value / 3600), minutes: Math.floor((value % 3600) / 60) });
}

function Row({ row, stat, mine }: { row: LeaderboardRow; stat: LeaderboardStat; mine: boolean }) {
  return (
    <Table.Tr className={mine ? classes.mine : undefined} data-mine={mine || undefined} data-testid="leaderboard-row" aria-current={mine ? 'true' : undefined}>
      <Table.Td className={classes.rank}>{formatNumber(row.rank)}</Table.Td>
      <Table.Td className={classes.name}>{row.username}{mine && <Text span size="xs" c="dimmed"> {t('leaderboard.you')}</Text>}</Table.Td>
      <Table.Td ta="right" className={classes.value}>{valueText(stat, row.value)}</Table.Td>
    </Table.Tr>
  );
}

export default function LeaderboardOverlay({ payload, onClose }: OverlayProps<'leaderboard'>) {
  const { adapter } = useHost();
  const askToLogIn = useAskToLogIn();
  const [period, setPeriod] = useState<LeaderboardPeriod>(payload.period);
  const [scope, setScope] = useState<LeaderboardScope>(payload.scope);
  const [stat, setStat] = useState<LeaderboardStat | undefined>(payload.stat);
  const query = useQuery({
    queryKey: [...LEADERBOARD_KEY, period, scope, stat ?? 'default'] as const,
    queryFn: ({ signal }) => fetchBoard({ stat, period, scope }, adapter, signal),
    staleTime: 5_000,
  });
  const board = query.data;
  const shownStat = board?.stat ?? stat ?? 'wins';
  const meBelow = board?.me && !board.rows.some((r) => r.uuid === board.me?.uuid) ? board.me : null;

  let body;
  if (query.isPending) body = <Loader aria-label={t('leaderboard.loading')} />;
  else if (query.isError) {
    body = isLoggedOutError(query.error)
      ? <Alert color="blue" role="status"><SignInOffer>{t('leaderboard.signIn')} <Text span td="underline" style={{ cursor: 'pointer' }} onClick={() => askToLogIn()}>{t('leaderboard.signInAction')}</Text></SignInOffer></Alert>
      : <Alert color="red" role="alert">{t('leaderboard.loadFailed')}</Alert>;
  } else if (board && board.rows.length === 0) body = <Text c="dimmed" data-testid="leaderboard-empty">{t('leaderboard.empty')}</Text>;
  else if (board) {
    body = (
      <div className={classes.scroll} tabIndex={0} role="region" aria-label={t('leaderboard.title')}>
        <Table className={classes.table} data-testid="leaderboard-table">
          <Table.Thead>
            <Table.Tr><Table.Th className={classes.rank}>{t('leaderboard.rank')}</Table.Th><Table.Th>{t('leaderboard.player')}</Table.Th><Table.Th ta="right">{t(STAT_KEYS[shownStat])}</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {board.rows.map((row) => <Row key={row.uuid} row={row} stat={shownStat} mine={row.uuid === board.me?.uuid} />)}
            {meBelow && <Row row={meBelow} stat={shownStat} mine />}
          </Table.Tbody>
        </Table>
      </div>
    );
  }

  return (
    <OverlayFrame label={t('leaderboard.title')} onClose={onClose} testId="leaderboard-overlay">
      <Stack gap="md" className={classes.root}>
        <Tabs value={period} onChange={(v) => { if (v === 'week' || v === 'all') setPeriod(v); }}>
          <Tabs.List>
            <Tabs.Tab value="week" data-testid="leaderboard-week">{t('leaderboard.weekly')}</Tabs.Tab>
            <Tabs.Tab value="all" data-testid="leaderboard-all">{t('leaderboard.allTime')}</Tabs.Tab>
          </Tabs.List>
        </Tabs>
        <div className={classes.controls}>
          <Select
            label={t('leaderboard.statLabel')} value={shownStat} allowDeselect={false} className={classes.stat} data-testid="leaderboard-stat"
            data={(board?.stats ?? [shownStat]).map((s) => ({ value: s, label: t(STAT_KEYS[s]) }))}
            onChange={(v) => { if (v) setStat(v as LeaderboardStat); }}
          />
          <SegmentedControl
            value={scope} onChange={(v) => setScope(v as LeaderboardScope)} aria-label={t('leaderboard.scopeLabel')} className={classes.scope}
            data={[{ value: 'global', label: t('leaderboard.scope.global') }, { value: 'clan', label: t('leaderboard.scope.clan') }, { value: 'friends', label: t('leaderboard.scope.friends') }]}
          />
        </div>
        {board?.season && period === 'week' && (
          <Text size="sm" c="dimmed" data-testid="leaderboard-season">
            {t('leaderboard.seasonEnds', { date: new Date(board.season.endsAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) })}
          </Text>
        )}
        {body}
        {board && !board.me && board.rows.length > 0 && <Text size="sm" c="dimmed" data-testid="leaderboard-not-ranked">{t('leaderboard.notRanked')}</Text>}
      </Stack>
    </OverlayFrame>
  );
}
