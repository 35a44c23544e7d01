// Who hit the trading holds and limits lately: players by number of refusals, with the rules.
import { useState } from 'react';
import { Anchor, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { limitHitsReport } from '../../contract/adminHolds';
import { errorText } from '../api/errors';
import { ADMIN_KEY, read } from './api';
import { ruleLabel } from './PlayerHolds';

export function LimitsPanel({ onOpenPlayer }: { onOpenPlayer?(uuid: string): void }) {
  const [days, setDays] = useState('7');
  const data = useQuery({ queryKey: [...ADMIN_KEY, 'limit-hits', days], queryFn: () => read(limitHitsReport, { query: { days } }), staleTime: 0 });
  return (
    <Stack>
      <Text size="sm">Players refused by a hold or a limit (gifts, listings, the bridge, purchases of listings outside the price band, the daily caps).</Text>
      <SegmentedControl value={days} onChange={setDays} data={[{ value: '1', label: '24 h' }, { value: '7', label: '7 days' }, { value: '30', label: '30 days' }]} w="fit-content" />
      {data.isError && <Text c="red">{errorText(data.error, 'Could not load the report')}</Text>}
      {data.data && (data.data.players.length === 0 ? <Text c="dimmed" size="sm">Nobody.</Text> : (
        <Table.ScrollContainer minWidth={480}>
          <Table data-testid="limit-hits">
            <Table.Thead><Table.Tr><Table.Th>Player</Table.Th><Table.Th>Refusals</Table.Th><Table.Th>Rules</Table.Th><Table.Th>Last</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>{data.data.players.map((p) => (
              <Table.Tr key={p.uuid}>
                <Table.Td>{onOpenPlayer ? <Anchor component="button" onClick={() => onOpenPlayer(p.uuid)}>{p.username}</Anchor> : p.username}</Table.Td>
                <Table.Td>{p.hits}</Table.Td>
                <Table.Td><Text size="xs">{Object.entries(p.rules).map(([rule, n]) => `${ruleLabel(rule)} ×${n}`).join(', ')}</Text></Table.Td>
                <Table.Td>{new Date(p.lastAt).toLocaleString()}</Table.Td>
              </Table.Tr>
            ))}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ))}
    </Stack>
  );
}
