// Connected Wallets (spec part 1 §2.5, §4.6): 'Wallet #n', the preferred address first with a
// 'Main' badge, disconnect behind a confirmation. Connecting posts CONNECT_WALLET to the parent
// window when framed; on the standalone site the injected wallet signs a SIWE message.
import { Badge, Button, Card, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { walletDisconnect, WALLET_TEXT } from '../../../contract/accounts';
import type { CurrentUser } from '../../../contract/auth';
import { SHELL_TO_GAME } from '../../../contract/game';
import { ApiError, call } from '../../api/client';
import { sendToGame } from '../../game/game';
import { useHost } from '../../lib/host';
import { showToast } from '../../ui/toast';
import { currentUserQuery } from '../../api/currentUser';
import { walletsQuery } from '../../api/wallets';
import { linkInjectedWallet } from './api/wallets';

export function sortWallets(addresses: string[], preferred: string | null): string[] {
  const isMain = (a: string) => !!preferred && a.toLowerCase() === preferred.toLowerCase();
  return [...addresses].sort((a, b) => Number(isMain(b)) - Number(isMain(a)));
}

export function WalletsTab({ user }: { user: CurrentUser }) {
  const host = useHost();
  const queryClient = useQueryClient();
  const query = useQuery(walletsQuery(user.uuid));
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: walletsQuery(user.uuid).queryKey });
    void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    sendToGame(SHELL_TO_GAME.bootstrap);
  };

  const disconnect = async (address: string) => {
    setBusy(true);
    try {
      await call(walletDisconnect, { body: { address } });
      showToast({ message: WALLET_TEXT.disconnected, tone: 'success' });
      refresh();
    } catch (error) {
      if (error instanceof ApiError) showToast({ title: WALLET_TEXT.disconnectFailedTitle, message: error.textOr(WALLET_TEXT.disconnectFailed), tone: 'error' });
      else showToast({ title: WALLET_TEXT.disconnectErrorTitle, message: WALLET_TEXT.disconnectError, tone: 'error' });
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  const connect = async () => {
    // Framed (a wallet-aware parent page): the parent does the connecting.
    if (window.parent !== window && host.adapter?.connectWallet() === 'posted-to-parent') return;
    setBusy(true);
    try {
      await linkInjectedWallet();
      showToast({ message: 'Wallet connected', tone: 'success' });
      refresh();
    } catch (error) {
      showToast({ message: error instanceof ApiError ? error.textOr(WALLET_TEXT.badSignature) : (error as Error).message, tone: 'error' });
    } finally {
      setBusy(false);
    }
  };

  if (query.isPending) return <Loader aria-label="Loading wallets" />;
  if (query.isError) return <Text c="red" role="alert">{WALLET_TEXT.fetchFailed}</Text>;
  const addresses = sortWallets(query.data.modular_wallets.map((w) => w.address), query.data.preferred_address);
  const preferred = query.data.preferred_address?.toLowerCase();

  return (
    <Stack>
      <Title order={4}>Connected Wallets</Title>
      {addresses.length === 0 && <Text c="dimmed">{WALLET_TEXT.empty}</Text>}
      {addresses.map((address, index) => (
        <Card key={address} withBorder padding="sm">
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Text fw={600}>Wallet #{index + 1}</Text>
                {address.toLowerCase() === preferred && <Badge size="sm">Main</Badge>}
              </Group>
              <Text size="xs" c="dimmed" truncate="end" ff="monospace">{address}</Text>
            </Stack>
            <Button size="xs" color="red" variant="light" style={{ flexShrink: 0 }} onClick={() => setConfirming(address)} aria-label={`Disconnect wallet #${index + 1}`}>Disconnect</Button>
          </Group>
        </Card>
      ))}
      <Group><Button onClick={() => void connect()} loading={busy && !confirming}>Connect New Wallet</Button></Group>
      <Modal opened={confirming !== null} onClose={() => { if (!busy) setConfirming(null); }} title={WALLET_TEXT.confirmTitle} centered>
        <Stack>
          <Text>{WALLET_TEXT.confirmText}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)} disabled={busy}>Cancel</Button>
            <Button color="red" loading={busy} onClick={() => confirming && void disconnect(confirming)}>Disconnect</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
