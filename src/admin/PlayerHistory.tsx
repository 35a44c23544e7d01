// A player's ledger rows, newest first, paged; each posting can be reversed (in full, or the
// part the server offers), after a look at what the reversal would do.
import { useState } from 'react';
import { Alert, Badge, Button, Group, Pagination, Radio, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { playerLedger, reversalPlan, reversePosting } from '../../contract/admin';
import { errorText } from '../api/errors';
import { ADMIN_KEY, read, useAdminWrite } from './api';
import { ReasonModal } from './ReasonModal';

const PAGE = 20;

export function PlayerHistory({ uuid, onDone }: { uuid: string; onDone(message: string): void }) {
  const [page, setPage] = useState(1);
  const [txId, setTxId] = useState<string | null>(null);
  const ledger = useQuery({ queryKey: [...ADMIN_KEY, 'ledger', uuid, page], queryFn: () => read(playerLedger, { params: { uuid }, query: { page, limit: PAGE } }), staleTime: 0 });
  if (ledger.isError) return <Text c="red">{errorText(ledger.error, 'Could not load the history')}</Text>;
  if (!ledger.data) return <Text>Loading…</Text>;
  const pages = Math.max(1, Math.ceil(ledger.data.total / PAGE));
  return (
    <Stack>
      <Table.ScrollContainer minWidth={560}>
        <Table striped>
          <Table.Thead><Table.Tr><Table.Th>When</Table.Th><Table.Th>Why</Table.Th><Table.Th>Amount</Table.Th><Table.Th>With</Table.Th><Table.Th /></Table.Tr></Table.Thead>
          <Table.Tbody>{ledger.data.rows.map((r) => (
            <Table.Tr key={r.id} data-testid="ledger-row" data-reason={r.reason}>
              <Table.Td><Text size="xs">{new Date(r.createdAt).toLocaleString()}</Text></Table.Td>
              <Table.Td>{r.reason}{r.reverses && <Badge ml={4} size="xs">reversal</Badge>}</Table.Td>
              <Table.Td c={r.amount < 0 ? 'red.5' : 'green.5'}>{r.amount > 0 ? '+' : ''}{r.amount} {r.assetName}</Table.Td>
              <Table.Td><Text size="xs">{r.counterpartyName ?? r.counterparty}</Text></Table.Td>
              <Table.Td>{r.reversedBy ? <Badge color="gray" size="xs">reversed</Badge> : !r.reverses && <Button size="compact-xs" variant="subtle" onClick={() => setTxId(r.txId)}>Reverse…</Button>}</Table.Td>
            </Table.Tr>
          ))}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {ledger.data.rows.length === 0 && <Text c="dimmed" size="sm">No postings.</Text>}
      <Group justify="center"><Pagination total={pages} value={page} onChange={setPage} size="sm" /></Group>
      <ReverseDialog txId={txId} onClose={() => setTxId(null)} onDone={onDone} />
    </Stack>
  );
}

function ReverseDialog({ txId, onClose, onDone }: { txId: string | null; onClose(): void; onDone(message: string): void }) {
  const plan = useQuery({ queryKey: [...ADMIN_KEY, 'plan', txId], queryFn: () => read(reversalPlan, { params: { txId: txId ?? '' } }), enabled: txId !== null, staleTime: 0 });
  const [mode, setMode] = useState<'full' | 'partial'>('full');
  const write = useAdminWrite(reversePosting);
  const p = plan.data;
  const canFull = p ? p.fullRefusal === null : false;
  const partial = mode === 'partial' || (!canFull && p?.partial != null);
  return (
    <ReasonModal opened={txId !== null} title="Reverse a posting" confirm={partial ? 'Reverse in part' : 'Reverse'} danger tellsPlayer
      ready={Boolean(p && (canFull || p.partial))} onClose={() => { setMode('full'); onClose(); }}
      onSubmit={async (reason, attempt, playerMessage) => {
        const r = await write.mutateAsync({ params: { txId: txId ?? '' }, body: { reason, playerMessage, partial }, attempt });
        onDone(r.message);
      }}>
      {plan.isError && <Alert color="red">{errorText(plan.error, 'Could not load the posting')}</Alert>}
      {p && (
        <Stack gap="xs">
          <Text size="sm">{p.reason}, {new Date(p.createdAt).toLocaleString()}</Text>
          {p.legs.map((l, i) => <Text key={i} size="sm">{l.amount} {l.assetName}: {l.from} → {l.to}</Text>)}
          <Text size="sm" c="dimmed">A reversal adds new ledger rows moving the same amounts back; nothing is edited.</Text>
          {p.fullRefusal && <Alert color="orange" title={p.partial ? 'Cannot reverse in full' : 'Cannot reverse'}>{p.fullRefusal}</Alert>}
          {p.partial && (
            <Radio.Group value={canFull ? mode : 'partial'} onChange={(v) => setMode(v as 'full' | 'partial')} label="How much">
              <Stack gap={4} mt={4}>
                <Radio value="full" label="All of it" disabled={!canFull} />
                <Radio value="partial" label={`${p.partial.units} of ${p.partial.of} units (what can still be taken back)`} />
              </Stack>
            </Radio.Group>
          )}
        </Stack>
      )}
    </ReasonModal>
  );
}
