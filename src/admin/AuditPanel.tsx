// The admin audit log, newest first (append-only in the database).
import { useState } from 'react';
import { Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { auditLog } from '../../contract/admin';
import { errorText } from '../api/errors';
import { ADMIN_KEY, read } from './api';

export function AuditPanel() {
  const [page, setPage] = useState(1);
  const rows = useQuery({ queryKey: [...ADMIN_KEY, 'audit', page], queryFn: () => read(auditLog, { query: { page, limit: 25 } }), staleTime: 0 });
  if (rows.isError) return <Text c="red">{errorText(rows.error, 'Could not load the audit log')}</Text>;
  if (!rows.data) return <Text>Loading…</Text>;
  return (
    <Stack>
      <Table.ScrollContainer minWidth={560}>
        <Table striped>
          <Table.Thead><Table.Tr><Table.Th>When</Table.Th><Table.Th>Who</Table.Th><Table.Th>What</Table.Th><Table.Th>On</Table.Th><Table.Th>Why</Table.Th></Table.Tr></Table.Thead>
          <Table.Tbody>{rows.data.rows.map((r) => (
            <Table.Tr key={r.id} data-testid="audit-row" data-action={r.action}>
              <Table.Td><Text size="xs">{new Date(r.createdAt).toLocaleString()}</Text></Table.Td>
              <Table.Td>{r.actor}</Table.Td><Table.Td>{r.action}</Table.Td><Table.Td><Text size="xs">{r.target}</Text></Table.Td><Table.Td>{r.reason}</Table.Td>
            </Table.Tr>
          ))}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="center"><Pagination total={Math.max(1, Math.ceil(rows.data.total / 25))} value={page} onChange={setPage} size="sm" /></Group>
    </Stack>
  );
}
