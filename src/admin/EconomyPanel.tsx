// The economy at a glance, and the conservation check on demand with its result.
import { useState } from 'react';
import { Alert, Button, Card, Group, List, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { conservationCheck, economyOverview } from '../../contract/admin';
import { errorText } from '../api/errors';
import { formatTc } from '../ui/formatTc';
import { ADMIN_KEY, read } from './api';

export function EconomyPanel() {
  const overview = useQuery({ queryKey: [...ADMIN_KEY, 'economy'], queryFn: () => read(economyOverview, { query: { days: 14 } }), staleTime: 0 });
  const [check, setCheck] = useState<{ ok: boolean; violations: string[]; checkedAt: string; ms: number } | null>(null);
  const [checking, setChecking] = useState(false);
  const [checkError, setCheckError] = useState<string | null>(null);
  const run = async () => {
    setChecking(true);
    setCheckError(null);
    try { setCheck(await read(conservationCheck)); } catch (e) { setCheckError(errorText(e, 'The check failed')); } finally { setChecking(false); }
  };
  if (overview.isError) return <Text c="red">{errorText(overview.error, 'Could not load the overview')}</Text>;
  const o = overview.data;
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder>
          <Text size="sm" c="dimmed">Coins in circulation (players and escrows)</Text>
          <Text fz="xl" fw={700} data-testid="circulation">{o ? `${formatTc(o.circulation)}` : '…'}</Text>
        </Card>
        <Card withBorder>
          <Group justify="space-between"><Text size="sm" c="dimmed">Conservation check</Text>
            <Button size="xs" loading={checking} onClick={() => void run()}>Run conservation check</Button></Group>
          {checkError && <Text c="red">{checkError}</Text>}
          {check && (check.ok
            ? <Alert color="green" mt="xs" role="status">Balanced: every balance matches the ledger and everything sums to zero ({check.ms} ms, {new Date(check.checkedAt).toLocaleTimeString()}).</Alert>
            : <Alert color="red" mt="xs" role="alert" title={`${check.violations.length} violation(s)`}><List size="sm">{check.violations.map((v) => <List.Item key={v}>{v}</List.Item>)}</List></Alert>)}
        </Card>
      </SimpleGrid>
      <Title order={2} size="h5">Per day (UTC)</Title>
      <Table.ScrollContainer minWidth={420}>
        <Table striped>
          <Table.Thead><Table.Tr><Table.Th>Day</Table.Th><Table.Th>Minted</Table.Th><Table.Th>Sunk</Table.Th><Table.Th>Sales</Table.Th><Table.Th>Volume</Table.Th></Table.Tr></Table.Thead>
          <Table.Tbody>{(o?.days ?? []).map((d) => (
            <Table.Tr key={d.day}><Table.Td>{d.day}</Table.Td><Table.Td>{formatTc(d.minted)}</Table.Td><Table.Td>{formatTc(d.sunk)}</Table.Td><Table.Td>{d.sales}</Table.Td><Table.Td>{formatTc(d.volume)}</Table.Td></Table.Tr>
          ))}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Title order={2} size="h5">Top holders</Title>
      <Table>
        <Table.Tbody>{(o?.topHolders ?? []).map((h, i) => <Table.Tr key={h.uuid}><Table.Td w={30}>{i + 1}</Table.Td><Table.Td>{h.username}</Table.Td><Table.Td>{formatTc(h.coins)}</Table.Td></Table.Tr>)}</Table.Tbody>
      </Table>
    </Stack>
  );
}
