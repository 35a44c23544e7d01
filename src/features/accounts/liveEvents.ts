// The accounts feature's part of the live events (src/api/liveEvents.ts): a ban signs the page out.
import type { QueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '../../../contract/liveEvents';
import { LIVE_TEXT } from '../../i18n/texts';
import { showToast } from '../../ui/toast';
import { signOutHere } from './signOut';

export function accountsLiveEvent(event: LiveEvent, client: QueryClient): void {
  if (event.type !== 'banned') return;
  showToast({ message: LIVE_TEXT.banned(event.reason), tone: 'error', duration: false });
  // The server already ended the sessions: forget ours, and the page and the game become anonymous.
  void signOutHere(client);
}
