// The Marketplace's "My listings" tab: the player's own active listings, newest first, each with
// Cancel (the spec's Cancel Listing confirmation follows), and "Sell an item" to start a sale
// (the Marketplace's own sell flow), empty or not. Logged out: why, and Log In.
import { Button, Group, Loader, Text } from '@mantine/core';
import type { MarketListing } from '../../../contract/marketplace';
import { rarityOf } from '../../../contract/rarity';
import { formatTc } from '../../ui/formatTc';
import { t } from '../../i18n';
import { formatDate } from '../../i18n/format';
import type { useMyListings } from './api/getMyListings';
import { ItemSprite } from './ItemSprite';
import { LogInPrompt } from './LogInPrompt';
import { useOverlays } from '../../overlays/context';
import { RarityBadge } from './RarityBadge';
import classes from './market.module.css';

interface Props {
  loggedIn: boolean;
  mine: ReturnType<typeof useMyListings>;
  onCancel: (listing: MarketListing) => void;
}

export function MyListings({ loggedIn, mine, onCancel }: Props) {
  const overlays = useOverlays();
  if (!loggedIn) return <LogInPrompt text={t('market.shop.logInForMine')} />;
  if (mine.isPending) return <Group justify="center" py="lg"><Loader size="sm" aria-label={t('market.MarketplaceModal.loadingListings')} /></Group>;
  const list = mine.data?.listings ?? [];
  const sell = (
    <Group justify="center">
      <Button size="xs" color="teal.9" onClick={() => overlays.open('marketplace', { modalType: 'sell' })} data-testid="start-sale">{t('market.shop.sellAnItem')}</Button>
    </Group>
  );
  if (list.length === 0) return <>{<Text c="gray.4" ta="center" py="lg">{t('market.shop.noOwnListings')}</Text>}{sell}</>;
  return (
    <div className={classes.mine} data-testid="my-listings">
      {sell}
      {list.map((listing) => (
        <section key={listing.order_id} className={classes.mineRow} aria-label={listing.item_name} data-testid="my-listing">
          <ItemSprite uuid={listing.item_uuid} size={44} />
          <div className={classes.listingInfo}>
            <Text size="sm" fw={700} truncate>{listing.quantity > 1 ? `${listing.quantity} × ` : ''}{listing.item_name}</Text>
            <Group gap={6}>
              <RarityBadge rarity={rarityOf(listing.item_uuid)} />
              <Text size="xs" c="gray.4">{t('market.shop.ends', { date: formatDate(Date.parse(listing.end_time), { dateStyle: 'medium' }) })}</Text>
            </Group>
          </div>
          <div className={classes.mineActions}>
            <Text className={classes.price}>{formatTc(listing.price_tripcoins)}</Text>
            <Button size="xs" variant="default" onClick={() => onCancel(listing)}
              aria-label={t('market.MarketplaceModal.cancelListingOf', { item: listing.item_name, price: formatTc(listing.price_tripcoins) })}>{t('market.MarketplaceModal.cancel')}</Button>
          </div>
        </section>
      ))}
      {mine.data && mine.data.total > list.length && (
        <Text size="xs" c="gray.4" ta="center">{t('market.shop.showingMine', { shown: list.length, total: mine.data.total })}</Text>
      )}
    </div>
  );
}
