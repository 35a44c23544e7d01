// What a linked or disconnected wallet refreshes: the player's wallet list and who is playing
// (the preferred address is part of it), both shared queries.
import type { QueryClient } from '@tanstack/react-query';
import { currentUserQuery } from '../../../api/currentUser';
import { walletsQuery } from '../../../api/wallets';

export function refreshAfterWalletChange(client: QueryClient, uuid: string): void {
  void client.invalidateQueries({ queryKey: walletsQuery(uuid).queryKey });
  void client.invalidateQueries({ queryKey: currentUserQuery.queryKey });
}
