// List Item for Sale: SHOW_MARKETPLACE_MODAL with modalType 'sell'.
// An item, a quantity within what is owned, and a price for the whole listing (above 0, at
// most two decimals). Duration fixed at 30 days; listing is free. The item's market (lowest
// price, how many are listed, recent sales) is shown to help price it.
// The item picker has the first focus but opens only when asked (a tap, a click, ArrowDown or
// typing): a searchable Select opens on focus by default, and its list covered the fields.
import { Alert, Button, Checkbox, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { LISTING_DURATION_DAYS } from '../../../contract/marketplace';
import { TC_SYMBOL } from '../../../contract/money';
import { errorText } from '../../api/errors';
import { formatTc } from '../../ui/formatTc';
import { economyToast } from '../../ui/toast';
import { useCreateListing } from './api/createListing';
import { useMarketStats } from './api/getMarketStats';
import { usePriceBand, useTradeStatus } from '../../api/tradeStatus';
import { afterFee, feePercentText, holdFor, TradeHoldNotice } from '../../ui/TradeHoldNotice';
import { parseTripcoins } from '../../../contract/money';
import { wordCode } from '../../i18n/serverTexts';
import { ItemSprite } from './ItemSprite';
import { PriceChart } from './PriceChart';
import { OwnedQuantityInput } from './OwnedQuantityInput';
import { itemOptions, useOwnedItems } from './useOwnedItems';
import { listingError, readQuantity } from './validation';
import classes from './market.module.css';
import { BusyModal } from '../../overlays/BusyModal';
import { LogInPrompt } from './LogInPrompt';
import { t } from '../../i18n';
import { localServerText } from '../../i18n/serverTexts';
import { canonicalDecimal, formatNumber } from '../../i18n/format';
import { MARKET_TEXT } from '../../i18n/texts';

export function SellModal({ initialItemUuid, onClose }: { initialItemUuid?: string; onClose: () => void }) {
  const { items, loading, loggedOut } = useOwnedItems();
  const stats = useMarketStats().data;
  const [itemUuid, setItemUuid] = useState<string | null>(initialItemUuid ?? null);
  const [quantity, setQuantity] = useState<number | string>(1);
  const [typedPrice, setPrice] = useState('');
  /** "12,50" in German is 12.50: the checks and the API read the canonical form. */
  const price = canonicalDecimal(typedPrice);
  const [error, setError] = useState<string | null>(null);
  const listing = useCreateListing({
    onSuccess: (answer) => {
      economyToast('success', localServerText(answer.message));
      onClose();
    },
    onError: (failure) => {
      const text = errorText(failure, MARKET_TEXT.createFailed);
      setError(text);
      economyToast('error', text);
    },
  });
  const busy = listing.isPending;
  // Before the form is filled: a hold on listing, the item's usual price range and the sale fee.
  const trade = useTradeStatus(!loggedOut).data;
  const held = holdFor(trade, 'list') !== null;
  const band = usePriceBand(itemUuid).data;
  const [confirmOutside, setConfirmOutside] = useState(false);

  const item = items.find((i) => i.uuid === itemUuid) ?? null;
  const owned = item?.quantity ?? 0;
  const market = stats?.items.find((s) => s.item_uuid === itemUuid);
  const units = readQuantity(quantity);
  const priceValue = Number(price);
  const priceHundredths = !listingError({ itemUuid, price, quantity, owned }) ? parseTripcoins(price.trim()) : null;
  const outside = priceHundredths !== null && !!units && band?.low != null && band.high != null
    && (priceValue < band.low * units || priceValue > band.high * units);
  const fee = priceHundredths !== null && trade && trade.saleFeePercent > 0 ? afterFee(priceHundredths, trade.saleFeePercent) : null;
  const perUnit = units && units > 1 && priceValue > 0 && !listingError({ itemUuid, price, quantity, owned }) ? priceValue / units : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || held) return;
    const invalid = listingError({ itemUuid, price, quantity, owned });
    if (invalid || !itemUuid) { setError(invalid ?? MARKET_TEXT.itemAndPriceRequired); return; }
    if (outside && !confirmOutside) return;
    setError(null);
    listing.mutate({ itemUuid, priceInTripCoins: price.trim(), quantity: Number(quantity), ...(outside ? { confirm_outside_band: true } : {}) });
  };
  const close = () => { if (!busy) onClose(); };

  return (
    <BusyModal busy={busy} onClose={close} title={t('market.SellModal.listItemForSale')}>
      {loggedOut ? <LogInPrompt text={t('market.shop.logInToSell')} /> : (
      <form onSubmit={submit} noValidate>
        <Stack>
          <TradeHoldNotice status={trade} action="list" />
          <Select
            label={t('market.SellModal.item')}
            placeholder={loading ? t('market.SellModal.loadingInventory') : items.length ? t('market.SellModal.selectAnItem') : t('market.SellModal.noItemsToSell')}
            data={itemOptions(items)}
            value={itemUuid}
            onChange={(value) => { setItemUuid(value); setError(null); }}
            disabled={busy}
            searchable
            openOnFocus={false}
            nothingFoundMessage={t('market.SellModal.noSuchItem')}
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
          {item && (
            <div className={classes.summary} data-testid="sell-market">
              <ItemSprite uuid={item.uuid} size={48} />
              {/* A basis, so on a phone the chart wraps below instead of squeezing the name. */}
              <div style={{ flex: '1 1 9rem', minWidth: 0 }}>
                <Text size="sm" fw={600} truncate>{item.name}</Text>
                <Text size="xs" c="gray.5">
                  {market?.lowest_price != null ? t('market.SellModal.lowestListing', { price: formatTc(market.lowest_price) }) : t('market.SellModal.noActiveListings')}
                  {market ? ` · ${t('market.itemsListed', { count: market.listed_quantity })}` : ''}
                </Text>
              </div>
              <PriceChart sales={market?.recent_sales ?? []} itemName={item.name} />
            </div>
          )}
          <SimpleGrid cols={2}>
            <OwnedQuantityInput value={quantity} onChange={(value) => { setQuantity(value); setError(null); }} owned={owned} itemPicked={item !== null} disabled={busy} />
            <TextInput
              label={t('market.SellModal.price')}
              description={<Text span size="xs" c="gray.5">{t('market.SellModal.forTheWholeListing')}</Text>}
              placeholder={formatNumber(0, { minimumFractionDigits: 2 })}
              inputMode="decimal"
              leftSection={<Text size="sm" aria-hidden="true">{TC_SYMBOL}</Text>}
              value={typedPrice}
              onChange={(e) => { setPrice(e.currentTarget.value); setError(null); }}
              disabled={busy}
              autoComplete="off"
            />
          </SimpleGrid>
          {perUnit !== null && <Text size="xs" c="gray.5">{t('market.SellModal.perItem', { price: formatTc(Math.floor(perUnit * 100) / 100) })}</Text>}
          {band?.low != null && band.high != null && <Text size="xs" c="gray.5" data-testid="sell-band">{t('market.trade.usualRange', { low: formatTc(band.low), high: formatTc(band.high) })}</Text>}
          {outside && band?.low != null && band.high != null && (
            <Alert color="yellow" variant="light" data-testid="sell-outside-band">
              <Stack gap={6}>
                <Text size="sm">{wordCode('TRADE_OUTSIDE_BAND', { low: String(band.low), high: String(band.high) })}</Text>
                <Checkbox label={t('market.trade.listAnyway')} checked={confirmOutside} onChange={(e) => setConfirmOutside(e.currentTarget.checked)} disabled={busy} />
              </Stack>
            </Alert>
          )}
          <Group justify="space-between">
            <Text size="sm">{t('market.SellModal.duration')}</Text>
            <Text size="sm" fw={600}>{t('market.SellModal.days', { count: LISTING_DURATION_DAYS })}</Text>
          </Group>
          <Group justify="space-between">
            <Text size="sm">{t('market.SellModal.listingFee')}</Text>
            <Text size="sm" fw={600} c="teal">{t('market.SellModal.free')}</Text>
          </Group>
          {fee && <Text size="sm" data-testid="sell-fee">{t('market.trade.youReceive', { amount: formatTc(Number(fee.receives) / 100), percent: feePercentText(trade?.saleFeePercent ?? 0) })}</Text>}
          {error && <Text c="red" size="sm" role="alert">{error}</Text>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>{t('market.SellModal.cancel')}</Button>
            <Button type="submit" disabled={busy || held || (outside && !confirmOutside)} aria-busy={busy}>{busy ? t('market.SellModal.listing') : t('market.SellModal.listItem')}</Button>
          </Group>
        </Stack>
      </form>
      )}
    </BusyModal>
  );
}
