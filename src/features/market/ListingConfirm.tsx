// Confirm Purchase and Cancel Listing: the listing's details, the
// caller's balance, and one action. Shown alone (SHOW_MARKETPLACE_LISTING_MODAL) or inside the
// Marketplace after Buy / Cancel. A listing that is gone (410 / NFT_ALREADY_SOLD) asks the game
// to refresh and closes after 1.5 s. The buy and cancel operations own their keys and tell the
// game what happened; this component adds the toasts and closing.
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

import { formatTc } from '../../ui/formatTc';
import { errorText } from '../../api/errors';
import { economyToast } from '../../ui/toast';
import { useBuyListing } from './api/buyListing';
import { useCancelListing } from './api/cancelListing';
import { useListing } from './api/getListing';
import { useMarketChanged } from './api/invalidate';
import { usePriceBand } from '../../api/tradeStatus';
import { afterFee, feePercentText } from '../../ui/TradeHoldNotice';
import { isAlreadySold } from './errors';
import { ItemSprite } from './ItemSprite';
import { confirmBuyError } from './validation';
import classes from './market.module.css';
import { t } from '../../i18n';
import { localServerText } from '../../i18n/serverTexts';
import { MARKET_TEXT } from '../../i18n/texts';

export const GONE_CLOSE_MS = 1_500;
export type ListingAction = 'buyConfirm' | 'cancelConfirm';

export const LISTING_TITLES: Record<ListingAction, string> = { buyConfirm: 'Confirm Purchase', cancelConfirm: 'Cancel Listing' };
/** The title in the player's language. */
export const listingTitle = (action: ListingAction): string => t(`market.listingTitle.${action}`);

interface Props {
  listingId: string;
  action: ListingAction;
  /** The listing was bought or cancelled, is gone, or could not be loaded. */
  onDone: () => void;
  /** The player changed their mind. */
  onBack: () => void;
  onBusyChange: (busy: boolean) => void;
}

export function ListingConfirm({ listingId, action, onDone, onBack, onBusyChange }: Props) {
  const marketChanged = useMarketChanged();
  const detail = useListing(listingId);
  const [gone, setGone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const buying = action === 'buyConfirm';

  // One action, one message to the game, one toast: a second click before the
  // re-render sends nothing (the operation's), and a listing found gone twice (the refused
  // purchase, then the refresh it causes failing to load the listing too) is reported once.
  const goneReported = useRef(false);
  const listingGone = () => {
    if (goneReported.current) return;
    goneReported.current = true;
    setGone(true);
    economyToast('error', MARKET_TEXT.alreadySold);
    marketChanged({ marketplace: true });
    timer.current = setTimeout(onDone, GONE_CLOSE_MS);
  };
  const done = (answer: { message: string }) => {
    economyToast('success', localServerText(answer.message));
    onDone();
  };
  const failed = (failure: Error) => {
    if (isAlreadySold(failure)) { listingGone(); return; }
    economyToast('error', errorText(failure, buying ? MARKET_TEXT.purchaseFailed : MARKET_TEXT.cancelFailed));
  };
  const buy = useBuyListing({ onSuccess: done, onError: failed });
  const cancel = useCancelListing({ onSuccess: done, onError: failed });
  const busy = buy.isPending || cancel.isPending;

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => { onBusyChange(busy || gone); }, [busy, gone, onBusyChange]);

  // Loading failures: a gone listing as above; anything else is toasted and the modal closes.
  const loadFailed = detail.isError;
  useEffect(() => {
    if (!loadFailed) return;
    if (isAlreadySold(detail.error)) { listingGone(); return; }
    economyToast('error', errorText(detail.error, MARKET_TEXT.detailFailed));
    onDone();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per failure
  }, [loadFailed]);

  const listing = detail.data;
  // The sale fee, shown before the buyer confirms: part of the price, paid to the studio.
  const feePercent = usePriceBand(listing?.item_uuid ?? null).data?.saleFeePercent ?? 0;
  const fee = listing && buying && feePercent > 0 ? afterFee(BigInt(Math.round(listing.price * 100)), feePercent).fee : null;
  const shortfall = listing && buying ? confirmBuyError(listing.price, listing.user_balance) : null;
  const notYours = listing && !buying && !listing.isOwnListing ? MARKET_TEXT.notYourListing : null;
  const ownListing = listing && buying && listing.isOwnListing ? MARKET_TEXT.ownListing : null;
  const blocked = shortfall ?? notYours ?? ownListing;

  const act = () => {
    if (!listing || busy || gone || blocked) return;
    const order = { orderId: listing.listing_id, itemUuid: listing.item_uuid };
    if (buying) buy.mutate(order);
    else cancel.mutate(order);
  };

  if (!listing) {
    return <Group justify="center" py="lg"><Loader size="sm" aria-label={t('market.ListingConfirm.loadingListing')} /></Group>;
  }
  return (
    <Stack data-testid="listing-confirm">
      <div className={classes.summary}>
        <ItemSprite uuid={listing.item_uuid} size={64} />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text fw={700} truncate>{listing.item_name}</Text>
          <Text size="xs" c="gray.5">{listing.collection ?? listing.item_type}</Text>
          <Text size="sm">{t('market.ListingConfirm.quantity', { count: listing.quantity })}</Text>
          <Text size="sm">{t('market.seller', { name: listing.seller_username })}</Text>
        </div>
      </div>
      <Group justify="space-between">
        <Text size="sm">{t('market.ListingConfirm.price')}</Text>
        <Text className={classes.price} data-testid="listing-price">{formatTc(listing.price)}</Text>
      </Group>
      {buying && (
        <Group justify="space-between">
          <Text size="sm">{t('market.ListingConfirm.yourBalance')}</Text>
          <Text className={classes.price} c={shortfall ? 'red' : undefined} data-testid="listing-balance">{formatTc(listing.user_balance)}</Text>
        </Group>
      )}
      {fee !== null && fee > 0n && <Text size="xs" c="gray.5" data-testid="listing-fee">{t('market.trade.buyFee', { percent: feePercentText(feePercent), amount: formatTc(Number(fee) / 100) })}</Text>}
      {!buying && !notYours && <Text size="sm">{t('market.ListingConfirm.areYouSureYouWant')}</Text>}
      {blocked && <Text c="red" size="sm" role="alert">{blocked}</Text>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack} disabled={busy || gone}>{buying ? t('market.ListingConfirm.cancel') : t('market.ListingConfirm.keepListing')}</Button>
        <Button
          color={buying ? 'teal.9' : 'red.9'}
          onClick={() => void act()}
          disabled={busy || gone || !!blocked}
          aria-busy={busy}
        >
          {buying ? (busy ? t('market.ListingConfirm.purchasing') : t('market.ListingConfirm.confirmPurchase')) : (busy ? t('market.ListingConfirm.cancelling') : t('market.ListingConfirm.cancelListing'))}
        </Button>
      </Group>
    </Stack>
  );
}
