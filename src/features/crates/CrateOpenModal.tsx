// The Crate open modal, driven by
// machines/crate-open.ts: the crate image with an 'N Owned' badge, 'Open 1 Crate'
// ('Opening...'), the result view 'You Got:' with the won item and Continue, which returns to
// the open view and reloads the count. The opening operation (api/openCrate.ts) refreshes the
// economy queries and sends the game fresh item data for the crate item and the won item.
// It opens on the set the player owns crates of (the airdrop's Base Set II crate), each
// set's tab shows its count and each set's texts name it, and the result starts with the reveal
// (CrateReveal.tsx). A player with two crates or more can open them all (up to OPEN_ALL_MAX at a
// time, CrateBatch.tsx): the whole run counts as busy, so the way out is Stop, which lists what
// was won.
import { Alert, Badge, Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { CRATE_VERSIONS, type CrateVersionId } from '../../../contract/crates';
import { crateOpenMachine, OPEN_ALL_MAX, openAllSize, type CrateCounts, type OpenResult } from '../../../machines/crate-open';
import type { OverlayProps } from '../../overlays/types';
import { spriteUrl } from '../../api/catalogue';
import { errorText } from '../../api/errors';
import { economyToast } from '../../ui/toast';
import { fetchCrateBalance } from './api/getCrateStatus';
import { useOpenCrate } from './api/openCrate';
import { CrateOdds } from './CrateOdds';
import { CrateBatchSummary, CrateBatchView } from './CrateBatch';
import { CrateReveal } from './CrateReveal';
import classes from './Crates.module.css';
import { BusyModal } from '../../overlays/BusyModal';
import { useOverlays } from '../../overlays/context';
import { t } from '../../i18n';
import { CRATE_TEXT } from '../../i18n/texts';
import { localServerText } from '../../i18n/serverTexts';

/** Whether the player asked the system for reduced motion (the reveal then lands at once). */
function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export default function CrateOpenModal({ onClose }: OverlayProps<'crateOpen'>) {
  const queryClient = useQueryClient();
  const open = useOpenCrate();
  const machine = useMemo(() => crateOpenMachine.provide({
    actors: {
      loadCounts: fromPromise<CrateCounts, void>(async () => {
        const [base, second] = await Promise.all([fetchCrateBalance(queryClient, 0), fetchCrateBalance(queryClient, 1)]);
        return { 0: base, 1: second };
      }),
      loadCount: fromPromise<number, { crateVersionId: CrateVersionId }>(async ({ input }) => {
        try {
          return await fetchCrateBalance(queryClient, input.crateVersionId);
        } catch (error) {
          throw new Error(errorText(error, CRATE_TEXT.balanceFailed), { cause: error });
        }
      }),
      openCrate: fromPromise<OpenResult, { crateVersionId: CrateVersionId }>(async ({ input }) => {
        try {
          return await open(input.crateVersionId);
        } catch (error) {
          const text = errorText(error, CRATE_TEXT.openFailed);
          economyToast('error', text);
          throw new Error(text, { cause: error });
        }
      }),
    },
  }), [queryClient, open]);
  // The component mounts on every opening of the modal: a fresh actor starts in the open view
  // and loads the count ("The view resets and the count reloads each time the modal opens"),
  // both counts first, to start on the set the player owns crates of.
  const [state, send] = useMachine(machine, { input: { choose: true, reducedMotion: prefersReducedMotion() } });
  const { count, counts, won, error, crateVersionId, batch } = state.context;
  const crate = CRATE_VERSIONS[crateVersionId] ?? CRATE_VERSIONS[0]!;
  const inBatch = state.matches('batch');
  // Open all is busy from its first open to its last (the dialog does not close mid-way; Stop ends it).
  const busy = state.matches('opening') || inBatch;
  const batchSize = openAllSize(count);
  // No crate of this set: nothing to open (the button is off, not an error twice), and the way
  // to get one is right there.
  const none = count === 0 && !busy;
  const overlays = useOverlays();
  const revealing = state.matches({ result: 'revealing' });
  const texts = crateVersionId === 1
    ? { receive: t('crates.CrateOpenModal.openBaseSet2ToReceive'), contains: t('crates.CrateOpenModal.eachBaseSet2CrateContains') }
    : { receive: t('crates.CrateOpenModal.openACrateToReceive'), contains: t('crates.CrateOpenModal.eachCrateContainsOneItem') };

  const skip = useCallback(() => send({ type: 'SKIP' }), [send]);
  const close = () => {
    // Escape during an "open all" reveal skips that reveal; nothing else closes the run.
    if (inBatch) { if (state.matches({ batch: 'revealing' })) send({ type: 'SKIP' }); return; }
    if (busy) return;
    // Escape (or a click outside) during the reveal skips to the item, like any key.
    if (revealing) { send({ type: 'SKIP' }); return; }
    send({ type: 'RESET' });
    onClose();
  };

  return (
    <BusyModal
      busy={busy}
      onClose={close}
      title={<Title order={3} component="span">{t('crates.CrateOpenModal.title', { name: crate.name })}</Title>}
    >
      {inBatch && batch ? (
        <CrateBatchView
          batch={batch}
          count={count}
          revealing={state.matches({ batch: 'revealing' }) ? won : null}
          stopping={batch.stopping}
          onSkip={skip}
          onSkipAll={() => send({ type: 'SKIP_ALL' })}
          onStop={() => send({ type: 'STOP' })}
        />
      ) : state.matches('summary') && batch ? (
        <CrateBatchSummary won={batch.won} error={error && localServerText(error)} onContinue={() => send({ type: 'CONTINUE' })} />
      ) : state.matches('result') && won ? (
        <CrateReveal won={won} revealing={revealing} onSkip={skip} onContinue={() => send({ type: 'CONTINUE' })} />
      ) : (
        <Stack gap="sm" data-testid="crate-open" data-state={String(state.value)} data-version={crateVersionId}>
          <SegmentedControl
            fullWidth
            size="xs"
            aria-label={t('crates.CrateOpenModal.crateSet')}
            value={String(crateVersionId)}
            disabled={busy || state.matches('choosing')}
            onChange={(v) => send({ type: 'SET_VERSION', crateVersionId: v === '1' ? 1 : 0 })}
            data={CRATE_VERSIONS.map((v) => ({ value: String(v.id), label: t('crates.CrateOpenModal.setTab', { name: v.name, count: counts[v.id] ?? '…' }) }))}
          />
          <div className={classes.crateFrame}>
            <img className={classes.crateImage} src={spriteUrl(crate.crateItemUuid, 512)} alt={t('crates.crateAlt', { name: crate.name })} />
            <Badge className={classes.ownedBadge} variant="filled" color="dark" tt="none" data-testid="owned-badge">
              {t('crates.owned', { count: count === null ? '…' : count })}
            </Badge>
          </div>
          <Text ta="center" fw={600} data-testid="crate-open-text">{texts.receive}</Text>
          <Text ta="center" size="sm" c="dimmed">{texts.contains}</Text>
          {error && <Alert color="red" role="alert">{localServerText(error)}</Alert>}
          {none && (
            <Group justify="center" gap="xs" data-testid="no-crates">
              <Text size="sm" c="dimmed">{t('crates.CrateOpenModal.noneLeft')}</Text>
              <Button size="xs" variant="light" onClick={() => overlays.open('crateShop', { crateVersionId })}>{t('crates.CrateOpenModal.toShop')}</Button>
            </Group>
          )}
          <div>
            <Text size="sm" fw={600} mb={4}>{t('crates.CrateOpenModal.dropOdds')}</Text>
            <CrateOdds version={crateVersionId} />
          </div>
          {count !== null && count > OPEN_ALL_MAX && <Text ta="center" size="xs" c="dimmed" data-testid="open-all-limit">{t('crates.CrateOpenModal.openAllLimit', { max: OPEN_ALL_MAX })}</Text>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>{t('crates.CrateOpenModal.cancel')}</Button>
            {batchSize >= 2 && (
              <Button variant="light" onClick={() => send({ type: 'OPEN_ALL' })} disabled={busy || state.matches('loading') || state.matches('choosing')} data-testid="open-all-crates">
                {t('crates.CrateOpenModal.openAll', { count: batchSize })}
              </Button>
            )}
            <Button onClick={() => send({ type: 'OPEN' })} disabled={busy || none || state.matches('loading') || state.matches('choosing')} data-busy={busy || undefined} data-testid="open-one-crate">
              {busy ? t('crates.CrateOpenModal.opening') : t('crates.CrateOpenModal.open1Crate')}
            </Button>
          </Group>
        </Stack>
      )}
    </BusyModal>
  );
}
