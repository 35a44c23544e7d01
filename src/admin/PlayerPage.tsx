// One player: balances, items, listings, wagers, clan, identities, sessions (revoke one or all)
// the ledger history (reverse a posting), purchases and debt, holds and limits (release a hold
// early), with grant/remove and ban/unban.
import { useState } from 'react';
import { Alert, Badge, Button, Group, SegmentedControl, Select, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ADMIN_TEXT, banPlayer, grantOrRemove, playerDetail, revokeSessions, unbanPlayer } from '../../contract/admin';
import { adminDeletePlayer } from '../../contract/rights';
import { errorText } from '../api/errors';
import { formatTc } from '../ui/formatTc';
import { ADMIN_KEY, read, useAdminWrite } from './api';
import { ListingsTable } from './ListingsPanel';
import { PlayerHistory } from './PlayerHistory';
import { PlayerPurchases } from './PlayerPurchases';
import { PlayerHolds } from './PlayerHolds';
import { ReasonModal } from './ReasonModal';

type Dialog = null | 'grant' | 'ban' | 'unban' | 'delete' | { revoke: string | null };

export function PlayerPage({ uuid, onBack }: { uuid: string; onBack(): void }) {
  const detail = useQuery({ queryKey: [...ADMIN_KEY, 'player', uuid], queryFn: () => read(playerDetail, { params: { uuid } }), staleTime: 0 });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [grant, setGrant] = useState({ direction: 'grant' as 'grant' | 'remove', asset: 'TC', amount: '' });
  const grantWrite = useAdminWrite(grantOrRemove);
  const banWrite = useAdminWrite(banPlayer);
  const unbanWrite = useAdminWrite(unbanPlayer);
  const revokeWrite = useAdminWrite(revokeSessions);
  const deleteWrite = useAdminWrite(adminDeletePlayer);
  const [done, setDone] = useState<string | null>(null);
  if (detail.isError) return <Stack><Button variant="default" onClick={onBack}>Back</Button><Text c="red">{errorText(detail.error, 'Could not load the player')}</Text></Stack>;
  if (!detail.data) return <Text>Loading…</Text>;
  const d = detail.data;
  const p = d.player;
  const assets = [{ value: 'TC', label: 'TripCoins (TC)' }, ...d.items.map((i) => ({ value: i.itemUuid, label: i.name }))];
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={onBack}>← Players</Button>
          <Title order={2} size="h4">{p.username}</Title>
          {p.bannedAt && <Badge color="red">banned</Badge>}
          {p.isAdmin && <Badge>admin</Badge>}
        </Group>
        <Group gap="xs">
          <Button size="xs" onClick={() => setDialog('grant')}>Grant / remove</Button>
          {p.bannedAt ? <Button size="xs" variant="outline" onClick={() => setDialog('unban')}>Unban</Button>
            : <Button size="xs" color="red" disabled={p.isAdmin} onClick={() => setDialog('ban')}>Ban</Button>}
          <Button size="xs" color="red" variant="outline" disabled={p.isAdmin} onClick={() => setDialog('delete')} data-testid="console-delete-account">Delete account</Button>
        </Group>
      </Group>
      <Text size="xs" ff="monospace" c="dimmed">{p.uuid}</Text>
      {p.isAdmin && !p.bannedAt && <Text size="sm" c="dimmed">{ADMIN_TEXT.adminNotBannable}</Text>}
      {p.bannedAt && <Alert color="red">Banned {new Date(p.bannedAt).toLocaleString()}: {p.banReason}</Alert>}
      {done && <Alert color="green" withCloseButton onClose={() => setDone(null)} role="status">{done}</Alert>}
      <Tabs defaultValue="balances" keepMounted={false}>
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          <Tabs.Tab value="balances">Balances</Tabs.Tab>
          <Tabs.Tab value="listings">Listings ({d.listings.length})</Tabs.Tab>
          <Tabs.Tab value="wagers">Wagers ({d.wagers.length})</Tabs.Tab>
          <Tabs.Tab value="identities">Clan & identities</Tabs.Tab>
          <Tabs.Tab value="sessions">Sessions</Tabs.Tab>
          <Tabs.Tab value="history">History</Tabs.Tab>
          <Tabs.Tab value="purchases">Purchases</Tabs.Tab>
          <Tabs.Tab value="holds">Holds & limits</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="balances" pt="sm">
          <Text fw={600} data-testid="player-coins">{formatTc(d.coins)}</Text>
          <Table>
            <Table.Thead><Table.Tr><Table.Th>Item</Table.Th><Table.Th>Count</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>{d.items.map((i) => <Table.Tr key={i.itemUuid}><Table.Td>{i.name}</Table.Td><Table.Td data-testid={`item-${i.itemUuid}`}>{i.quantity}</Table.Td></Table.Tr>)}</Table.Tbody>
          </Table>
          {d.items.length === 0 && <Text c="dimmed" size="sm">No items.</Text>}
        </Tabs.Panel>
        <Tabs.Panel value="listings" pt="sm"><ListingsTable listings={d.listings} /></Tabs.Panel>
        <Tabs.Panel value="wagers" pt="sm">
          {d.wagers.length === 0 ? <Text c="dimmed" size="sm">No open wagers.</Text> : d.wagers.map((w) => <Text key={w.id}>{formatTc(w.wager)} since {new Date(w.createdAt).toLocaleString()}</Text>)}
        </Tabs.Panel>
        <Tabs.Panel value="identities" pt="sm">
          <Stack gap={4}>
            <Text>Clan: {d.clan ? `${d.clan.name} [${d.clan.tag}] (${d.clan.role})` : 'none'}</Text>
            <Text>Discord: {p.discordId ? `${p.discordUsername ?? ''} (${p.discordId})` : 'not linked'}</Text>
            <Text>Portal: {p.crazygamesId ?? 'not linked'}</Text>
            <Text>Wallets: {d.wallets.length ? d.wallets.join(', ') : 'none'}</Text>
            <Text>Joined {new Date(p.createdAt).toLocaleDateString()}, last sign-in {p.lastLoginAt ? new Date(p.lastLoginAt).toLocaleString() : 'never'}</Text>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="sessions" pt="sm">
          <Button size="xs" color="red" variant="outline" mb="xs" onClick={() => setDialog({ revoke: null })}>Revoke all sessions</Button>
          <Table.ScrollContainer minWidth={420}>
            <Table>
              <Table.Thead><Table.Tr><Table.Th>Started</Table.Th><Table.Th>Last seen</Table.Th><Table.Th>Device</Table.Th><Table.Th /></Table.Tr></Table.Thead>
              <Table.Tbody>{d.sessions.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>{new Date(s.createdAt).toLocaleString()}</Table.Td>
                  <Table.Td>{new Date(s.lastSeenAt).toLocaleString()}</Table.Td>
                  <Table.Td><Text size="xs" lineClamp={1}>{s.userAgent ?? '?'} {s.ip ?? ''}</Text></Table.Td>
                  <Table.Td>{s.revokedAt ? <Badge color="gray">ended</Badge> : <Button size="compact-xs" variant="subtle" color="red" onClick={() => setDialog({ revoke: s.id })}>Revoke</Button>}</Table.Td>
                </Table.Tr>
              ))}</Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="sm"><PlayerHistory uuid={uuid} onDone={setDone} /></Tabs.Panel>
        <Tabs.Panel value="purchases" pt="sm"><PlayerPurchases uuid={uuid} onDone={setDone} /></Tabs.Panel>
        <Tabs.Panel value="holds" pt="sm"><PlayerHolds uuid={uuid} onDone={setDone} /></Tabs.Panel>
      </Tabs>

      <ReasonModal opened={dialog === 'grant'} tellsPlayer title={`Grant or remove: ${p.username}`} confirm={grant.direction === 'grant' ? 'Grant' : 'Remove'}
        ready={/^\d+(\.\d{1,2})?$/.test(grant.amount.trim()) && Number(grant.amount) > 0} onClose={() => setDialog(null)}
        onSubmit={async (reason, attempt, playerMessage) => { const r = await grantWrite.mutateAsync({ params: { uuid }, body: { ...grant, reason, playerMessage }, attempt }); setDone(r.message); }}>
        <SegmentedControl value={grant.direction} onChange={(v) => setGrant({ ...grant, direction: v as 'grant' | 'remove' })}
          data={[{ value: 'grant', label: 'Grant (from the mint)' }, { value: 'remove', label: 'Remove (to the mint)' }]} />
        <Select label="What" data={assets} value={grant.asset} onChange={(v) => setGrant({ ...grant, asset: v ?? 'TC' })} allowDeselect={false} searchable />
        <TextInput label={grant.asset === 'TC' ? 'Amount (TC, up to 2 decimals)' : 'Count'} value={grant.amount} onChange={(e) => setGrant({ ...grant, amount: e.currentTarget.value })} inputMode="decimal" />
      </ReasonModal>
      <ReasonModal opened={dialog === 'ban'} danger tellsPlayer title={`Ban ${p.username}`} confirm="Ban" onClose={() => setDialog(null)}
        onSubmit={async (reason, attempt, playerMessage) => { const r = await banWrite.mutateAsync({ params: { uuid }, body: { reason, playerMessage }, attempt }); setDone(`${r.message}; ${r.listingsCancelled} listing(s) and ${r.wagersCancelled} wager(s) cancelled`); }}>
        <Text size="sm">Ends every session at once, refuses sign-in (showing your message to the player, if any), and cancels their listings and open wagers (items and stakes go back to them).</Text>
      </ReasonModal>
      <ReasonModal opened={dialog === 'delete'} danger title={`Delete ${p.username}'s account`} confirm="Delete for good" onClose={() => setDialog(null)}
        onSubmit={async (reason, attempt) => { const r = await deleteWrite.mutateAsync({ params: { uuid }, body: { reason }, attempt }); setDone(r.message); }}>
        <Text size="sm">For a deletion the player asked support for. The same rules as their own: every session ends, listings are cancelled and wagers refunded, then coins and items are forfeited, the clan passes on; names, sign-ins, wallets, settings and messages go. It cannot be undone.</Text>
      </ReasonModal>
      <ReasonModal opened={dialog === 'unban'} title={`Unban ${p.username}`} confirm="Unban" onClose={() => setDialog(null)}
        onSubmit={async (reason, attempt) => { const r = await unbanWrite.mutateAsync({ params: { uuid }, body: { reason }, attempt }); setDone(r.message); }} />
      <ReasonModal opened={typeof dialog === 'object' && dialog !== null} danger title={typeof dialog === 'object' && dialog?.revoke ? 'Revoke this session' : 'Revoke every session'} confirm="Revoke"
        onClose={() => setDialog(null)}
        onSubmit={async (reason, attempt) => {
          const sessionId = typeof dialog === 'object' && dialog?.revoke ? dialog.revoke : undefined;
          const r = await revokeWrite.mutateAsync({ params: { uuid }, body: { reason, ...(sessionId ? { sessionId } : {}) }, attempt });
          setDone(r.message);
        }} />
    </Stack>
  );
}
