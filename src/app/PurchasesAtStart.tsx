// What purchases do on the page whatever is open: each grant and reversal (told once,
// src/host-bridge/purchaseNews.ts) toasts and reads the balance again; back from the web
// checkout (`?purchase=`), the Get TripCoins overlay opens to show how it went.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { invalidateInventory } from '../api/economy';
import { getCheckoutReturn, onCheckoutReturn, onPurchaseNews } from '../host-bridge/purchaseNews';
import { t } from '../i18n';
import { useOverlays } from '../overlays/context';
import { formatTc } from '../ui/formatTc';
import { economyToast } from '../ui/toast';
import { refreshMyEconomy } from '../features/inventory/api/keys';

export function PurchasesAtStart() {
  const client = useQueryClient();
  const overlays = useOverlays();
  useEffect(() => onPurchaseNews((news) => {
    const values = { coins: formatTc(news.tripcoins), balance: formatTc(news.balance) };
    if (news.kind === 'granted') economyToast('success', t('purchases.toastGranted', values), undefined, 'purchase');
    else economyToast('warning', t('purchases.toastReversed', values));
    void invalidateInventory(client);
    void refreshMyEconomy(client);
  }), [client]);
  useEffect(() => {
    let opened = false;
    const open = () => {
      if (opened || !getCheckoutReturn()) return;
      opened = true;
      overlays.open('getTripCoins', {});
    };
    open();
    return onCheckoutReturn(open);
  }, [overlays]);
  return null;
}
