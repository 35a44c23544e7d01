// Active listings, newest first; an admin cancels one with a reason (the items go back to the
// seller, who is told).
import { useState } from 'react';
import { Button, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { cancelListing, listListings, type AdminListing } from '../../contract/admin';
import { errorText } from '../api/errors';
import { formatTc } from '../ui/formatTc';
import { ADMIN_KEY, read, useAdminWrite } from './api';
import { ReasonModal } from './ReasonModal';

export function ListingsTable({ listings }: { listings: Array<z.infer<typeof AdminListing>> }) {
  const [cancel, setCancel] = useState<z.infer<typeof AdminListing> | null>(null);
  const write = useAdminWrite(cancelListing);
  if (!listings.length) return <Text c="dimmed" size="sm">No active listings.</Text>;
  return (
    <>
      <Table.ScrollContainer minWidth={480}>
        <Table>
          <Table.Thead><Table.Tr><Table.Th>Item</Table.Th><Table.Th>Seller</Table.Th><Table.Th>Price</Table.Th><Table.Th>Listed</Table.Th><Table.Th /></Table.Tr></Table.Thead>
          <Table.Tbody>{listings.map((l) => (
            <Table.Tr key={l.id}>
              <Table.Td>{l.quantity} × {l.itemName}</Table.Td>
              <Table.Td>{l.sellerName}</Table.Td>
              <Table.Td>{formatTc(l.price)}</Table.Td>
              <Table.Td><Text size="xs">{new Date(l.createdAt).toLocaleString()}</Text></Table.Td>
              <Table.Td><Button size="compact-xs" color="red" variant="subtle" onClick={() => setCancel(l)}>Cancel…</Button></Table.Td>
            </Table.Tr>
          ))}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ReasonModal opened={cancel !== null} danger tellsPlayer title="Cancel a listing" confirm="Cancel the listing" onClose={() => setCancel(null)}
        onSubmit={(reason, attempt, playerMessage) => write.mutateAsync({ params: { id: cancel?.id ?? '' }, body: { reason, playerMessage }, attempt })}>
        {cancel && <Text size="sm">{cancel.quantity} × {cancel.itemName} by {cancel.sellerName} for {formatTc(cancel.price)}. The items go back to the seller.</Text>}
      </ReasonModal>
    </>
  );
}

export function ListingsPanel() {
  const listings = useQuery({ queryKey: [...ADMIN_KEY, 'listings'], queryFn: () => read(listListings, { query: { limit: 100 } }), staleTime: 0 });
  if (listings.isError) return <Text c="red">{errorText(listings.error, 'Could not load the listings')}</Text>;
  return <Stack>{listings.data ? <ListingsTable listings={listings.data.listings} /> : <Text>Loading…</Text>}</Stack>;
}
