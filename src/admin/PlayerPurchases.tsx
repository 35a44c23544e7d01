// One player's purchases and refunds, what they owe, and the debt forgiven by hand (the mint
// brings their balance back to zero), each with a reason and audited.
import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { forgiveDebt, playerPurchases } from '../../contract/adminPurchases';
import { errorText } from '../api/errors';
import { formatTc } from '../ui/formatTc';
import { ADMIN_KEY, read, useAdminWrite } from './api';
import { PurchasesTable } from './PurchasesTable';
import { ReasonModal } from './ReasonModal';

export function PlayerPurchases({ uuid, onDone }: { uuid: string; onDone(message: string): void }) {
  const data = useQuery({ queryKey: [...ADMIN_KEY, 'player', uuid, 'purchases'], queryFn: () => read(playerPurchases, { params: { uuid } }), staleTime: 0 });
  const [forgiving, setForgiving] = useState(false);
  const write = useAdminWrite(forgiveDebt);
  if (data.isError) return <Text c="red">{errorText(data.error, 'Could not load the purchases')}</Text>;
  if (!data.data) return <Text>Loading…</Text>;
  const { purchases, debt } = data.data;
  return (
    <Stack>
      {debt > 0 ? (
        <Alert color="orange" title="In debt" data-testid="player-debt">
          <Group justify="space-between">
            <Text size="sm">Owes {formatTc(debt)} from refunded purchases: transfers, listings, wagers and the bridge are paused until it is repaid.</Text>
            <Button size="xs" variant="outline" onClick={() => setForgiving(true)}>Forgive the debt…</Button>
          </Group>
        </Alert>
      ) : <Text size="sm" c="dimmed">No debt.</Text>}
      <PurchasesTable purchases={purchases} showPlayer={false} onDone={onDone} />
      <ReasonModal opened={forgiving} title="Forgive a debt" confirm="Forgive" onClose={() => setForgiving(false)}
        onSubmit={async (reason, attempt) => { const r = await write.mutateAsync({ params: { uuid }, body: { reason }, attempt }); onDone(r.message); }}>
        <Text size="sm">The mint gives {formatTc(debt)} so the balance is back at zero; the purchase stays reversed.</Text>
      </ReasonModal>
    </Stack>
  );
}
