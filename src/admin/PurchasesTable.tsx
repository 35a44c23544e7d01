// Purchases as a table (the Purchases tab and a player's page): host, player, pack, status,
// consume state; an admin reverses one by hand with a reason (a refund the provider never
// reported): its coins are taken back and what was spent becomes the player's debt.
import { useState } from 'react';
import { Badge, Button, Table, Text } from '@mantine/core';
import { reversePurchaseByHand, type AdminPurchase } from '../../contract/adminPurchases';
import { formatTc } from '../ui/formatTc';
import { useAdminWrite } from './api';
import { ReasonModal } from './ReasonModal';

function consumeState(p: AdminPurchase): string {
  if (!p.needsConsume) return 'not needed';
  if (p.consumedAt) return `consumed ${new Date(p.consumedAt).toLocaleString()}`;
  return p.consumeAttempts ? `pending (${p.consumeAttempts} failed: ${p.consumeError ?? '?'})` : 'pending';
}

export function PurchasesTable({ purchases, showPlayer = true, onDone }: { purchases: AdminPurchase[]; showPlayer?: boolean; onDone?(message: string): void }) {
  const [reverse, setReverse] = useState<AdminPurchase | null>(null);
  const write = useAdminWrite(reversePurchaseByHand);
  if (!purchases.length) return <Text c="dimmed" size="sm">No purchases.</Text>;
  return (
    <>
      <Table.ScrollContainer minWidth={640}>
        <Table striped data-testid="purchases-table">
          <Table.Thead><Table.Tr>
            <Table.Th>When</Table.Th><Table.Th>Host</Table.Th>{showPlayer && <Table.Th>Player</Table.Th>}<Table.Th>Pack</Table.Th>
            <Table.Th>Status</Table.Th><Table.Th>Consume</Table.Th><Table.Th>Provider id</Table.Th><Table.Th />
          </Table.Tr></Table.Thead>
          <Table.Tbody>{purchases.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td><Text size="xs">{new Date(p.createdAt).toLocaleString()}</Text></Table.Td>
              <Table.Td>{p.host}{p.testMode && <Badge ml={4} size="xs" color="gray">test</Badge>}</Table.Td>
              {showPlayer && <Table.Td>{p.username}</Table.Td>}
              <Table.Td>{p.productId} ({formatTc(p.tripcoins)})</Table.Td>
              <Table.Td>{p.status === 'granted' ? <Badge color="green">granted</Badge>
                : <><Badge color="red">reversed</Badge><Text size="xs">{p.reversalReason}{p.reversalDebt > 0 ? `, left ${formatTc(p.reversalDebt)} owed` : ''}</Text></>}</Table.Td>
              <Table.Td><Text size="xs">{consumeState(p)}</Text></Table.Td>
              <Table.Td><Text size="xs" ff="monospace" lineClamp={1}>{p.providerPurchaseId}</Text></Table.Td>
              <Table.Td>{p.status === 'granted' && <Button size="compact-xs" color="red" variant="subtle" onClick={() => setReverse(p)}>Reverse…</Button>}</Table.Td>
            </Table.Tr>
          ))}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ReasonModal opened={reverse !== null} danger title="Reverse a purchase" confirm="Reverse the purchase" onClose={() => setReverse(null)}
        onSubmit={async (reason, attempt) => {
          const r = await write.mutateAsync({ params: { id: reverse?.id ?? '' }, body: { reason }, attempt });
          onDone?.(r.message);
        }}>
        {reverse && <Text size="sm">{reverse.productId} ({formatTc(reverse.tripcoins)}) bought by {reverse.username} on {reverse.host}. The coins are taken back; what the player already spent becomes a debt that pauses their transfers, listings, wagers and the bridge until repaid. Use it for a refund the provider never reported.</Text>}
      </ReasonModal>
    </>
  );
}
