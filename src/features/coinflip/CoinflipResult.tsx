// A settled coin flip, provably fair: first the coin in the air (CoinFlip.tsx), then the outcome,
// who won what, the seed hash published at creation, the seed revealed after (both shortened, with
// a copy button), and the browser's own check of both.
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { CoinflipGame } from '../../../contract/coinflip';
import { formatTc } from '../../ui/formatTc';
import { CoinFlip } from './CoinFlip';
import { checkFairness, type FairnessCheck } from './coinflipFairness';
import { SeedHash } from './SeedHash';
import classes from './Coinflip.module.css';
import { t } from '../../i18n';

/** A side of the coin in the player's language (0 Heads, 1 Tails). */
export const coinName = (side: number): string => t(side === 0 ? 'coinflip.CoinflipModal.heads' : 'coinflip.CoinflipModal.tails');

/** What a settled flip changed in either player's TripCoins: the winner gets both stakes back,
 * so gains the wager; the loser loses it. Both sides are told this one amount (docs/glossary.md). */
export const netChange = (game: Pick<CoinflipGame, 'wager_amount'>): number => game.wager_amount;

interface ResultProps { game: CoinflipGame; viewer: 'creator' | 'acceptor'; takeFocus?: boolean }

/**
 * `takeFocus`: the result replaced the control the player just pressed (Accept), so focus moves
 * to it; otherwise focus would fall out of the modal and a keyboard player would be lost.
 * `onRevealed`: the coin has landed and the result shows (what the player is told then, a toast).
 */
export function CoinflipResult({ onRevealed, ...props }: ResultProps & { onRevealed?: () => void }) {
  if (props.game.outcome === null) return <ResultPanel {...props} />;
  return <CoinFlip outcome={props.game.outcome} onLanded={onRevealed}><ResultPanel {...props} /></CoinFlip>;
}

function ResultPanel({ game, viewer, takeFocus = false }: ResultProps) {
  const [check, setCheck] = useState<FairnessCheck | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => { if (takeFocus) panel.current?.focus(); }, [takeFocus]);
  useEffect(() => {
    let live = true;
    void checkFairness(game).then((c) => { if (live) setCheck(c); });
    return () => { live = false; };
  }, [game]);

  const myUuid = viewer === 'creator' ? game.creator_uuid : game.acceptor_uuid;
  const won = game.winner_uuid !== null && game.winner_uuid === myUuid;
  const outcome = game.outcome === null ? '…' : coinName(game.outcome);
  const verified = check?.hashMatches && check.outcomeMatches;

  return (
    <Paper withBorder p="sm" data-testid="coinflip-result" data-won={String(won)} ref={panel} tabIndex={-1} aria-label={t('coinflip.CoinflipResult.coinFlipResult')}>
      <Stack gap={6}>
        <Group justify="space-between">
          <Text fw={700}>{t('coinflip.CoinflipResult.landedOn', { side: outcome })}</Text>
          <Badge color={won ? 'green' : 'red'} variant="light" size="lg">{won ? t('coinflip.CoinflipResult.youWon', { amount: formatTc(netChange(game)) }) : t('coinflip.CoinflipResult.youLost', { amount: formatTc(netChange(game)) })}</Badge>
        </Group>
        <Text size="sm">
          {t('coinflip.CoinflipResult.choseTook', { creator: game.creator_username, side: coinName(game.choice), acceptor: game.acceptor_username ?? t('coinflip.CoinflipResult.someone'), other: coinName(1 - game.choice) })}
        </Text>
        <div>
          <Text size="xs" c="dimmed">{t('coinflip.CoinflipResult.serverSeedHashPublishedWhen')}</Text>
          <SeedHash value={game.server_seed_hash} kind="hash" testId="seed-hash" />
        </div>
        <div>
          <Text size="xs" c="dimmed">{t('coinflip.CoinflipResult.revealedServerSeed')}</Text>
          {game.server_seed
            ? <SeedHash value={game.server_seed} kind="seed" testId="server-seed" />
            : <Text className={classes.hash} data-testid="server-seed">{t('coinflip.CoinflipResult.notRevealedYet')}</Text>}
        </div>
        {check && (
          <Text size="xs" c={verified ? 'green' : 'red'} data-testid="fairness">
            {verified
              ? t('coinflip.CoinflipResult.verifiedSha256SeedMatchesThe')
              : t('coinflip.CoinflipResult.verificationFailedTheRevealedSeed')}
          </Text>
        )}
        <Text size="xs" c="dimmed">{t('coinflip.CoinflipResult.gameId', { id: game.game_id })}</Text>
      </Stack>
    </Paper>
  );
}
