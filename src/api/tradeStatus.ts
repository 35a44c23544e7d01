// GET /api/me/trade-status (the signed-in player's holds and the sale fee) and
// GET /api/seaport/price-band (an item's usual price range): read before the player fills a
// form, so a held action is shown held and the fee and range are known before they list or buy.
import { useQuery } from '@tanstack/react-query';
import { priceBand, tradeStatus } from '../../contract/trade';
import { call } from './client';

/** Under the market's root key (features/market/api/keys.ts), so a market change refreshes them too. */
const MARKET_KEY = ['market'] as const;

export const useTradeStatus = (enabled = true) => useQuery({
  queryKey: [...MARKET_KEY, 'trade-status'] as const,
  queryFn: ({ signal }) => call(tradeStatus, { signal }),
  staleTime: 0,
  retry: false,
  enabled,
});

export const usePriceBand = (itemUuid: string | null) => useQuery({
  queryKey: [...MARKET_KEY, 'price-band', itemUuid] as const,
  queryFn: ({ signal }) => call(priceBand, { query: { itemUuid: itemUuid ?? '' }, signal }),
  staleTime: 0,
  retry: false,
  enabled: itemUuid !== null,
});
