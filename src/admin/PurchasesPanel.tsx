// Real-money purchases at a glance: per host (granted, reversed, net TripCoins sold, consumes
// still pending, refunds that came before their grant, the provider's last answer and what the
// reconcile found), the purchases stuck between paid and granted, what was sold per day, the
// players in debt, and the latest purchases (filter by host).
import { useState } from 'react';
import { Anchor, Badge, Card, Group, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import { listPurchases, purchasesOverview, STUCK_PURCHASE_MINUTES, type PurchasesOverview } from '../../contract/adminPurchases';
import { PURCHASE_HOSTS, type PurchaseHost } from '../../contract/purchases';
import { errorText } from '../api/errors';
import { formatTc } from '../ui/formatTc';
import { ADMIN_KEY, read } from './api';
import { PurchasesTable } from './PurchasesTable';

type PurchasesOverviewAnswer = z.infer<typeof PurchasesOverview>;

function ProviderBadge({ provider }: { provider: PurchasesOverviewAnswer['providers'][number] }) {
  if (!provider.configured) return <Badge color="gray" variant="light">not configured</Badge>;
  if (provider.lastAnswer === null) return <Badge color="blue" variant="light">not asked yet</Badge>;
  const at = provider.lastAt ? ` ${provider.lastAt.slice(11, 16)} UTC` : '';
  return <Badge color={provider.lastAnswer === 'ok' ? 'green' : 'red'} variant="light">{provider.lastAnswer === 'ok' ? `answering${at}` : `failing${at}`}</Badge>;
}

export function PurchasesPanel({ onPlayer }: { onPlayer?(uuid: string): void }) {
  const [host, setHost] = useState<'all' | PurchaseHost>('all');
  const overview = useQuery({ queryKey: [...ADMIN_KEY, 'purchases', 'overview'], queryFn: () => read(purchasesOverview, { query: { days: 14 } }), staleTime: 0 });
  const latest = useQuery({
    queryKey: [...ADMIN_KEY, 'purchases', host],
    queryFn: () => read(listPurchases, { query: { limit: 50, ...(host === 'all' ? {} : { host }) } }), staleTime: 0,
  });
  if (overview.isError) return <Text c="red">{errorText(overview.error, 'Could not load the purchases')}</Text>;
  const o = overview.data;
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {PURCHASE_HOSTS.map((h) => {
          const row = o?.hosts.find((x) => x.host === h);
          const provider = o?.providers.find((x) => x.host === h);
          return (
            <Card withBorder key={h} data-testid={`purchases-host-${h}`}>
              <Group justify="space-between" gap="xs">
                <Text size="sm" c="dimmed">{h}</Text>
                {provider && <ProviderBadge provider={provider} />}
              </Group>
              <Text fw={700}>{row ? `${row.granted} purchase(s), ${row.reversed} reversed` : 'No purchases'}</Text>
              {row && <Text size="sm">Net sold: {formatTc(row.netTripcoins)}; consumes pending: {row.awaitingConsume}; refunds before grant: {row.refundsBeforeGrant}</Text>}
              {provider?.configured && <Text size="sm" c="dimmed">Found by the reconcile: {provider.reconcileGranted} grant(s), {provider.reconcileReversed} reversal(s)</Text>}
            </Card>
          );
        })}
      </SimpleGrid>
      <Title order={2} size="h5">Stuck between paid and granted</Title>
      {o && o.stuck.length === 0 ? <Text c="dimmed" size="sm">No paid purchase has waited more than {STUCK_PURCHASE_MINUTES} minutes for its grant.</Text> : (
        <Table.ScrollContainer minWidth={420}>
          <Table data-testid="purchases-stuck">
            <Table.Thead><Table.Tr><Table.Th>Host</Table.Th><Table.Th>Provider's id</Table.Th><Table.Th>Paid at</Table.Th><Table.Th>Tries</Table.Th><Table.Th>Why not granted</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>{(o?.stuck ?? []).map((x) => (
              <Table.Tr key={`${x.host}-${x.providerPurchaseId}`}>
                <Table.Td>{x.host}</Table.Td><Table.Td style={{ wordBreak: 'break-all' }}>{x.providerPurchaseId}</Table.Td>
                <Table.Td>{new Date(x.seenAt).toISOString().slice(0, 16).replace('T', ' ')} UTC</Table.Td><Table.Td>{x.attempts}</Table.Td>
                <Table.Td>{x.lastError ?? 'Not tried yet'}</Table.Td>
              </Table.Tr>
            ))}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Title order={2} size="h5">Revenue per day (UTC)</Title>
      <Table.ScrollContainer minWidth={420}>
        <Table striped data-testid="purchases-per-day">
          <Table.Thead><Table.Tr><Table.Th>Day</Table.Th><Table.Th>Host</Table.Th><Table.Th>Purchases</Table.Th><Table.Th>TripCoins sold</Table.Th><Table.Th>Reversals</Table.Th><Table.Th>TripCoins taken back</Table.Th></Table.Tr></Table.Thead>
          <Table.Tbody>{(o?.days ?? []).map((d) => (
            <Table.Tr key={`${d.day}-${d.host}`}><Table.Td>{d.day}</Table.Td><Table.Td>{d.host}</Table.Td><Table.Td>{d.purchases}</Table.Td><Table.Td>{formatTc(d.tripcoins)}</Table.Td><Table.Td>{d.reversals}</Table.Td><Table.Td>{formatTc(d.reversedTripcoins)}</Table.Td></Table.Tr>
          ))}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {o && o.days.length === 0 && <Text c="dimmed" size="sm">Nothing sold in the last 14 days.</Text>}
      <Title order={2} size="h5">Players in debt</Title>
      {o && o.debts.length === 0 ? <Text c="dimmed" size="sm">No player owes anything.</Text> : (
        <Table data-testid="purchases-debts">
          <Table.Tbody>{(o?.debts ?? []).map((d) => (
            <Table.Tr key={d.uuid}>
              <Table.Td>{onPlayer ? <Anchor component="button" onClick={() => onPlayer(d.uuid)}>{d.username}</Anchor> : d.username}</Table.Td>
              <Table.Td>{formatTc(d.debt)} owed</Table.Td>
            </Table.Tr>
          ))}</Table.Tbody>
        </Table>
      )}
      <Title order={2} size="h5">Latest purchases</Title>
      <SegmentedControl value={host} onChange={(v) => setHost(v as 'all' | PurchaseHost)} data={[{ value: 'all', label: 'All hosts' }, ...PURCHASE_HOSTS.map((h) => ({ value: h, label: h }))]} />
      {latest.isError ? <Text c="red">{errorText(latest.error, 'Could not load the purchases')}</Text>
        : latest.data ? <PurchasesTable purchases={latest.data.purchases} /> : <Text>Loading…</Text>}
    </Stack>
  );
}
