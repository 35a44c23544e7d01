// The clans feature's part of the live events (src/api/liveEvents.ts): a toast, and every clan
// list read again (so an admin's panel shows the accepted player at once).
import type { QueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '../../../contract/liveEvents';
import { LIVE_TEXT } from '../../i18n/texts';
import { showToast } from '../../ui/toast';
import { refreshClanLists } from './api/keys';

export function clansLiveEvent(event: LiveEvent, client: QueryClient): void {
  switch (event.type) {
    case 'clanInvite': showToast({ message: LIVE_TEXT.clanInvite(event.clanName), tone: 'info' }); break;
    case 'clanAccept': showToast({ message: LIVE_TEXT.clanAccept(event.username, event.clanName), tone: 'info' }); break;
    case 'clanJoinRequest': showToast({ message: LIVE_TEXT.clanJoinRequest(event.username), tone: 'info' }); break;
    case 'clanRemoval': showToast({ message: LIVE_TEXT.clanRemoval(event.clanName), tone: 'info' }); break;
    case 'clanLeft': showToast({ message: LIVE_TEXT.clanLeft(event.username, event.clanName), tone: 'info' }); break;
    default: return;
  }
  void refreshClanLists(client);
}
