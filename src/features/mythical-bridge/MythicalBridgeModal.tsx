// The Mythical Bridge modal, opened by SHOW_MYTHICAL_BRIDGE_MODAL
// and driven by machines/bridge.ts: wallet address → 'Confirm that this is you' → Final
// Confirmation → 'Transaction Complete!' with the explorer link and Done. Errors are toasts and also sit in a red box.
// Closing clears everything (the machine lives and dies with the modal); it cannot be closed
// while the airdrop is being finalized. The player's linked wallets can be picked with one
// click; a player without one is shown the way to the Account section's Wallets tab.
import { Alert, Anchor, Avatar, Button, CheckIcon, Group, Loader, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTradeStatus } from '../../api/tradeStatus';
import { holdFor, TradeHoldNotice } from '../../ui/TradeHoldNotice';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef, type FormEvent } from 'react';
import { fromPromise } from 'xstate';
import { isLoggedIn } from '../../../contract/auth';
import { ITEM_IDS } from '../../../contract/items';
import { type MarketplaceProfile } from '../../../contract/bridge';
import { bridgeMachine, type FinalizeRequest, type FinalizeResult } from '../../../machines/mythical-bridge';
import type { OverlayProps } from '../../overlays/types';
import { useAskToLogIn } from '../../overlays/context';
import { useHost } from '../../lib/host';
import { useNavigation } from '../../overlays/navigation';
import { showToast } from '../../ui/toast';
import { currentUserQuery } from '../../api/currentUser';
import { useInventory } from '../../api/economy';
import { walletsQuery } from '../../api/wallets';
import { useFinalizeBridge } from './api/finalizeBridge';
import { useTransferStatus } from './api/getTransferStatus';
import { verifyWallet } from './api/verifyWallet';
import classes from './MythicalBridgeModal.module.css';
import { BRIDGE_UI, formatMemberSince, safeWebsite, shortAddress, statusLine } from './texts';
import { BusyModal } from '../../overlays/BusyModal';
import { t } from '../../i18n';
import { rich } from '../../i18n/rich';
import { BRIDGE_TEXT } from '../../i18n/texts';

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

  // Every new error is also a toast, once.
  const toasted = useRef(0);
  useEffect(() => {
    if (context.errors === toasted.current || !context.error) return;
    toasted.current = context.errors;
    showToast({ message: context.error, tone: 'error', area: 'economy' });
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
        inputError={context.errorSource === 'input' ? context.error : null}
        requestError={context.errorSource === 'request' ? context.error : null}
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
        error={context.error}
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
    <Stack align="flex-start">
      <Text>{BRIDGE_UI.loggedOut}</Text>
      <Button onClick={() => askToLogIn('login')}>{t('mythical-bridge.MythicalBridgeModal.logIn')}</Button>
    </Stack>
  );
}

interface AddressStepProps {
  uuid: string;
  wallet: string;
  inputError: string | null;
  requestError: string | null;
  verifying: boolean;
  onEdit(wallet: string): void;
  onContinue(): void;
}

function AddressStep({ uuid, wallet, inputError, requestError, verifying, onEdit, onContinue }: AddressStepProps) {
  // A hold on the bridge (a credential change, a new account, TripCoins bought lately) is shown
  // before the address is typed, and Continue waits it out.
  const trade = useTradeStatus().data;
  const held = holdFor(trade, 'bridge') !== null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!verifying && !held) onContinue();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text>{BRIDGE_UI.intro}</Text>
        <TicketStatus />
        <TradeHoldNotice status={trade} action="bridge" />
        <LinkedWallets uuid={uuid} disabled={verifying} onPick={onEdit} />
        <TextInput
          label={BRIDGE_UI.addressLabel}
          description={BRIDGE_UI.addressHint}
          placeholder="0x…"
          value={wallet}
          onChange={(e) => onEdit(e.currentTarget.value)}
          error={inputError}
          readOnly={verifying}
          autoComplete="off"
          spellCheck={false}
          classNames={{ root: classes.addressRoot, input: classes.addressInput, description: classes.addressHint }}
          data-autofocus
        />
        <ErrorBox text={requestError} />
        <Group justify="flex-end">
          <Button type="submit" disabled={verifying || held} leftSection={verifying ? <Loader size={14} aria-hidden /> : undefined}>
            {verifying ? t('mythical-bridge.MythicalBridgeModal.verifying') : t('mythical-bridge.MythicalBridgeModal.continue')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Whether the player holds the Mythical Ticket the bridge burns, read from the inventory. */
function TicketStatus() {
  const inventory = useInventory();
  const count = Number.parseInt(inventory.data?.inventory[ITEM_IDS.mythicalTicket] ?? '0', 10) || 0;
  if (!inventory.isSuccess) return <Text size="sm" data-testid="bridge-ticket">{BRIDGE_UI.ticketNeeded}</Text>;
  if (count > 0) return <Text size="sm" c="teal" data-testid="bridge-ticket">{BRIDGE_UI.ticketNeeded} {BRIDGE_UI.hasTickets(count)}</Text>;
  return <Alert color="yellow" data-testid="bridge-ticket">{BRIDGE_UI.noTicket}</Alert>;
}

function LinkedWallets({ uuid, disabled, onPick }: { uuid: string; disabled: boolean; onPick(wallet: string): void }) {
  const host = useHost();
  const navigation = useNavigation();
  const wallets = useQuery(walletsQuery(uuid));
  if (wallets.isPending) return <Loader size="sm" aria-label={t('mythical-bridge.MythicalBridgeModal.loadingYourWallets')} />;
  if (wallets.isError) return <Text size="sm" className={classes.muted}>{BRIDGE_UI.walletsFailed}</Text>;
  const preferred = wallets.data.preferred_address?.toLowerCase();
  const addresses = wallets.data.modular_wallets.map((w) => w.address)
    .sort((a, b) => Number(b.toLowerCase() === preferred) - Number(a.toLowerCase() === preferred));
  const canLink = !host.isHidden('walletsTab');
  if (addresses.length === 0) {
    return (
      <Alert color="yellow" variant="light" title={BRIDGE_UI.noWalletTitle} role="note" data-testid="bridge-no-wallet">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{canLink ? BRIDGE_UI.noWalletText : BRIDGE_UI.noWalletTextNoLink}</Text>
          {/* Opening the settings overlay replaces this modal; the Account section is where wallets live. */}
          {canLink && <Button size="xs" variant="filled" onClick={() => navigation.showSettings('accounts', 'wallets')}>{BRIDGE_UI.linkWallet}</Button>}
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id="bridge-linked-wallets">{BRIDGE_UI.linkedWallets}</Text>
      <Group gap="xs" role="group" aria-labelledby="bridge-linked-wallets">
        {addresses.map((address, index) => (
          <Button
            key={address}
            size="xs"
            variant="light"
            ff="monospace"
            disabled={disabled}
            onClick={() => onPick(address)}
            aria-label={t('mythical-bridge.MythicalBridgeModal.useWallet', { n: index + 1, address })}
          >
            {shortAddress(address)}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

function ProfileStep({ profile, onBack, onConfirm }: { profile: MarketplaceProfile; onBack(): void; onConfirm(): void }) {
  const website = safeWebsite(profile.website);
  return (
    <Stack>
      <Title order={4}>{t('mythical-bridge.MythicalBridgeModal.confirmThatThisIsYou')}</Title>
      <Group wrap="nowrap" align="flex-start">
        <Avatar src={profile.profile_image_url || null} alt={profile.username} size={72} radius="md">{profile.username.slice(0, 2).toUpperCase()}</Avatar>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={700} size="lg" data-testid="bridge-profile-username">{profile.username}</Text>
          <Text size="xs" className={classes.muted} ff="monospace" style={{ wordBreak: 'break-all' }}>{profile.address}</Text>
          <Text size="sm" className={classes.muted}>{t('mythical-bridge.MythicalBridgeModal.memberSince', { date: formatMemberSince(profile.joined_date) })}</Text>
        </Stack>
      </Group>
      {profile.bio && <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{profile.bio}</Text>}
      {website && <Anchor href={website} target="_blank" rel="noopener noreferrer" size="sm">{profile.website}</Anchor>}
      {profile.social_media_accounts.length > 0 && (
        <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('mythical-bridge.MythicalBridgeModal.socialAccounts')}>
          {profile.social_media_accounts.map((account) => (
            <Text component="li" size="sm" key={`${account.platform}:${account.username}`}>
              <Text span fw={600} tt="capitalize">{account.platform}</Text>: {account.username}
            </Text>
          ))}
        </Stack>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack}>{t('mythical-bridge.MythicalBridgeModal.noGoBack')}</Button>
        <Button onClick={onConfirm} data-autofocus>{t('mythical-bridge.MythicalBridgeModal.yesThisIsMe')}</Button>
      </Group>
    </Stack>
  );
}

interface ConfirmStepProps {
  wallet: string;
  error: string | null;
  finalizing: boolean;
  onBack(): void;
  onFinalize(): void;
}

function ConfirmStep({ wallet, error, finalizing, onBack, onFinalize }: ConfirmStepProps) {
  return (
    <Stack>
      <Title order={4}>{t('mythical-bridge.MythicalBridgeModal.finalConfirmation')}</Title>
      <Text>{BRIDGE_UI.finalText}</Text>
      <DestinationWallet wallet={wallet} />
      <ErrorBox text={error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack} disabled={finalizing}>{t('mythical-bridge.MythicalBridgeModal.goBack')}</Button>
        <Button color="grape" onClick={onFinalize} disabled={finalizing} leftSection={finalizing ? <Loader size={14} aria-hidden /> : undefined} data-autofocus>
          {finalizing ? t('mythical-bridge.MythicalBridgeModal.finalizing') : t('mythical-bridge.MythicalBridgeModal.finalizeAirdrop')}
        </Button>
      </Group>
    </Stack>
  );
}

function DestinationWallet({ wallet }: { wallet: string }) {
  return (
    <Text size="sm">
      {rich(t('mythical-bridge.MythicalBridgeModal.destinationWallet', { wallet }), [<Text span ff="monospace" style={{ wordBreak: 'break-all' }} />])}
    </Text>
  );
}

/**
 * The last step, a step of its own: 'Transaction Complete!' as the heading,
 * the transfer's status (asked again until the chain confirms it), the explorer link and Done,
 * which closes the modal. Nothing of the confirmation step stays: no Go Back, no greyed buttons.
 * Done takes the focus, since the button the player pressed (Finalize Airdrop) is gone.
 */
function SuccessStep({ wallet, result, onDone }: { wallet: string; result: FinalizeResult; onDone(): void }) {
  // Sent is not yet mined: the status is asked again until the chain confirms it.
  const live = useTransferStatus(result.transactionHash, { enabled: result.status !== 'confirmed' });
  const status = live.data?.status ?? result.status;
  const done = useRef<HTMLButtonElement>(null);
  useEffect(() => { done.current?.focus(); }, []);
  return (
    <Stack data-testid="bridge-success">
      <Group gap="xs" wrap="nowrap">
        <ThemeIcon color="teal" radius="xl" size="lg" variant="light" aria-hidden><CheckIcon size={16} /></ThemeIcon>
        <Title order={4}>{BRIDGE_TEXT.complete}</Title>
      </Group>
      <Alert color="teal" variant="light" role="status">
        <Text size="sm" data-testid="bridge-status" data-status={status}>{statusLine(status)}</Text>
      </Alert>
      <DestinationWallet wallet={wallet} />
      <Stack gap={2}>
        <Text size="sm" className={classes.muted}>{BRIDGE_UI.transactionHash}</Text>
        <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }} data-testid="bridge-hash">{result.transactionHash}</Text>
      </Stack>
      <Anchor href={result.explorerUrl} target="_blank" rel="noopener noreferrer" size="sm">{BRIDGE_UI.explorerLink}</Anchor>
      <Group justify="flex-end">
        <Button ref={done} onClick={onDone}>{t('mythical-bridge.MythicalBridgeModal.done')}</Button>
      </Group>
    </Stack>
  );
}

function ErrorBox({ text }: { text: string | null }) {
  if (!text) return null;
  return <Alert color="red" variant="light" role="alert" data-testid="bridge-error">{text}</Alert>;
}
