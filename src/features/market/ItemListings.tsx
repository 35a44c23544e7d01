// Every active listing of one item (cheapest first, up to 1000): the Marketplace's item page,
// opened from a card's "All listings" or by SHOW_MARKETPLACE_MODAL naming the item.
import { Badge, Button, Group, Loader, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { MarketListing } from '../../../contract/marketplace';
import { rarityOf, setOf } from '../../../contract/rarity';
import { formatTc } from '../../ui/formatTc';
import { t } from '../../i18n';
import { rich } from '../../i18n/rich';
import { useListings } from './api/getListings';
import { ItemSprite } from './ItemSprite';
import { PriceChart } from './PriceChart';
import { RarityBadge } from './RarityBadge';
import type { ShopStat } from './shop';
import classes from './market.module.css';

interface Props {
  uuid: string;
  fallbackName: string | undefined;
  stat: ShopStat | undefined;
  onBack: () => void;
  onBuy: (listing: MarketListing) => void;
  onCancel: (listing: MarketListing) => void;
}

export function ItemListings({ uuid, fallbackName, stat, onBack, onBuy, onCancel }: Props) {
  const listings = useListings(uuid);
  const list = listings.data?.listings ?? [];
  const name = stat?.item_name ?? list[0]?.item_name ?? fallbackName ?? '';
  const lowest = stat?.lowest_price ?? list[0]?.price_tripcoins ?? null;
  const count = stat?.listed_count ?? listings.data?.total ?? list.length;
  const set = setOf(uuid);
  return (
    <>
      <Button variant="subtle" color="gray.3" size="xs" leftSection={<IconArrowLeft size={14} aria-hidden />} onClick={onBack} className={classes.back} data-autofocus>
        {t('market.shop.back')}
      </Button>
      <section className={classes.itemGroup} aria-label={name} data-testid="market-item-page">
        <div className={classes.itemHeader} data-rarity={rarityOf(uuid)}>
          <ItemSprite uuid={uuid} size={56} />
          <div className={classes.itemTitle}>
            <Text fw={700}>{name}</Text>
            <div className={classes.cardTags}>
              <RarityBadge rarity={rarityOf(uuid)} />
              {set && <Text span size="xs" c="gray.4">{set}</Text>}
            </div>
            <Text size="xs" c="gray.4">
              {rich(t('market.MarketplaceModal.lowest', { amount: lowest === null ? '—' : formatTc(lowest) }), [<Text span fw={600} c="gray.2" className={classes.price} data-testid="market-lowest" />])}
              {' · '}<span data-testid="market-count">{t('market.listedCount', { count })}</span>
            </Text>
          </div>
          <PriceChart sales={stat?.recent_sales ?? []} itemName={name} />
        </div>
        {listings.isPending && <Group justify="center" py="lg"><Loader size="sm" aria-label={t('market.MarketplaceModal.loadingListings')} /></Group>}
        {listings.isSuccess && list.length === 0 && <Text c="gray.4" ta="center" py="lg">{t('market.MarketplaceModal.noListingsYet')}</Text>}
        {list.map((listing) => (
          <div key={listing.order_id} className={classes.listingRow} data-testid="market-listing">
            <div className={classes.listingInfo}>
              <Text size="sm" truncate>
                {listing.quantity > 1 ? `${listing.quantity} × ` : ''}{listing.item_name}
                {listing.isOwnListing && <Badge ml={6} size="xs" variant="light">{t('market.MarketplaceModal.yours')}</Badge>}
              </Text>
              <Text size="xs" c="gray.4" truncate>{t('market.seller', { name: listing.seller_username })}</Text>
            </div>
            <div className={classes.mineActions}>
            <Text className={classes.price}>{formatTc(listing.price_tripcoins)}</Text>
            {listing.isOwnListing ? (
              <Button size="xs" variant="default" onClick={() => onCancel(listing)}
                aria-label={t('market.MarketplaceModal.cancelListingOf', { item: listing.item_name, price: formatTc(listing.price_tripcoins) })}>{t('market.MarketplaceModal.cancel')}</Button>
            ) : (
              <Button size="xs" color="teal.9" onClick={() => onBuy(listing)}
                aria-label={t('market.MarketplaceModal.buyFrom', { item: listing.item_name, price: formatTc(listing.price_tripcoins), seller: listing.seller_username })}>{t('market.MarketplaceModal.buy')}</Button>
            )}
            </div>
          </div>
        ))}
      </section>
    </>
  );
}
