// Find a player by name, uuid, Discord id or portal id, then their page.
import { useState } from 'react';
import { Badge, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { findPlayers } from '../../contract/admin';
import { errorText } from '../api/errors';
import { ADMIN_KEY, read } from './api';
import { PlayerPage } from './PlayerPage';

export function PlayersPanel() {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const found = useQuery({ queryKey: [...ADMIN_KEY, 'find', q], queryFn: () => read(findPlayers, { query: { q } }), enabled: q.length > 0, staleTime: 0 });
  if (selected) return <PlayerPage uuid={selected} onBack={() => setSelected(null)} />;
  return (
    <Stack>
      <form onSubmit={(e) => { e.preventDefault(); setQ(text.trim()); }}>
        <Group align="flex-end" wrap="nowrap">
          <TextInput style={{ flex: 1 }} label="Find a player" placeholder="Name, uuid, Discord id or portal id" value={text} onChange={(e) => setText(e.currentTarget.value)} />
          <Button type="submit" disabled={!text.trim()}>Search</Button>
        </Group>
      </form>
      {found.isError && <Text c="red">{errorText(found.error, 'Search failed')}</Text>}
      {found.data && (found.data.players.length === 0 ? <Text c="dimmed">No player matches.</Text> : (
        <Table.ScrollContainer minWidth={360}>
          <Table highlightOnHover>
            <Table.Thead><Table.Tr><Table.Th>Name</Table.Th><Table.Th>Uuid</Table.Th><Table.Th>Status</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {found.data.players.map((p) => (
                <Table.Tr key={p.uuid} style={{ cursor: 'pointer' }} onClick={() => setSelected(p.uuid)}>
                  <Table.Td><Button variant="subtle" size="compact-sm" onClick={() => setSelected(p.uuid)}>{p.username}</Button></Table.Td>
                  <Table.Td><Text size="xs" ff="monospace">{p.uuid}</Text></Table.Td>
                  <Table.Td>{p.bannedAt ? <Badge color="red">banned</Badge> : p.isAdmin ? <Badge>admin</Badge> : null}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ))}
    </Stack>
  );
}
