// The Mythical Bridge modal, opened by SHOW_MYTHICAL_BRIDGE_MODAL and driven by
// machines/mythical-bridge.ts: wallet address (AddressStep) → 'Confirm that this is you'
// (ProfileStep) → Final Confirmation (ConfirmStep) → 'Transaction Complete!' with the explorer
// link and Done (SuccessStep). Errors are toasts and also sit in a red box.
// Closing clears everything (the machine lives and dies with the modal); it cannot be closed
// while the airdrop is being finalized. The player's linked wallets can be picked with one
// click; a player without one is shown the way to the Account section's Wallets tab.
import { Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { isLoggedIn } from '../../../contract/auth';
import type { MarketplaceProfile } from '../../../contract/bridge';
import { bridgeMachine, type FinalizeRequest, type FinalizeResult } from '../../../machines/mythical-bridge';
import { currentUserQuery } from '../../api/currentUser';
import { t } from '../../i18n';
import { localServerText } from '../../i18n/serverTexts';
import { BRIDGE_TEXT } from '../../i18n/texts';
import { BusyModal } from '../../overlays/BusyModal';
import { SignInOffer } from '../../host-bridge/host';
import { useAskToLogIn } from '../../overlays/context';
import type { OverlayProps } from '../../overlays/types';
import { showToast } from '../../ui/toast';
import { AddressStep } from './AddressStep';
import { useFinalizeBridge } from './api/finalizeBridge';
import { verifyWallet } from './api/verifyWallet';
import { ConfirmStep } from './ConfirmStep';
import { ProfileStep } from './ProfileStep';
import { SuccessStep } from './SuccessStep';
import { BRIDGE_UI } from './texts';

export default function MythicalBridgeModal({ onClose }: OverlayProps<'mythicalBridge'>) {
  // The finalize operation refreshes the inventory and tells the game; the machine keeps its key.
  const { finalize, newKey } = useFinalizeBridge();
  const providedMachine = useMemo(() => bridgeMachine.provide({
    actors: {
      verify: fromPromise<MarketplaceProfile, { wallet: string }>(({ input }) => verifyWallet(input.wallet)),
      finalize: fromPromise<FinalizeResult, FinalizeRequest>(({ input }) => finalize(input)),
    },
  }), [finalize]);
  const [state, send] = useMachine(providedMachine, { input: { newKey } });
  const { context } = state;
  const finalizing = state.matches('finalizing');
  const complete = state.matches('complete');
  const whoami = useQuery(currentUserQuery);
  // The machine keeps the contract's English (it is pure); the player reads their language.
  const shownError = context.error === null ? null : localServerText(context.error);

  // Every new error is also a toast, once.
  const toasted = useRef(0);
  useEffect(() => {
    if (context.errors === toasted.current || !context.error) return;
    toasted.current = context.errors;
    showToast({ message: localServerText(context.error), tone: 'error', area: 'economy' });
  }, [context.errors, context.error]);

  useEffect(() => {
    if (!complete) return;
    showToast({ message: BRIDGE_TEXT.complete, tone: 'success', area: 'economy' });
  }, [complete]);

  const close = () => { if (!finalizing) onClose(); };
  const user = whoami.data;
  const loggedIn = isLoggedIn(user);

  let body;
  if (whoami.isPending) body = <Loader aria-label={t('mythical-bridge.MythicalBridgeModal.loadingYourAccount')} />;
  else if (!loggedIn) body = <LoggedOut />;
  else if (state.matches('address') || state.matches('verifying')) {
    body = (
      <AddressStep
        uuid={user?.uuid ?? ''}
        wallet={context.wallet}
        inputError={context.errorSource === 'input' ? shownError : null}
        requestError={context.errorSource === 'request' ? shownError : null}
        verifying={state.matches('verifying')}
        onEdit={(wallet) => send({ type: 'EDIT', wallet })}
        onContinue={() => send({ type: 'CONTINUE' })}
      />
    );
  } else if (state.matches('profile') && context.profile) {
    body = <ProfileStep profile={context.profile} onBack={() => send({ type: 'BACK' })} onConfirm={() => send({ type: 'CONFIRM' })} />;
  } else if (complete && context.result) {
    body = <SuccessStep wallet={context.wallet} result={context.result} onDone={onClose} />;
  } else {
    body = (
      <ConfirmStep
        wallet={context.wallet}
        error={shownError}
        finalizing={finalizing}
        onBack={() => send({ type: 'BACK' })}
        onFinalize={() => send({ type: 'FINALIZE' })}
      />
    );
  }

  return (
    <BusyModal
      busy={finalizing}
      onClose={close}
      size="lg"
      title={<Title order={3} component="span">{BRIDGE_UI.title}</Title>}
    >
      <div data-testid="mythical-bridge" data-step={loggedIn ? String(state.value) : 'logged-out'}>{body}</div>
    </BusyModal>
  );
}

function LoggedOut() {
  const askToLogIn = useAskToLogIn();
  return (
    <SignInOffer>
      <Stack align="flex-start">
        <Text>{BRIDGE_UI.loggedOut}</Text>
        <Button onClick={() => askToLogIn('login')}>{t('mythical-bridge.MythicalBridgeModal.logIn')}</Button>
      </Stack>
    </SignInOffer>
  );
}
