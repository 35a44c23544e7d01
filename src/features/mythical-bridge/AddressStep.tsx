// The bridge's first step: the wallet address, typed or picked from the player's linked wallets,
// with the Mythical Ticket the bridge burns and any hold on the bridge shown before it.
import { Alert, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { ITEM_IDS } from '../../../contract/items';
import { useInventory } from '../../api/economy';
import { useTradeStatus } from '../../api/tradeStatus';
import { walletsQuery } from '../../api/wallets';
import { t } from '../../i18n';
import { useHost } from '../../host-bridge/host';
import { useNavigation } from '../../overlays/navigation';
import { holdFor, TradeHoldNotice } from '../../ui/TradeHoldNotice';
import classes from './MythicalBridgeModal.module.css';
import { ErrorBox } from './parts';
import { BRIDGE_UI, shortAddress } from './texts';

export interface AddressStepProps {
  uuid: string;
  wallet: string;
  inputError: string | null;
  requestError: string | null;
  verifying: boolean;
  onEdit(wallet: string): void;
  onContinue(): void;
}

export function AddressStep({ uuid, wallet, inputError, requestError, verifying, onEdit, onContinue }: AddressStepProps) {
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
