// A market action refreshes the Inventory overlay's own reads too: after listing an item the
// overlay once kept showing it (×1 with Sell and Send) and My listings said there were none
// until the player switched tabs, because only the shared inventory was read again.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { myHistoryQuery, myInventoryQuery } from '../../src/features/inventory/api/getMyInventory';
import { refreshAfterMarketChange } from '../../src/features/market/api/invalidate';
import { INVENTORY_KEY } from '../../src/api/economy';

describe('after a market action', () => {
  it.each([true, false])('the Inventory overlay reads its items, listings and history again (marketplace changed: %s)', async (marketplace) => {
    const client = new QueryClient();
    client.setQueryData(myInventoryQuery.queryKey, { items: [], listings: [], wagers: [] } as never);
    client.setQueryData(myHistoryQuery.queryKey, { pages: [], pageParams: [] } as never);
    client.setQueryData(INVENTORY_KEY, {} as never);
    refreshAfterMarketChange(client, { marketplace });
    expect(client.getQueryState(myInventoryQuery.queryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(myHistoryQuery.queryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(INVENTORY_KEY)?.isInvalidated).toBe(true);
  });
});
