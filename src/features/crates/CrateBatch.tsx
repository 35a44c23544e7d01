// "Open all" in the crate open modal (machines/crate-open.ts 'batch' and 'summary'): while the
// crates open one after another, which crate of how many, the count left, each won item's reel
// (a click or key skips it, 'Skip all' skips the rest) and the items won so far as tiles; 'Stop'
// ends it after the crate being opened. At the end 'You Got:' lists everything won, with the
// error that stopped it if one did, and Continue returns to the open view.
import { Alert, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { rarityOf } from '../../../contract/rarity';
import type { CrateBatch, WonItem } from '../../../machines/crate-open';
import { spriteUrl } from '../../api/catalogue';
import { t } from '../../i18n';
import { rarityStyle } from '../../ui/rarity';
import { Reel } from './CrateReveal';
import classes from './CrateReveal.module.css';

/** The won items in order, as tiles; `named` writes each name under its tile (the final list). */
function WonGrid({ won, named = false }: { won: readonly WonItem[]; named?: boolean }) {
  return (
    <ul className={named ? classes.wonList : classes.wonGrid} aria-label={t('crates.batch.wonList')} data-testid="batch-won">
      {won.map((item, i) => (
        <li key={i} title={item.name} data-uuid={item.uuid} className={named ? classes.wonRow : undefined}>
          <span className={classes.wonTile} style={rarityStyle(rarityOf(item.uuid))}>
            <img src={spriteUrl(item.uuid, 256)} alt={named ? '' : item.name} width={48} height={48} />
          </span>
          {named && <Text size="xs" lineClamp={2}>{item.name}</Text>}
        </li>
      ))}
    </ul>
  );
}

export function CrateBatchView({ batch, count, revealing, stopping, onSkip, onSkipAll, onStop }: {
  batch: CrateBatch;
  count: number | null;
  /** The won item whose reel plays now, if one does. */
  revealing: WonItem | null;
  stopping: boolean;
  onSkip: () => void;
  onSkipAll: () => void;
  onStop: () => void;
}) {
  const done = Math.min(batch.total, batch.won.length + (revealing ? 0 : 1));
  return (
    <Stack gap="sm" data-testid="crate-batch" data-won={batch.won.length} data-reveals={batch.reveals}>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} aria-live="polite" data-testid="batch-progress">{t('crates.batch.progress', { done, total: batch.total })}</Text>
        <Badge variant="filled" color="dark" tt="none" data-testid="owned-badge">{t('crates.owned', { count: count ?? '…' })}</Badge>
      </Group>
      {revealing
        // A new key per item: each reel starts from its first tile.
        ? <Reel key={batch.won.length} won={revealing} onSkip={onSkip} />
        : <Group justify="center" h={120}><Loader size="sm" aria-label={t('crates.CrateOpenModal.opening')} /></Group>}
      {batch.won.length > 0 && <WonGrid won={batch.won} />}
      <Group justify="flex-end">
        {batch.reveals && <Button variant="default" onClick={onSkipAll} data-testid="batch-skip-all">{t('crates.batch.skipAll')}</Button>}
        <Button variant="light" color="red" onClick={onStop} disabled={stopping} data-testid="batch-stop">{t('crates.batch.stop')}</Button>
      </Group>
    </Stack>
  );
}

export function CrateBatchSummary({ won, error, onContinue }: { won: readonly WonItem[]; error: string | null; onContinue: () => void }) {
  return (
    <Stack gap="sm" data-testid="crate-batch-summary" data-won={won.length}>
      <Title order={4} ta="center">{t('crates.CrateOpenModal.youGot')}</Title>
      <WonGrid won={won} named />
      {error && <Alert color="red" role="alert">{error}</Alert>}
      <Group justify="center"><Button onClick={onContinue} data-autofocus>{t('crates.CrateOpenModal.continue')}</Button></Group>
    </Stack>
  );
}
