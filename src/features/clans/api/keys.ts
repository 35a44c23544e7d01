// Every clan query lives under this root, so one invalidation refreshes every list the Clans
// section shows (the machine's `refreshLists`, after every clan change).
import type { QueryClient } from '@tanstack/react-query';

export const CLANS_KEY = ['clans'] as const;

export function refreshClanLists(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: CLANS_KEY });
}
