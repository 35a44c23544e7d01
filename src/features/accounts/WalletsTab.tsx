// Connected Wallets: 'Wallet #n', the preferred address first with a
// 'Main' badge, disconnect behind a confirmation. Connecting posts CONNECT_WALLET to the parent
// window when framed; on the standalone site the injected wallet signs a SIWE message.
import { Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import type { CurrentUser } from '../../../contract/auth';
import { errorText, isServerAnswer } from '../../api/errors';
import { useHost } from '../../host-bridge/host';
import { showToast } from '../../ui/toast';
import { walletsQuery } from '../../api/wallets';
import { useDisconnectWallet } from './api/disconnectWallet';
import { useLinkWallet } from './api/linkWallet';
import { BusyModal } from '../../overlays/BusyModal';
import { t } from '../../i18n';
import { WALLET_TEXT } from '../../i18n/texts';

export function sortWallets(addresses: string[], preferred: string | null): string[] {
  const isMain = (a: string) => !!preferred && a.toLowerCase() === preferred.toLowerCase();
  return [...addresses].sort((a, b) => Number(isMain(b)) - Number(isMain(a)));
}

export function WalletsTab({ user }: { user: CurrentUser }) {
  const host = useHost();
  const query = useQuery(walletsQuery(user.uuid));
  const [confirming, setConfirming] = useState<string | null>(null);

  const disconnectMutation = useDisconnectWallet({
    onSuccess: () => {
      showToast({ message: WALLET_TEXT.disconnected, tone: 'success' });
    },
    onError: (error) => {
      if (isServerAnswer(error)) showToast({ title: WALLET_TEXT.disconnectFailedTitle, message: errorText(error, WALLET_TEXT.disconnectFailed), tone: 'error' });
      else showToast({ title: WALLET_TEXT.disconnectErrorTitle, message: WALLET_TEXT.disconnectError, tone: 'error' });
    },
    onSettled: () => setConfirming(null),
  });
  const link = useLinkWallet({
    onSuccess: () => {
      showToast({ message: WALLET_TEXT.connected, tone: 'success' });
    },
    onError: (error) => showToast({ message: isServerAnswer(error) ? errorText(error, WALLET_TEXT.badSignature) : error.message, tone: 'error' }),
  });
  const busy = disconnectMutation.isPending || link.isPending;

  const disconnect = (address: string) => disconnectMutation.mutate({ address, uuid: user.uuid });

  const connect = () => {
    // Framed (a wallet-aware parent page): the parent does the connecting.
    if (window.parent !== window && host.adapter?.connectWallet() === 'posted-to-parent') return;
    link.mutate({ uuid: user.uuid });
  };

  if (query.isPending) return <Loader aria-label={t('accounts.WalletsTab.loadingWallets')} />;
  if (query.isError) return <Text c="red" role="alert">{WALLET_TEXT.fetchFailed}</Text>;
  const addresses = sortWallets(query.data.modular_wallets.map((w) => w.address), query.data.preferred_address);
  const preferred = query.data.preferred_address?.toLowerCase();

  return (
    <Stack>
      <Title order={4}>{t('accounts.WalletsTab.connectedWallets')}</Title>
      {addresses.length === 0 && <Text c="dimmed">{WALLET_TEXT.empty}</Text>}
      {addresses.map((address, index) => (
        <Card key={address} withBorder padding="sm">
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Text fw={600}>{t('accounts.WalletsTab.wallet', { n: index + 1 })}</Text>
                {address.toLowerCase() === preferred && <Badge size="sm">{t('accounts.WalletsTab.main')}</Badge>}
              </Group>
              <Text size="xs" c="dimmed" truncate="end" ff="monospace">{address}</Text>
            </Stack>
            <Button size="xs" color="red" variant="light" style={{ flexShrink: 0 }} onClick={() => setConfirming(address)} aria-label={t('accounts.WalletsTab.disconnectWallet', { n: index + 1 })}>{t('accounts.WalletsTab.disconnect')}</Button>
          </Group>
        </Card>
      ))}
      <Group><Button onClick={() => connect()} loading={busy && !confirming}>{t('accounts.WalletsTab.connectNewWallet')}</Button></Group>
      <BusyModal busy={busy} opened={confirming !== null} onClose={() => setConfirming(null)} title={WALLET_TEXT.confirmTitle}>
        <Stack>
          <Text>{WALLET_TEXT.confirmText}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)} disabled={busy}>{t('accounts.WalletsTab.cancel')}</Button>
            <Button color="red" loading={busy} onClick={() => { if (confirming) disconnect(confirming); }}>{t('accounts.WalletsTab.disconnect')}</Button>
          </Group>
        </Stack>
      </BusyModal>
    </Stack>
  );
}
