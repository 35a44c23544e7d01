// The player's own view: Items (each item owned with its picture, name and
// count, and what it leads to: open a crate, sell, send, through the existing modals; my active
// listings; my open wagers) and History (every posting that touched me: when, what, with whom,
// how much, the balance after; 25 a page, "Load more" for the next). Opened from the Account section and by the game's SHOW_INVENTORY trigger. Texts: INVENTORY_TEXT.
import { Alert, Badge, Button, Group, Loader, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isLoggedIn } from '../../../contract/auth';
import { itemSprite } from '../../../contract/economy';
import { buildPath } from '../../../contract/http';
import { formatTcAmount } from '../../ui/formatTc';
import { INVENTORY_TEXT as T } from '../../i18n/texts';
import { t } from '../../i18n';
import { useCurrentUser } from '../../api/currentUser';
import { useFeature } from '../../api/features';
import type { OverlayProps } from '../../overlays/types';
import { OverlayFrame } from '../../ui/OverlayFrame';
import { useOverlays } from '../../overlays/context';
import { CRATE_VERSIONS } from '../../../contract/crates';
import { myHistoryQuery, myInventoryQuery } from './api/getMyInventory';
import { amountLabel, balanceLabel, counterpartyLabel, reasonLabel } from './inventoryText';
import classes from './Inventory.module.css';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

function Sprite({ uuid }: { uuid: string }) {
  return <img className={classes.sprite} src={`${buildPath(itemSprite.path, { uuid })}?size=256`} width={56} height={56} alt="" decoding="async" />;
}

const CRATE_UUIDS = new Set(CRATE_VERSIONS.map((v) => v.crateItemUuid));

/** What an owned item leads to: open it (a crate), sell it, send it: the existing modals. */
function ItemActions({ uuid, name }: { uuid: string; name: string }) {
  const overlays = useOverlays();
  // What the host or the studio has turned off is not offered (src/api/features.ts).
  const crates = useFeature('crates').on;
  const market = useFeature('marketplace').on;
  const gifts = useFeature('gifts').on;
  return (
    <Group gap={4} justify="center" wrap="wrap" data-testid="inventory-item-actions">
      {crates && CRATE_UUIDS.has(uuid) && (
        <Button size="compact-xs" color="yellow" variant="light" onClick={() => overlays.open('crateOpen', {})} aria-label={t('inventory.action.openOf', { item: name })}>{t('inventory.action.open')}</Button>
      )}
      {market && <Button size="compact-xs" variant="light" onClick={() => overlays.open('marketplace', { modalType: 'sell', itemUuid: uuid })} aria-label={t('inventory.action.sellOf', { item: name })}>{t('inventory.action.sell')}</Button>}
      {gifts && <Button size="compact-xs" variant="default" onClick={() => overlays.open('marketplace', { modalType: 'transfer', itemUuid: uuid })} aria-label={t('inventory.action.transferOf', { item: name })}>{t('inventory.action.transfer')}</Button>}
    </Group>
  );
}

function ItemsTab() {
  const query = useQuery(myInventoryQuery);
  if (query.isPending) return <Loader aria-label={t('inventory.loadingInventory')} />;
  if (query.isError) return <Alert color="red" role="alert">{T.loadFailed}</Alert>;
  const { tripcoins, items, listings, wagers } = query.data;
  return (
    <Stack gap="lg">
      <Group gap="xs"><Text c="dimmed">{T.balance}</Text><Text fw={700} data-testid="inventory-balance">Ŧ{formatTcAmount(tripcoins)}</Text></Group>
      {items.length === 0 ? <Text c="dimmed">{T.noItems}</Text> : (
        <ul className={classes.grid} aria-label={T.itemsTab}>
          {items.map((item) => (
            <li key={item.itemUuid} className={classes.item} data-testid="inventory-item">
              <Sprite uuid={item.itemUuid} />
              <Text size="sm" fw={600} ta="center" lineClamp={2}>{item.name}</Text>
              <Badge variant="light" aria-label={t('inventory.countLabel', { count: item.count })}>{T.count(item.count)}</Badge>
              <ItemActions uuid={item.itemUuid} name={item.name} />
            </li>
          ))}
        </ul>
      )}
      <section aria-label={T.listings}>
        <Title order={4} mb="xs">{T.listings}</Title>
        {listings.length === 0 ? <Text c="dimmed" size="sm">{T.noListings}</Text> : (
          <Stack gap={6}>
            {listings.map((l) => (
              <Group key={l.orderId} gap="sm" wrap="nowrap" data-testid="inventory-listing">
                <Sprite uuid={l.itemUuid} />
                <Stack gap={0}>
                  <Text size="sm" fw={600}>{l.itemName}</Text>
                  <Text size="sm">{T.listingLine(l.quantity, formatTcAmount(l.price))} · <Text span c="dimmed" size="sm">{T.ends(day(l.endTime))}</Text></Text>
                </Stack>
              </Group>
            ))}
          </Stack>
        )}
      </section>
      <section aria-label={T.wagers}>
        <Title order={4} mb="xs">{T.wagers}</Title>
        {wagers.length === 0 ? <Text c="dimmed" size="sm">{T.noWagers}</Text> : (
          <Stack gap={4}>
            {wagers.map((w) => (
              <Text key={w.gameId} size="sm" data-testid="inventory-wager">
                {T.wagerLine(formatTcAmount(w.wager), w.choice === 0 ? T.heads : T.tails)} · <Text span c="dimmed" size="sm">{when(w.createdAt)}</Text>
              </Text>
            ))}
          </Stack>
        )}
      </section>
    </Stack>
  );
}

/** A coin row's balance, an item row's count owned after it. */
const afterLabel = (e: { asset: string }) => (e.asset === 'TC' ? T.after : t('inventory.ownedAfter'));

function HistoryTab() {
  const query = useInfiniteQuery(myHistoryQuery);
  if (query.isPending) return <Loader aria-label={t('inventory.loadingHistory')} />;
  if (query.isError) return <Alert color="red" role="alert">{T.historyFailed}</Alert>;
  const entries = query.data.pages.flatMap((p) => p.entries);
  if (entries.length === 0) return <Text c="dimmed">{T.noHistory}</Text>;
  return (
    <Stack>
      <div className={classes.scroll} tabIndex={0} role="region" aria-label={T.historyTab}>
        <Table striped highlightOnHover className={classes.history}>
          <Table.Thead>
            <Table.Tr><Table.Th>{T.when}</Table.Th><Table.Th>{T.what}</Table.Th><Table.Th>{T.counterparty}</Table.Th><Table.Th ta="right">{T.amount}</Table.Th><Table.Th ta="right">{T.after}</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((e) => (
              <Table.Tr key={e.id} data-testid="history-entry">
                <Table.Td className={`${classes.nowrap} ${classes.when}`}>{when(e.at)}</Table.Td>
                <Table.Td className={classes.what}>{reasonLabel(e.reason, e.pack)}</Table.Td>
                <Table.Td className={classes.with}>{counterpartyLabel(e)}</Table.Td>
                <Table.Td ta="right" className={`${classes.nowrap} ${classes.amount}`} c={e.amount < 0 ? 'red.4' : 'teal.4'}>{amountLabel(e)}</Table.Td>
                <Table.Td ta="right" className={`${classes.nowrap} ${classes.after}`} aria-label={`${afterLabel(e)} ${balanceLabel(e)}`}><span className={classes.cardLabel} data-testid="history-after-label">{afterLabel(e)} </span>{balanceLabel(e)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
      {query.hasNextPage && (
        <Button variant="default" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage} style={{ alignSelf: 'center' }}>{T.more}</Button>
      )}
    </Stack>
  );
}

export default function InventoryOverlay({ payload, onClose }: OverlayProps<'inventory'>) {
  const { user, settled } = useCurrentUser();
  const [tab, setTab] = useState<string>(payload.tab);
  return (
    <OverlayFrame label={T.title} onClose={onClose} testId="inventory-overlay">
      <div className={classes.body}>
        {!settled ? <Loader aria-label={t('inventory.loadingInventory')} />
          : !isLoggedIn(user) ? <Text>{T.signIn}</Text> : (
            <Tabs value={tab} onChange={(v) => setTab(v ?? 'items')} keepMounted={false}>
              <Tabs.List mb="md">
                <Tabs.Tab value="items">{T.itemsTab}</Tabs.Tab>
                <Tabs.Tab value="history">{T.historyTab}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="items"><ItemsTab /></Tabs.Panel>
              <Tabs.Panel value="history"><HistoryTab /></Tabs.Panel>
            </Tabs>
          )}
      </div>
    </OverlayFrame>
  );
}
