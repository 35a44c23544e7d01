// Create Coin Flip Wager, opened by SHOW_COINFLIP_MODAL
// {modalType: 'create'}: a wager between 10 and 100,000,000 TC with at most two decimals and
// not above the balance, on Heads (0) or Tails (1). The stake is escrowed and the server
// commits to sha256 of its seed; the open wagers list below lets a player accept another
// player's wager (the coin is flipped at once) or cancel their own. Results show the seed hash
// and the revealed seed, checked in the browser. A wager needs the player's 18+ answer to the age
// screen (docs/domain/age.md): a player not asked yet answers it here first; a player of 13 to 17
// is told wagers are not open to them, and sees no wager form or list.
import { Alert, Button, Group, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { type CoinflipGame } from '../../../contract/coinflip';
import { isLoggedOutError, errorText } from '../../api/errors';
import type { OverlayProps } from '../../overlays/types';
import { formatTc } from '../../ui/formatTc';
import { economyToast } from '../../ui/toast';
import { useInventory } from '../../api/economy';
import { useAcceptWager } from './api/acceptWager';
import { useCancelWager } from './api/cancelWager';
import { useCreateWager } from './api/createWager';
import { useCoinflipGame } from './api/getCoinflipGame';
import { useOpenWagers } from './api/getOpenWagers';
import { refreshAfterWager } from './api/invalidate';
import { coinName } from './CoinflipResult';
import { CoinflipResult, netChange } from './CoinflipResult';
import { SeedHash, shortHash } from './SeedHash';
import { balanceHundredths, validateWager } from './wagerValidation';
import { COINFLIP_KEY } from './api/keys';
import { readAmount } from '../../../contract/economy';
import { GetTripCoinsButton } from '../../overlays/GetTripCoinsButton';
import classes from './Coinflip.module.css';
import { BusyModal } from '../../overlays/BusyModal';
import { SignInOffer } from '../../host-bridge/host';
import { useAskToLogIn } from '../../overlays/context';
import { t } from '../../i18n';
import { localServerText } from '../../i18n/serverTexts';
import { canonicalDecimal, formatNumber } from '../../i18n/format';
import { AGE_TEXT, COINFLIP_TEXT } from '../../i18n/texts';
import { ApiError } from '../../api/client';
import { ageBandQuery, useAgeBand, useAnswerAge } from '../../api/age';
import { AgeScreen } from '../../ui/AgeScreen';

/** The server refused a wager for the player's age band (asked, or 13 to 17). */
const isAgeRefusal = (error: unknown) => error instanceof ApiError && (error.body?.code === 'AGE_REQUIRED' || error.body?.code === 'AGE_RESTRICTED');

/**
 * Polls the wager this player created until someone accepts it. It replaced the Create Wager
 * button the player pressed, so it takes the focus (a keyboard player is not dropped out of the modal).
 */
function MyWager({ gameId, hash, onClosed }: { gameId: string; hash: string; onClosed: () => void }) {
  const queryClient = useQueryClient();
  const game = useCoinflipGame(gameId);
  const status = game.data?.status;
  const panel = useRef<HTMLDivElement>(null);
  const onClosedRef = useRef(onClosed);
  onClosedRef.current = onClosed;
  useEffect(() => { panel.current?.focus(); }, []);
  // Once someone accepted (or it was cancelled) the open list has changed and "your wager is
  // placed" is no longer true; a cancelled stake is back at once, a settled flip's balance
  // changes when the coin has landed (not while it spins).
  useEffect(() => {
    if (!status || status === 'open') return;
    onClosedRef.current();
    if (status === 'settled') void queryClient.invalidateQueries({ queryKey: COINFLIP_KEY });
    else void refreshAfterWager(queryClient);
  }, [status, queryClient]);
  if (game.data?.status === 'settled') return <CoinflipResult game={game.data} viewer="creator" onRevealed={() => void refreshAfterWager(queryClient)} />;
  return (
    <Paper withBorder p="sm" data-testid="my-wager" data-status={game.data?.status ?? 'open'} ref={panel} tabIndex={-1}>
      <Text size="sm" fw={600}>{game.data?.status === 'cancelled' ? t('coinflip.CoinflipModal.yourWagerWasCancelledThe') : t('coinflip.CoinflipModal.yourWagerIsOpenWaiting')}</Text>
      <Text size="xs" c="dimmed">{t('coinflip.CoinflipModal.serverSeedHashCommitment')}</Text>
      <SeedHash value={hash} kind="hash" testId="my-wager-hash" />
    </Paper>
  );
}

/** The accepted flip's outcome as a toast, once the coin has landed (not before the flip). */
function toastOutcome(game: CoinflipGame): void {
  const won = game.winner_uuid !== null && game.winner_uuid === game.acceptor_uuid;
  economyToast(won ? 'success' : 'info', won ? t('coinflip.CoinflipModal.youWonToast', { amount: formatTc(netChange(game)) }) : t('coinflip.CoinflipModal.youLostToast', { amount: formatTc(netChange(game)) }), t('coinflip.CoinflipResult.landedOn', { side: game.outcome === null ? '?' : coinName(game.outcome) }));
}

function WagerRow({ game, busy, onAccept, onCancel }: { game: CoinflipGame; busy: string | null; onAccept: () => void; onCancel: () => void }) {
  const amount = formatTc(game.wager_amount);
  return (
    <Paper withBorder p="xs" data-testid="open-wager" data-game-id={game.game_id}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} truncate>{game.creator_username}{game.isOwnGame ? t('coinflip.CoinflipModal.you') : ''}</Text>
          <Text size="sm" fw={700} data-testid="wager-amount">{amount}</Text>
          <Text size="xs" c="dimmed">{game.isOwnGame ? t('coinflip.CoinflipModal.choseSide', { side: coinName(game.choice) }) : t('coinflip.CoinflipModal.choseSideTake', { side: coinName(game.choice), other: coinName(1 - game.choice) })}</Text>
          <Text className={classes.shortHash} c="dimmed" title={game.server_seed_hash}>{t('coinflip.CoinflipModal.hashShortened', { hash: shortHash(game.server_seed_hash) })}</Text>
        </Stack>
        {game.isOwnGame ? (
          <Button size="xs" variant="default" color="red" style={{ flexShrink: 0 }} disabled={busy !== null} onClick={onCancel} aria-label={t('coinflip.CoinflipModal.cancelWagerOf', { amount })}>
            {busy === game.game_id ? t('coinflip.CoinflipModal.cancelling') : t('coinflip.CoinflipModal.cancel')}
          </Button>
        ) : (
          <Button size="xs" style={{ flexShrink: 0 }} disabled={busy !== null} onClick={onAccept} aria-label={t('coinflip.CoinflipModal.acceptWagerOf', { name: game.creator_username, amount })}>
            {busy === game.game_id ? t('coinflip.CoinflipModal.accepting') : t('coinflip.CoinflipModal.accept')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

export default function CoinflipModal({ onClose }: OverlayProps<'coinflip'>) {
  const inventory = useInventory();
  const wagers = useOpenWagers();
  const [typedAmount, setAmount] = useState('');
  const amount = canonicalDecimal(typedAmount);
  const [choice, setChoice] = useState<0 | 1>(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<{ id: string; hash: string } | null>(null);
  // After a wager is created the form is reset and locked until the player asks for another one:
  // a second wager is never one stray tap away.
  const [locked, setLocked] = useState(false);
  const amountInput = useRef<HTMLInputElement>(null);
  const [accepted, setAccepted] = useState<CoinflipGame | null>(null);
  const balance = inventory.data?.tripcoins;
  const loggedOut = isLoggedOutError(inventory.error);
  // Logged out the wager form is not a dead end: Log In opens the auth modal.
  const askToLogIn = useAskToLogIn();
  const queryClient = useQueryClient();
  const age = useAgeBand(inventory.isSuccess);
  const answerAge = useAnswerAge();
  const band = age.data?.age_band;
  // Until the band is known no wager is offered; should it fail to load, the server still refuses.
  const ageGate = age.isPending && inventory.isSuccess ? 'pending' : age.isSuccess ? (band === null ? 'ask' : band === '13_17' ? 'restricted' : null) : null;
  const afterRefusal = (error: unknown) => { if (isAgeRefusal(error)) void queryClient.invalidateQueries({ queryKey: ageBandQuery.queryKey }); };

  const create = useCreateWager({
    onSuccess: (result) => {
      economyToast('success', result.message ? localServerText(result.message) : COINFLIP_TEXT.created);
      setCreated({ id: result.game_id, hash: result.server_seed_hash });
      setAccepted(null);
      setAmount('');
      setChoice(0);
      setProblem(null);
      setLocked(true);
    },
    onError: (error) => {
      afterRefusal(error);
      const text = errorText(error, COINFLIP_TEXT.createFailed);
      setProblem(text);
      economyToast('error', text);
    },
  });
  const accept = useAcceptWager({
    onSuccess: (game) => { setAccepted(game); },
    onError: (error) => { afterRefusal(error); economyToast('error', errorText(error, COINFLIP_TEXT.acceptFailed)); },
  });
  const cancel = useCancelWager({
    onSuccess: () => economyToast('success', COINFLIP_TEXT.cancelled),
    onError: (error) => economyToast('error', errorText(error, COINFLIP_TEXT.cancelFailed)),
  });
  const rowBusy = accept.isPending ? (accept.variables ?? null) : cancel.isPending ? (cancel.variables ?? null) : null;
  const busy = create.isPending || rowBusy !== null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || locked) return;
    const message = validateWager(amount, balance);
    setProblem(message);
    if (message) return;
    create.mutate({ wager: amount.trim(), choice });
  };
  const close = () => { if (!busy) onClose(); };
  const startAnother = () => {
    setLocked(false);
    // The field is enabled on the next render; focus it then.
    requestAnimationFrame(() => amountInput.current?.focus());
  };
  const typed = readAmount(amount);
  const shortOfCoins = balance !== undefined && typed !== null && typed.hundredths !== null && typed.hundredths > balanceHundredths(balance);
  const formDisabled = busy || locked;
  const games = wagers.data?.games ?? [];

  return (
    <BusyModal
      busy={busy}
      onClose={close}
      size="lg"
      title={<Title order={3} component="span">{t('coinflip.CoinflipModal.createCoinFlipWager')}</Title>}
    >
      <Stack gap="sm" data-testid="coinflip">
        {loggedOut && (
          <Alert color="yellow" data-testid="coinflip-log-in">
            <SignInOffer>
              <Group justify="space-between" gap="xs"><Text size="sm">{t('coinflip.CoinflipModal.logInToPlayCoin')}</Text><Button size="xs" onClick={() => askToLogIn('login')}>{t('coinflip.CoinflipModal.logIn')}</Button></Group>
            </SignInOffer>
          </Alert>
        )}
        {inventory.isError && !loggedOut && <Alert color="red">{t('coinflip.CoinflipModal.failedToLoadInventoryPlease')}</Alert>}
        {created && <MyWager key={created.id} gameId={created.id} hash={created.hash} onClosed={() => setLocked(false)} />}
        {ageGate === 'pending' && <Text size="sm" c="dimmed">{t('age.loading')}</Text>}
        {ageGate === 'ask' && (
          <AgeScreen intro={AGE_TEXT.required} onAnswer={(date) => answerAge.mutate(date)} busy={answerAge.isPending} error={answerAge.isError ? errorText(answerAge.error, AGE_TEXT.invalidDate) : null} />
        )}
        {ageGate === 'restricted' && (
          <Alert color="yellow" data-testid="coinflip-age-restricted">
            <Stack gap="xs">
              <Text size="sm" fw={600}>{AGE_TEXT.restricted}</Text>
              <Text size="sm">{t('age.restrictedMore')}</Text>
              <Group justify="flex-end"><Button size="xs" variant="default" onClick={close}>{t('coinflip.CoinflipModal.close')}</Button></Group>
            </Stack>
          </Alert>
        )}
        {ageGate === null && <form onSubmit={submit} noValidate data-testid="coinflip-form" data-locked={locked || undefined}>
          <Stack gap="sm">
            {locked && <Text size="sm" data-testid="coinflip-locked">{t('coinflip.CoinflipModal.formLocked')}</Text>}
            <Group justify="space-between">
              <Text size="sm">{t('coinflip.CoinflipModal.balance')}</Text>
              <Text size="sm" fw={600} data-testid="coinflip-balance">{balance === undefined ? '…' : formatTc(balance)}</Text>
            </Group>
            <TextInput
              label={t('coinflip.CoinflipModal.wagerAmountTc')}
              description={t('coinflip.CoinflipModal.between10And100000')}
              inputMode="decimal"
              placeholder={formatNumber(10, { minimumFractionDigits: 2 })}
              value={typedAmount}
              ref={amountInput}
              disabled={formDisabled}
              onChange={(e) => { setAmount(e.currentTarget.value); setProblem(null); }}
              error={problem ?? undefined}
              data-autofocus
            />
            {problem !== null && shortOfCoins && <Group justify="flex-end"><GetTripCoinsButton /></Group>}
            <Radio.Group label={t('coinflip.CoinflipModal.yourSide')} value={String(choice)} onChange={(v) => setChoice(v === '1' ? 1 : 0)}>
              <Group mt={4}>
                <Radio value="0" label={t('coinflip.CoinflipModal.heads')} disabled={formDisabled} />
                <Radio value="1" label={t('coinflip.CoinflipModal.tails')} disabled={formDisabled} />
              </Group>
            </Radio.Group>
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={busy}>{t('coinflip.CoinflipModal.close')}</Button>
              {locked ? (
                <Button onClick={startAnother} disabled={busy} data-testid="coinflip-start-another">{t('coinflip.CoinflipModal.startAnother')}</Button>
              ) : (
                <Button type="submit" disabled={busy || loggedOut} data-busy={create.isPending || undefined}>{create.isPending ? t('coinflip.CoinflipModal.creating') : t('coinflip.CoinflipModal.createWager')}</Button>
              )}
            </Group>
          </Stack>
        </form>}

        {accepted && <CoinflipResult key={accepted.game_id} game={accepted} viewer="acceptor" takeFocus onRevealed={() => { toastOutcome(accepted); void refreshAfterWager(queryClient); }} />}

        {ageGate === null && <div>
          <Title order={4} mb={4}>{t('coinflip.CoinflipModal.openWagers')}</Title>
          {wagers.isPending && <Text size="sm" c="dimmed">{t('coinflip.CoinflipModal.loadingOpenWagers')}</Text>}
          {wagers.isError && <Text size="sm" c="red">{t('coinflip.CoinflipModal.failedToLoadOpenWagers')}</Text>}
          {wagers.isSuccess && games.length === 0 && <Text size="sm" c="dimmed">{t('coinflip.CoinflipModal.noOpenWagersRightNow')}</Text>}
          <Stack gap={6} className={classes.wagerList} data-testid="open-wagers">
            {games.map((game) => (
              <WagerRow
                key={game.game_id}
                game={game}
                busy={rowBusy}
                onAccept={() => { if (!busy) accept.mutate(game.game_id); }}
                onCancel={() => { if (!busy) cancel.mutate(game.game_id); }}
              />
            ))}
          </Stack>
        </div>}
      </Stack>
    </BusyModal>
  );
}
