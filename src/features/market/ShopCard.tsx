// One item on sale in the Marketplace's grid: its picture, name, rarity, set, lowest price, how
// many items are on sale (not listings: one listing may sell several) and the recent sales; Buy takes the cheapest listing of another player (Cancel
// when only the player's own is known), and "All listings" opens the item's every listing.
import { Button, Text } from '@mantine/core';
import type { MarketListing } from '../../../contract/marketplace';
import { formatTc } from '../../ui/formatTc';
import { t } from '../../i18n';
import { rich } from '../../i18n/rich';
import { ItemSprite } from './ItemSprite';
import { PriceChart } from './PriceChart';
import { RarityBadge } from './RarityBadge';
import type { ShopItem } from './shop';
import classes from './market.module.css';

interface Props {
  item: ShopItem;
  onBuy: (listing: MarketListing) => void;
  onCancel: (listing: MarketListing) => void;
  onOpen: (uuid: string) => void;
}

export function ShopCard({ item, onBuy, onCancel, onOpen }: Props) {
  const toBuy = item.cheapestToBuy;
  const own = toBuy ? null : item.cheapestOwn;
  return (
    <section className={classes.card} data-rarity={item.rarity} aria-label={item.name} data-testid="market-item">
      <div className={classes.cardArt}><ItemSprite uuid={item.uuid} size={72} /></div>
      <div className={classes.cardBody}>
        <Text fw={700} className={classes.cardName}>{item.name}</Text>
        <div className={classes.cardTags}>
          <RarityBadge rarity={item.rarity} />
          {item.set && <Text span size="xs" c="gray.4">{item.set}</Text>}
        </div>
        <Text size="xs" c="gray.4">
          {rich(t('market.MarketplaceModal.lowest', { amount: item.lowest === null ? '—' : formatTc(item.lowest) }), [<Text span fw={700} c="gray.0" className={classes.price} data-testid="market-lowest" />])}
        </Text>
        <Text size="xs" c="gray.4" data-testid="market-count">{t('market.itemsListed', { count: item.count })}</Text>
        <div className={classes.cardChart}><PriceChart sales={item.sales} itemName={item.name} /></div>
      </div>
      <div className={classes.cardActions}>
        {toBuy && (
          <Button size="xs" color="teal.9" fullWidth onClick={() => onBuy(toBuy)}
            aria-label={t('market.MarketplaceModal.buyFrom', { item: toBuy.item_name, price: formatTc(toBuy.price_tripcoins), seller: toBuy.seller_username })}>
            {t('market.MarketplaceModal.buy')} · {formatTc(toBuy.price_tripcoins)}
          </Button>
        )}
        {own && (
          <Button size="xs" variant="default" fullWidth onClick={() => onCancel(own)}
            aria-label={t('market.MarketplaceModal.cancelListingOf', { item: own.item_name, price: formatTc(own.price_tripcoins) })}>
            {t('market.MarketplaceModal.cancel')}
          </Button>
        )}
        <Button size="xs" variant="subtle" color="gray.3" fullWidth onClick={() => onOpen(item.uuid)}
          aria-label={t('market.shop.allListingsOf', { item: item.name, count: item.listings })}>
          {t('market.shop.allListings')}
        </Button>
      </div>
    </section>
  );
}
