// The player's items with names, from the inventory (quantities are strings: spec §3) and the
// catalogue. Inventory failures are toasted once per opening, with the spec's text.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ECONOMY_TEXT } from '../../../contract/economy';
import { showToast } from '../../ui/toast';
import { inventoryQuery } from '../../api/economy';
import { useItemNames } from './api/market';
import { errorText } from './errors';

export interface OwnedItem { uuid: string; name: string; quantity: number }

export function useOwnedItems() {
  const inventory = useQuery(inventoryQuery);
  const names = useItemNames();
  useEffect(() => {
    if (inventory.isError) showToast({ message: errorText(inventory.error, ECONOMY_TEXT.inventoryFailed), tone: 'error', area: 'economy' });
  }, [inventory.isError, inventory.error]);
  const items: OwnedItem[] = Object.entries(inventory.data?.inventory ?? {})
    .map(([uuid, quantity]) => ({ uuid, name: names.get(uuid) ?? 'Unknown item', quantity: Number.parseInt(quantity, 10) || 0 }))
    .filter((item) => item.quantity > 0)
    .sort((a, b) => a.name.localeCompare(b.name));
  return { items, balance: inventory.data?.tripcoins ?? null, loading: inventory.isPending, failed: inventory.isError };
}

/** Select options: "Neon Visor (×3)". */
export function itemOptions(items: OwnedItem[]) {
  return items.map((item) => ({ value: item.uuid, label: `${item.name} (×${item.quantity})` }));
}
