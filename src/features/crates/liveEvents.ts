// The crate shops' part of the live events: coins or items arrived (a game award, a player's
// gift, the studio's grant or reversal) while a shop may be open: its balance, crate count and
// affordability are read again at once, not when the player reopens it. The toast is the
// inventory's.
import type { QueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '../../../contract/liveEvents';
import { refreshAfterCrates } from './api/invalidate';

const MOVES_MY_HOLDINGS: ReadonlySet<LiveEvent['type']> = new Set(['coinsAwarded', 'coinsReceived', 'itemReceived', 'adminGrant', 'adminReversal', 'listingSold', 'listingCancelled']);

export function cratesLiveEvent(event: LiveEvent, client: QueryClient): void {
  if (MOVES_MY_HOLDINGS.has(event.type)) void refreshAfterCrates(client);
}
