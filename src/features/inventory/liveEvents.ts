// The inventory's part of the live events (src/api/liveEvents.ts): what the player owns changed
// (coins or items received, an admin's grant or reversal, a listing sold or cancelled): a toast
// where the event is the inventory's own, and the inventory and balances read again.
import type { QueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '../../../contract/liveEvents';
import { invalidateInventory } from '../../api/economy';
import { LIVE_TEXT } from '../../i18n/texts';
import { formatTcAmount } from '../../ui/formatTc';
import { studioToast } from '../../ui/studioNotice';
import { economyToast } from '../../ui/toast';
import { refreshMyEconomy } from './api/keys';

const tc = (amount: number) => formatTcAmount(amount);

export function inventoryLiveEvent(event: LiveEvent, client: QueryClient): void {
  switch (event.type) {
    case 'listingSold':
    case 'listingCancelled':
      // The market's event (its toast: the market feature); the balances here.
      void refreshMyEconomy(client);
      return;
    case 'coinsReceived':
      economyToast('success', LIVE_TEXT.coinsReceived(event.from, tc(event.amount)));
      break;
    case 'coinsAwarded':
      economyToast('success', LIVE_TEXT.coinsAwarded(tc(event.amount)));
      break;
    case 'itemReceived':
      economyToast('success', LIVE_TEXT.itemReceived(event.from, event.itemName, event.quantity));
      break;
    case 'adminReversal':
      studioToast('info', event.partial ? LIVE_TEXT.adminReversalPartial : LIVE_TEXT.adminReversal, event.message);
      break;
    case 'adminGrant':
      studioToast('info', (event.direction === 'grant' ? LIVE_TEXT.adminGranted : LIVE_TEXT.adminRemoved)(event.amount, event.assetName), event.message);
      break;
    default: return;
  }
  void invalidateInventory(client);
  void refreshMyEconomy(client);
}
