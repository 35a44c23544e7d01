// The signed-in page's live events (src/api/liveEvents.ts): one stream while a player is signed
// in, closed at sign-out. Each event shows its toast (texts: LIVE_TEXT in contract/liveEvents.ts)
// and refreshes what it changed: the inventory and market after a sale or a transfer, the clan
// lists after a clan event (so an admin's panel shows the accepted player at once); a ban signs
// the page out. Composed here because it reaches into several features.
import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ANONYMOUS_USER, isLoggedIn, logout } from '../../contract/auth';
import { SHELL_TO_GAME } from '../../contract/gameConstants';
import type { LiveEvent } from '../../contract/liveEvents';
import { LIVE_TEXT } from '../i18n/texts';
import { formatTcAmount } from '../ui/formatTc';
import { call } from '../api/client';
import { currentUserQuery, useCurrentUser } from '../api/currentUser';
import { invalidateInventory } from '../api/economy';
import { connectLiveEvents } from '../api/liveEvents';
import { refreshClanLists } from '../features/clans/api/keys';
import { refreshMyEconomy } from '../features/inventory/api/keys';
import { refreshAfterMarketChange } from '../features/market/api/invalidate';
import { useGameLink } from '../game-link/context';
import type { GameLink } from '../game-link/link';
import { economyToast, showToast } from '../ui/toast';

const tc = (amount: number) => formatTcAmount(amount);

/** What one event does on the page. */
export function applyLiveEvent(event: LiveEvent, client: QueryClient, game: Pick<GameLink, 'send'>): void {
  const economy = () => { void invalidateInventory(client); void refreshMyEconomy(client); };
  switch (event.type) {
    case 'listingSold':
      economyToast('success', LIVE_TEXT.listingSold(event.itemName, tc(event.price)));
      refreshAfterMarketChange(client, { marketplace: true });
      void refreshMyEconomy(client);
      game.send(SHELL_TO_GAME.refreshMarketplace);
      return;
    case 'coinsReceived':
      economyToast('success', LIVE_TEXT.coinsReceived(event.from, tc(event.amount)));
      return economy();
    case 'itemReceived':
      economyToast('success', LIVE_TEXT.itemReceived(event.from, event.itemName, event.quantity));
      return economy();
    case 'adminReversal':
      economyToast('info', (event.partial ? LIVE_TEXT.adminReversalPartial : LIVE_TEXT.adminReversal)(event.reason));
      return economy();
    case 'adminGrant':
      economyToast('info', (event.direction === 'grant' ? LIVE_TEXT.adminGranted : LIVE_TEXT.adminRemoved)(event.amount, event.assetName, event.reason));
      return economy();
    case 'listingCancelled':
      economyToast('info', LIVE_TEXT.listingCancelled(event.quantity, event.itemName, event.reason));
      refreshAfterMarketChange(client, { marketplace: true });
      void refreshMyEconomy(client);
      game.send(SHELL_TO_GAME.refreshMarketplace);
      return;
    case 'clanInvite': showToast({ message: LIVE_TEXT.clanInvite(event.clanName), tone: 'info' }); break;
    case 'clanAccept': showToast({ message: LIVE_TEXT.clanAccept(event.username, event.clanName), tone: 'info' }); break;
    case 'clanJoinRequest': showToast({ message: LIVE_TEXT.clanJoinRequest(event.username), tone: 'info' }); break;
    case 'clanRemoval': showToast({ message: LIVE_TEXT.clanRemoval(event.clanName), tone: 'info' }); break;
    case 'banned':
      showToast({ message: LIVE_TEXT.banned(event.reason), tone: 'error', duration: false });
      signOutHere(client, game);
      return;
  }
  void refreshClanLists(client);
}

/** The server already ended the sessions: forget ours (the logout call clears a bearer token),
 * and the page and the game become anonymous. */
function signOutHere(client: QueryClient, game: Pick<GameLink, 'send'>): void {
  const done = () => {
    client.setQueryData(currentUserQuery.queryKey, ANONYMOUS_USER);
    game.send(SHELL_TO_GAME.userData, ANONYMOUS_USER);
    client.removeQueries({ predicate: (q) => q.queryKey[0] !== currentUserQuery.queryKey[0] });
  };
  void call(logout, { body: {} }).then(done, done);
}

export function LiveEventsAtStart() {
  const { user } = useCurrentUser();
  const client = useQueryClient();
  const game = useGameLink();
  const gameRef = useRef(game);
  gameRef.current = game;
  const uuid = isLoggedIn(user) ? user.uuid : null;
  useEffect(() => {
    if (!uuid) return;
    const stream = connectLiveEvents({
      onEvent: (event) => applyLiveEvent(event, client, gameRef.current),
      onSignedOut: () => { void client.invalidateQueries({ queryKey: currentUserQuery.queryKey }); },
    });
    return () => stream.close();
  }, [uuid, client]);
  return null;
}
