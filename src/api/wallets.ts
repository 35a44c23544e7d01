// A player's linked wallets (GET /api/wallet/getUserWallets/{uuid}): one query for the Wallets
// tab and the bridge, so linking or disconnecting in one refreshes the other.
import { queryOptions } from '@tanstack/react-query';
import { getUserWallets } from '../../contract/accounts';
import { call } from './client';

/** Every player's wallet list is under this key (WALLET_NOTIFICATION refreshes them all). */
export const WALLETS_KEY = ['wallets'] as const;

export const walletsQuery = (uuid: string) => queryOptions({
  queryKey: [...WALLETS_KEY, uuid] as const,
  queryFn: ({ signal }) => call(getUserWallets, { params: { uuid }, signal }),
});
