// The Marketplace: SHOW_MARKETPLACE_MODAL with modalType 'buy'
// (optionally one item). A shop: a grid of item cards (picture, name, rarity,
// set, lowest price, listed count, recent sales) with search, sort and filters, each item's
// every listing one tap away, and a "My listings" tab. Buy is refused before any request when
// the balance is short; otherwise it opens the spec's Confirm Purchase. Own listings show
// Cancel instead of Buy, and Cancel opens the spec's Cancel Listing.
import { Badge, Group, Loader, ScrollArea, Select, SimpleGrid, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { MarketListing } from '../../../contract/marketplace';
import { ITEM_SETS, RARITIES, type Rarity } from '../../../contract/rarity';

import { formatTc } from '../../ui/formatTc';
import { showToast } from '../../ui/toast';
import { currentUserQuery } from '../../api/currentUser';
import { inventoryQuery } from '../../api/economy';
import { useItemNames } from '../../api/catalogue';
import { errorText } from '../../api/errors';
import { useListings } from './api/getListings';
import { useMarketStats } from './api/getMarketStats';
import { useMyListings } from './api/getMyListings';
import { ItemListings } from './ItemListings';
import { ListingConfirm, listingTitle, type ListingAction } from './ListingConfirm';
import { MyListings } from './MyListings';
import { rarityName } from './RarityBadge';
import { ShopCard } from './ShopCard';
import { buildShopItems, filterShopItems, NO_FILTER, NO_SET, SHOP_SORTS, sortShopItems, type ShopFilter, type ShopSort } from './shop';
import { listBuyError } from './validation';
import classes from './market.module.css';
import { BusyModal } from '../../overlays/BusyModal';
import { t } from '../../i18n';
import { intlLocale } from '../../i18n/format';
import { rich } from '../../i18n/rich';
import { MARKET_TEXT } from '../../i18n/texts';

type Tab = 'shop' | 'mine';
/** What the modal shows: the tabs, one item's listings, or a confirmation (and where it goes back to). */
type View = { kind: 'tabs' } | { kind: 'item'; uuid: string } | { kind: ListingAction; listingId: string; from: 'tabs' | { item: string } };

export function MarketplaceModal({ initialItemUuid, onClose }: { initialItemUuid?: string; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  const [view, setView] = useState<View>(initialItemUuid ? { kind: 'item', uuid: initialItemUuid } : { kind: 'tabs' });
  const [tab, setTab] = useState<Tab>('shop');
  const [filter, setFilter] = useState<ShopFilter>(NO_FILTER);
  const [sort, setSort] = useState<ShopSort>('price_asc');
  const [busy, setBusy] = useState(false);
  const names = useItemNames();
  const me = useQuery(currentUserQuery).data;
  const loggedIn = !!me && me.uuid !== 'anonymous';
  const inventory = useQuery({ ...inventoryQuery, enabled: loggedIn });
  const listings = useListings();
  const stats = useMarketStats();
  const mine = useMyListings(loggedIn);

  const loadError = listings.error ?? stats.error;
  useEffect(() => {
    if (loadError) showToast({ message: errorText(loadError, MARKET_TEXT.loadFailed), tone: 'error', area: 'economy' });
  }, [loadError]);

  const balance = inventory.data?.tripcoins ?? null;
  const close = () => { if (!busy) onClose(); };
  const back = useCallback(() => {
    setBusy(false);
    setView((v) => (v.kind === 'buyConfirm' || v.kind === 'cancelConfirm') && v.from !== 'tabs' ? { kind: 'item', uuid: v.from.item } : { kind: 'tabs' });
  }, []);
  const from = view.kind === 'item' ? { item: view.uuid } : 'tabs' as const;

  const buy = (listing: MarketListing) => {
    if (!loggedIn) { showToast({ message: t('market.logInToBuy'), tone: 'error', area: 'economy' }); return; }
    const short = balance === null ? null : listBuyError(listing.price_tripcoins, balance);
    if (short) { showToast({ message: short, tone: 'error', area: 'economy' }); return; }
    setView({ kind: 'buyConfirm', listingId: listing.order_id, from });
  };
  const cancel = (listing: MarketListing) => setView({ kind: 'cancelConfirm', listingId: listing.order_id, from });

  const allItems = useMemo(() => buildShopItems(stats.data?.items ?? [], listings.data?.listings ?? []), [stats.data, listings.data]);
  const shown = useMemo(() => sortShopItems(filterShopItems(allItems, filter), sort, intlLocale()), [allItems, filter, sort]);
  const loading = listings.isPending || stats.isPending;

  const title = view.kind === 'tabs' || view.kind === 'item' ? t('market.title') : listingTitle(view.kind);
  const wide = view.kind === 'tabs' || view.kind === 'item';
  const myCount = mine.data?.total ?? 0;

  const toolbar = (
    <div className={classes.toolbar} role="search">
      <TextInput
        className={classes.search}
        label={t('market.shop.search')}
        placeholder={t('market.shop.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={filter.query}
        onChange={(e) => { const query = e.currentTarget.value; setFilter((f) => ({ ...f, query })); }}
        type="search"
        maxLength={64}
      />
      <Select
        label={t('market.shop.sort')}
        data={SHOP_SORTS.map((value) => ({ value, label: t(`market.shop.sortBy.${value}`) }))}
        value={sort}
        onChange={(value) => { if (value) setSort(value as ShopSort); }}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label={t('market.shop.rarity')}
        data={[{ value: 'all', label: t('market.shop.allRarities') }, ...RARITIES.map((value) => ({ value, label: rarityName(value) }))]}
        value={filter.rarity}
        onChange={(value) => setFilter((f) => ({ ...f, rarity: (value ?? 'all') as Rarity | 'all' }))}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label={t('market.shop.set')}
        data={[{ value: 'all', label: t('market.shop.allSets') }, ...ITEM_SETS.map((value) => ({ value, label: value })), { value: NO_SET, label: t('market.shop.noSet') }]}
        value={filter.set}
        onChange={(value) => setFilter((f) => ({ ...f, set: value ?? 'all' }))}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
    </div>
  );

  return (
    <BusyModal
      busy={busy}
      onClose={close}
      title={title}
      size={wide ? '62rem' : 'md'}
      fullScreen={!!phone && wide}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      {view.kind === 'buyConfirm' || view.kind === 'cancelConfirm' ? (
        <ListingConfirm listingId={view.listingId} action={view.kind} onDone={back} onBack={back} onBusyChange={setBusy} />
      ) : (
        <Stack gap="sm">
          {loggedIn && (
            <Text size="sm" data-testid="market-balance" className={classes.balance}>
              {rich(t('market.MarketplaceModal.balance', { amount: balance === null ? '…' : formatTc(balance) }), [<Text span fw={700} className={classes.price} />])}
            </Text>
          )}
          {view.kind === 'item' ? (
            <ItemListings
              uuid={view.uuid}
              fallbackName={names.get(view.uuid)}
              stat={stats.data?.items.find((s) => s.item_uuid === view.uuid)}
              onBack={() => setView({ kind: 'tabs' })}
              onBuy={buy}
              onCancel={cancel}
            />
          ) : (
            <Tabs value={tab} onChange={(value) => setTab(value === 'mine' ? 'mine' : 'shop')} keepMounted={false} color="teal">
              <Tabs.List grow={!!phone}>
                <Tabs.Tab value="shop" className={classes.tab}>{t('market.shop.tab')}</Tabs.Tab>
                <Tabs.Tab value="mine" className={classes.tab} rightSection={loggedIn && myCount > 0 ? <Badge size="xs" variant="filled" color="dark.4" circle={myCount < 10}>{myCount}</Badge> : undefined}>
                  {t('market.shop.myListingsTab')}
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="shop" pt="sm" className={classes.panel}>
                <Stack gap="sm">
                  {toolbar}
                  <Text size="xs" c="gray.4" aria-live="polite" data-testid="market-results">
                    {loading ? '' : t('market.shop.results', { count: shown.length })}
                  </Text>
                  {loading && <Group justify="center" py="lg"><Loader size="sm" aria-label={t('market.MarketplaceModal.loadingListings')} /></Group>}
                  {!loading && allItems.length === 0 && <Text c="gray.4" ta="center" py="lg">{t('market.MarketplaceModal.noListingsYet')}</Text>}
                  {!loading && allItems.length > 0 && shown.length === 0 && <Text c="gray.4" ta="center" py="lg">{t('market.shop.noMatch')}</Text>}
                  <SimpleGrid cols={{ base: 2, xs: 3, md: 4 }} spacing="sm" verticalSpacing="sm" data-testid="market-grid">
                    {shown.map((item) => (
                      <ShopCard key={item.uuid} item={item} onBuy={buy} onCancel={cancel} onOpen={(uuid) => setView({ kind: 'item', uuid })} />
                    ))}
                  </SimpleGrid>
                </Stack>
              </Tabs.Panel>
              <Tabs.Panel value="mine" pt="sm" className={classes.panel}>
                <MyListings loggedIn={loggedIn} mine={mine} onCancel={cancel} />
              </Tabs.Panel>
            </Tabs>
          )}
        </Stack>
      )}
    </BusyModal>
  );
}
