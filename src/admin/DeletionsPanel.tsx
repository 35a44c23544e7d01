// Deleted accounts, newest first: when, how (the player themselves, Discord's deauthorization, or
// the console) and by which admin, with what the rules settled. Never the deleted data: the
// account shows under its pseudonym, the one its ledger postings stay under.
import { useState } from 'react';
import { Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { listDeletions, type AdminDeletion } from '../../contract/rights';
import { errorText } from '../api/errors';
import { ADMIN_KEY, read } from './api';

const HOW: Record<AdminDeletion['how'], { label: string; color: string }> = {
  self: { label: 'by the player', color: 'dimmed' },
  discordDeauthorized: { label: 'Discord deauthorized', color: 'indigo.3' },
  console: { label: 'console', color: 'red.4' },
};
const CLAN: Record<AdminDeletion['settled']['clan'], string> = { none: '—', left: 'left', handedOver: 'handed over', disbanded: 'disbanded' };
const PAGE = 25;

export function DeletionsPanel() {
  const [page, setPage] = useState(1);
  const rows = useQuery({ queryKey: [...ADMIN_KEY, 'deletions', page], queryFn: () => read(listDeletions, { query: { page, limit: PAGE } }), staleTime: 0 });
  if (rows.isError) return <Text c="red">{errorText(rows.error, 'Could not load the deletions')}</Text>;
  if (!rows.data) return <Text>Loading…</Text>;
  return (
    <Stack>
      <Text size="sm" c="dimmed">Deleted accounts keep only a pseudonymous row for the ledger; their names, sign-ins, wallets, settings and messages are gone.</Text>
      {rows.data.rows.length === 0 ? <Text>No account has been deleted.</Text> : (
        <Table.ScrollContainer minWidth={620}>
          <Table striped>
            <Table.Thead><Table.Tr><Table.Th>When</Table.Th><Table.Th>How</Table.Th><Table.Th>By</Table.Th><Table.Th>Account now</Table.Th><Table.Th>Listings</Table.Th><Table.Th>Wagers</Table.Th><Table.Th>Clan</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>{rows.data.rows.map((d) => (
              <Table.Tr key={d.uuid} data-testid="deletion-row" data-how={d.how}>
                <Table.Td><Text size="xs">{new Date(d.deletedAt).toLocaleString()}</Text></Table.Td>
                <Table.Td><Text size="sm" c={HOW[d.how].color} style={{ whiteSpace: 'nowrap' }}>{HOW[d.how].label}</Text></Table.Td>
                <Table.Td>{d.by ?? '—'}</Table.Td>
                <Table.Td><Text size="xs" ff="monospace">{d.pseudonym}</Text></Table.Td>
                <Table.Td>{d.settled.listingsCancelled}</Table.Td>
                <Table.Td>{d.settled.wagersRefunded}</Table.Td>
                <Table.Td>{CLAN[d.settled.clan]}</Table.Td>
              </Table.Tr>
            ))}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group justify="center"><Pagination total={Math.max(1, Math.ceil(rows.data.total / PAGE))} value={page} onChange={setPage} size="sm" /></Group>
    </Stack>
  );
}
