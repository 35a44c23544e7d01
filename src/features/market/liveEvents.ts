// The market's part of the live events (src/api/liveEvents.ts): one of the player's listings sold
// or was cancelled: a toast, the market read again, and the game told the marketplace changed.
import type { QueryClient } from '@tanstack/react-query';
import { SHELL_TO_GAME } from '../../../contract/gameConstants';
import type { LiveEvent } from '../../../contract/liveEvents';
import type { GameLink } from '../../game-link/link';
import { LIVE_TEXT } from '../../i18n/texts';
import { formatTcAmount } from '../../ui/formatTc';
import { studioToast } from '../../ui/studioNotice';
import { economyToast } from '../../ui/toast';
import { refreshAfterMarketChange } from './api/invalidate';

export function marketLiveEvent(event: LiveEvent, client: QueryClient, game: Pick<GameLink, 'send'>): void {
  if (event.type === 'listingSold') economyToast('success', LIVE_TEXT.listingSold(event.itemName, formatTcAmount(event.price)));
  else if (event.type === 'listingCancelled') studioToast('info', LIVE_TEXT.listingCancelled(event.quantity, event.itemName), event.message);
  else return;
  refreshAfterMarketChange(client, { marketplace: true });
  game.send(SHELL_TO_GAME.refreshMarketplace);
}
