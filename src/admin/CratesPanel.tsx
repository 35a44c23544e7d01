// Crate shops: supply (the admin command's job) and the drop table, whose odds must add up to
// exactly 100% (the editor refuses to send anything else; the server refuses it too).
import { useState } from 'react';
import { Alert, Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { crateShops, percentToBasis, setDrops, setSupply, type AdminCrateShop } from '../../contract/admin';
import { errorText } from '../api/errors';
import { catalogueQuery } from '../api/catalogue';
import { ADMIN_KEY, read, useAdminWrite } from './api';
import { ReasonModal } from './ReasonModal';

type Shop = z.infer<typeof AdminCrateShop>;

export function CratesPanel() {
  const shops = useQuery({ queryKey: [...ADMIN_KEY, 'crates'], queryFn: () => read(crateShops), staleTime: 0 });
  if (shops.isError) return <Text c="red">{errorText(shops.error, 'Could not load the shops')}</Text>;
  if (!shops.data) return <Text>Loading…</Text>;
  return <SimpleGrid cols={{ base: 1, md: 2 }}>{shops.data.shops.map((s) => <ShopCard key={s.crateVersionId} shop={s} />)}</SimpleGrid>;
}

function ShopCard({ shop }: { shop: Shop }) {
  const [supply, setSupplyValue] = useState<number | string>(shop.totalSupply);
  const [asking, setAsking] = useState<null | 'supply' | 'drops'>(null);
  const [drops, setDropsValue] = useState(shop.drops.map((d) => ({ itemUuid: d.itemUuid, percent: d.percent as number | string })));
  const [done, setDone] = useState<string | null>(null);
  const supplyWrite = useAdminWrite(setSupply);
  const dropsWrite = useAdminWrite(setDrops);
  const catalogue = useQuery(catalogueQuery);
  const items = (catalogue.data?.items ?? []).map((i) => ({ value: i.uuid, label: i.name }));
  const basis = drops.reduce((s, d) => s + percentToBasis(Number(d.percent) || 0), 0);
  const valid = basis === 10_000 && drops.every((d) => Number(d.percent) > 0) && new Set(drops.map((d) => d.itemUuid)).size === drops.length;
  const version = String(shop.crateVersionId);
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h5">{shop.name}</Title>
        <Text size="sm">Supply {shop.totalSupply}: sold {shop.sold}, remaining {shop.remaining}</Text>
        <Group align="flex-end" wrap="nowrap">
          <NumberInput label="Total supply" min={0} max={1_000_000_000} allowDecimal={false} value={supply} onChange={setSupplyValue} style={{ flex: 1 }} />
          <Button onClick={() => setAsking('supply')} disabled={supply === shop.totalSupply || supply === ''}>Set supply</Button>
        </Group>
        {done && <Alert color="green" withCloseButton onClose={() => setDone(null)}>{done}</Alert>}
        <Text fw={600} size="sm">Drop table ({shop.dropsFrom === 'console' ? 'set in the console' : 'from the file'})</Text>
        <Table>
          <Table.Tbody>{drops.map((d, i) => (
            <Table.Tr key={i}>
              <Table.Td><Select aria-label="Item" data={items} value={d.itemUuid} searchable allowDeselect={false}
                onChange={(v) => setDropsValue(drops.map((x, j) => (j === i ? { ...x, itemUuid: v ?? x.itemUuid } : x)))} /></Table.Td>
              <Table.Td w={110}><NumberInput aria-label="Percent" suffix="%" min={0} max={100} decimalScale={2} value={d.percent}
                onChange={(v) => setDropsValue(drops.map((x, j) => (j === i ? { ...x, percent: v } : x)))} /></Table.Td>
              <Table.Td w={40}><Button size="compact-xs" variant="subtle" color="red" aria-label="Remove row" onClick={() => setDropsValue(drops.filter((_, j) => j !== i))}>×</Button></Table.Td>
            </Table.Tr>
          ))}</Table.Tbody>
        </Table>
        <Group justify="space-between">
          <Button size="xs" variant="default" onClick={() => setDropsValue([...drops, { itemUuid: items.find((it) => !drops.some((d) => d.itemUuid === it.value))?.value ?? '', percent: 0 }])}>Add a row</Button>
          <Text size="sm" c={basis === 10_000 ? 'green.5' : 'red.5'} data-testid={`odds-total-${version}`}>Total {(basis / 100).toFixed(2)}%{basis === 10_000 ? '' : ' (must be 100%)'}</Text>
        </Group>
        <Button onClick={() => setAsking('drops')} disabled={!valid}>Publish the drop table</Button>
      </Stack>
      <ReasonModal opened={asking === 'supply'} title={`${shop.name}: supply ${shop.totalSupply} → ${supply}`} confirm="Set supply" onClose={() => setAsking(null)}
        onSubmit={async (reason, attempt) => { const r = await supplyWrite.mutateAsync({ params: { version }, body: { reason, supply: Number(supply) }, attempt }); setDone(r.message); }} />
      <ReasonModal opened={asking === 'drops'} title={`${shop.name}: publish the drop table`} confirm="Publish" onClose={() => setAsking(null)} ready={valid}
        onSubmit={async (reason, attempt) => { const r = await dropsWrite.mutateAsync({ params: { version }, body: { reason, drops: drops.map((d) => ({ itemUuid: d.itemUuid, percent: Number(d.percent) })) }, attempt }); setDone(r.message); }}>
        <Text size="sm">Players see the new odds at once, and every crate opened from now on draws from them.</Text>
      </ReasonModal>
    </Card>
  );
}
