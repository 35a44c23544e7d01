// One player's holds and limits: each hold in force with its reason and end (a credential hold can
// be released early: a reason, the password step-up, an audit entry), the credential holds of the
// last 90 days, their recent refusals, and the value moved with each other player today.
import { useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { playerHolds, releaseHold } from '../../contract/adminHolds';
import type { TradeHold } from '../../contract/trade';
import { errorText } from '../api/errors';
import { formatTc } from '../ui/formatTc';
import { ADMIN_KEY, read, useAdminWrite } from './api';
import { ReasonModal } from './ReasonModal';

export const HOLD_REASON_LABELS: Record<string, string> = {
  passwordChanged: 'Password changed', signInLinked: 'Sign-in method linked', signInRemoved: 'Sign-in method removed',
  newAccount: 'New account', purchase: 'TripCoins bought (refund window)',
};
const RULE_LABELS: Record<string, string> = {
  pairDaily: 'Daily cap between two players', outsideBandDaily: 'Daily listings outside the price band',
  ...Object.fromEntries(Object.entries(HOLD_REASON_LABELS).map(([k, v]) => [`hold:${k}`, `Hold: ${v}`])),
};
export const ruleLabel = (rule: string) => RULE_LABELS[rule] ?? rule;
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

export function PlayerHolds({ uuid, onDone }: { uuid: string; onDone(message: string): void }) {
  const data = useQuery({ queryKey: [...ADMIN_KEY, 'player', uuid, 'holds'], queryFn: () => read(playerHolds, { params: { uuid } }), staleTime: 0 });
  const [releasing, setReleasing] = useState<TradeHold | null>(null);
  const write = useAdminWrite(releaseHold);
  if (data.isError) return <Text c="red">{errorText(data.error, 'Could not load the holds')}</Text>;
  if (!data.data) return <Text>Loading…</Text>;
  const { holds, past, hits, pairsToday, limits } = data.data;
  return (
    <Stack>
      {holds.length === 0 ? <Text size="sm" c="dimmed" data-testid="no-holds">No hold in force: this player may give, list and bridge.</Text> : (
        <Stack gap="xs" data-testid="holds-in-force">
          {holds.map((h) => (
            <Alert key={`${h.reason}-${h.id ?? h.until}`} color="yellow" variant="light" p="xs">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={2}>
                  <Text size="sm" fw={600}>{HOLD_REASON_LABELS[h.reason] ?? h.reason}</Text>
                  <Text size="xs">Holds {h.actions.join(', ')} until {when(h.until)}</Text>
                </Stack>
                {h.id ? <Button size="xs" variant="outline" onClick={() => setReleasing(h)}>Release early…</Button>
                  : <Badge variant="light" color="gray">ends by itself</Badge>}
              </Group>
            </Alert>
          ))}
        </Stack>
      )}
      <Text size="xs" c="dimmed">
        Limits in force: credential hold {limits.tradeHoldHours} h, new account {limits.newAccountHoldHours} h, bought TripCoins{' '}
        {Object.entries(limits.purchaseHoldHours).map(([host, hours]) => `${host} ${hours} h`).join(', ')}; per pair a day {formatTc(limits.pairCapTc)} and {limits.pairCapItems} items;
        {' '}{limits.outsideBandPerDay} listings a day outside ±{limits.bandPercent}% of recent sales; sale fee {limits.saleFeePercent}%.
      </Text>
      <Title order={3} size="h6">Refusals (30 days)</Title>
      {hits.length === 0 ? <Text size="sm" c="dimmed">None.</Text> : (
        <Table.ScrollContainer minWidth={360}>
          <Table><Table.Thead><Table.Tr><Table.Th>When</Table.Th><Table.Th>Rule</Table.Th><Table.Th>Action</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>{hits.map((h, i) => <Table.Tr key={i}><Table.Td>{when(h.at)}</Table.Td><Table.Td>{ruleLabel(h.rule)}</Table.Td><Table.Td>{h.action}</Table.Td></Table.Tr>)}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Title order={3} size="h6">Moved with other players today (UTC)</Title>
      {pairsToday.length === 0 ? <Text size="sm" c="dimmed">Nothing.</Text> : (
        <Table><Table.Thead><Table.Tr><Table.Th>Player</Table.Th><Table.Th>TripCoins</Table.Th><Table.Th>Items</Table.Th></Table.Tr></Table.Thead>
          <Table.Tbody>{pairsToday.map((p) => <Table.Tr key={p.username}><Table.Td>{p.username}</Table.Td><Table.Td>{formatTc(p.coins)}</Table.Td><Table.Td>{p.items}</Table.Td></Table.Tr>)}</Table.Tbody>
        </Table>
      )}
      <Title order={3} size="h6">Credential holds (90 days)</Title>
      {past.length === 0 ? <Text size="sm" c="dimmed">None.</Text> : (
        <Table.ScrollContainer minWidth={520}>
          <Table><Table.Thead><Table.Tr><Table.Th>Why</Table.Th><Table.Th>From</Table.Th><Table.Th>Until</Table.Th><Table.Th>Released</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>{past.map((h) => (
              <Table.Tr key={h.id}>
                <Table.Td>{HOLD_REASON_LABELS[h.reason] ?? h.reason}</Table.Td><Table.Td>{when(h.createdAt)}</Table.Td><Table.Td>{when(h.endsAt)}</Table.Td>
                <Table.Td>{h.releasedAt ? `${when(h.releasedAt)} by ${h.releasedBy ?? '?'}: ${h.releaseReason ?? ''}` : '—'}</Table.Td>
              </Table.Tr>
            ))}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ReasonModal opened={releasing !== null} title="Release a hold early" confirm="Release" onClose={() => setReleasing(null)}
        onSubmit={async (reason, attempt) => {
          if (!releasing?.id) return;
          const r = await write.mutateAsync({ params: { uuid, holdId: releasing.id }, body: { reason }, attempt });
          onDone(r.message);
        }}>
        <Text size="sm">
          {releasing ? `${HOLD_REASON_LABELS[releasing.reason] ?? releasing.reason}, until ${when(releasing.until)}.` : ''} Release it only once
          the account's owner is known to have made the change (a support ticket from the verified address): the hold is
          what keeps a thief who took over the account from giving its value away.
        </Text>
      </ReasonModal>
    </Stack>
  );
}
