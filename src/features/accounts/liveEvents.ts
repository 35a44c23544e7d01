// The accounts feature's part of the live events (src/api/liveEvents.ts): a ban signs the page out.
import type { QueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '../../../contract/liveEvents';
import { LIVE_TEXT } from '../../i18n/texts';
import { studioToast } from '../../ui/studioNotice';
import { signOutHere } from './signOut';

export function accountsLiveEvent(event: LiveEvent, client: QueryClient): void {
  if (event.type !== 'banned') return;
  studioToast('error', LIVE_TEXT.banned, event.message, { sticky: true });
  // The server already ended the sessions: forget ours, and the page and the game become anonymous.
  void signOutHere(client);
}
