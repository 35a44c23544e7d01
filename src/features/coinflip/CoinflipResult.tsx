// A settled coin flip, provably fair: the outcome, who won what, the seed hash published at
// creation, the seed revealed after, and the browser's own check of both.
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { CoinflipGame } from '../../../contract/coinflip';
import { formatTc } from '../../ui/formatTc';
import { checkFairness, COIN_NAMES, type FairnessCheck } from './coinflipFairness';
import classes from './Coinflip.module.css';

/**
 * `takeFocus`: the result replaced the control the player just pressed (Accept), so focus moves
 * to it; otherwise focus would fall out of the modal and a keyboard player would be lost.
 */
export function CoinflipResult({ game, viewer, takeFocus = false }: { game: CoinflipGame; viewer: 'creator' | 'acceptor'; takeFocus?: boolean }) {
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
  const outcome = game.outcome === null ? '…' : COIN_NAMES[game.outcome];
  const verified = check?.hashMatches && check.outcomeMatches;

  return (
    <Paper withBorder p="sm" data-testid="coinflip-result" data-won={String(won)} ref={panel} tabIndex={-1} aria-label="Coin flip result">
      <Stack gap={6}>
        <Group justify="space-between">
          <Text fw={700}>The coin landed on {outcome}</Text>
          <Badge color={won ? 'green' : 'red'} variant="light" size="lg">{won ? `You won ${formatTc(game.wager_amount * 2)}` : `You lost ${formatTc(game.wager_amount)}`}</Badge>
        </Group>
        <Text size="sm">
          {game.creator_username} chose {COIN_NAMES[game.choice]} · {game.acceptor_username ?? 'someone'} took {COIN_NAMES[1 - game.choice]}
        </Text>
        <div>
          <Text size="xs" c="dimmed">Server seed hash (published when the wager was created)</Text>
          <Text className={classes.hash} data-testid="seed-hash">{game.server_seed_hash}</Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">Revealed server seed</Text>
          <Text className={classes.hash} data-testid="server-seed">{game.server_seed ?? 'not revealed yet'}</Text>
        </div>
        {check && (
          <Text size="xs" c={verified ? 'green' : 'red'} data-testid="fairness">
            {verified
              ? 'Verified: sha256(seed) matches the published hash, and sha256(seed:game:acceptor) gives this outcome.'
              : 'Verification failed: the revealed seed does not match this result.'}
          </Text>
        )}
        <Text size="xs" c="dimmed">Game {game.game_id}</Text>
      </Stack>
    </Paper>
  );
}
