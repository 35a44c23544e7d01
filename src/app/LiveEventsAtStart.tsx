// The signed-in page's live events (src/api/liveEvents.ts): one stream while a player is signed
// in, closed at sign-out. Each feature handles its own events (its toast, what it reads again,
// what it tells the game); this only hands every event to each of them.
import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { isLoggedIn } from '../../contract/auth';
import type { LiveEvent } from '../../contract/liveEvents';
import { currentUserQuery, useCurrentUser } from '../api/currentUser';
import { connectLiveEvents } from '../api/liveEvents';
import { accountsLiveEvent } from '../features/accounts/liveEvents';
import { clansLiveEvent } from '../features/clans/liveEvents';
import { cratesLiveEvent } from '../features/crates/liveEvents';
import { inventoryLiveEvent } from '../features/inventory/liveEvents';
import { marketLiveEvent } from '../features/market/liveEvents';
import { purchasesLiveEvent } from '../features/purchases/liveEvents';
import { useGameLink } from '../game-link/context';
import type { GameLink } from '../game-link/link';
import { useOverlays } from '../overlays/context';
import type { OverlayStore } from '../overlays/store';

type Overlays = Pick<OverlayStore, 'open'>;

/** Each feature's handler; each ignores the events that are not its own. A toast may offer to open
 * an overlay (a clan invite: the clans section). */
const HANDLERS: ReadonlyArray<(event: LiveEvent, client: QueryClient, game: Pick<GameLink, 'send'>, overlays?: Overlays) => void> = [
  marketLiveEvent, inventoryLiveEvent, clansLiveEvent, accountsLiveEvent, purchasesLiveEvent, cratesLiveEvent,
];

/**
 * What one event does on the page. Each feature's handler runs on its own: one that throws (a
 * toast drawn at a bad moment) must not keep the others from refreshing what they show, nor end
 * the stream, which has already counted the event as received and would never get it again.
 */
export function applyLiveEvent(event: LiveEvent, client: QueryClient, game: Pick<GameLink, 'send'>, overlays?: Overlays, handlers = HANDLERS): void {
  for (const handle of handlers) {
    try {
      handle(event, client, game, overlays);
    } catch (error) {
      console.error(`A live event (${event.type}) failed in one of its handlers:`, error);
    }
  }
}

export function LiveEventsAtStart() {
  const { user } = useCurrentUser();
  const client = useQueryClient();
  const game = useGameLink();
  const overlays = useOverlays();
  const gameRef = useRef(game);
  gameRef.current = game;
  const uuid = isLoggedIn(user) ? user.uuid : null;
  useEffect(() => {
    if (!uuid) return;
    const stream = connectLiveEvents({
      onEvent: (event) => applyLiveEvent(event, client, gameRef.current, overlays),
      onSignedOut: () => { void client.invalidateQueries({ queryKey: currentUserQuery.queryKey }); },
    });
    return () => stream.close();
  }, [uuid, client, overlays]);
  return null;
}
