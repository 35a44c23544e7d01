// The player's items with names, from the inventory (quantities are strings) and the
// catalogue. Inventory failures are toasted once per opening, with the spec's text.
import { useEffect } from 'react';

import { useItemNames } from '../../api/catalogue';
import { useInventory } from '../../api/economy';
import { errorText, isLoggedOutError } from '../../api/errors';
import { economyToast } from '../../ui/toast';
import { ECONOMY_TEXT } from '../../i18n/texts';
import { t } from '../../i18n';

export interface OwnedItem { uuid: string; name: string; quantity: number }

export function useOwnedItems() {
  const inventory = useInventory();
  const names = useItemNames();
  useEffect(() => {
    // A logged-out player is asked to log in by the modal instead (LogInPrompt), not toasted.
    if (inventory.isError && !isLoggedOutError(inventory.error)) economyToast('error', errorText(inventory.error, ECONOMY_TEXT.inventoryFailed));
  }, [inventory.isError, inventory.error]);
  const items: OwnedItem[] = Object.entries(inventory.data?.inventory ?? {})
    .map(([uuid, quantity]) => ({ uuid, name: names.get(uuid) ?? t('market.unknownItem'), quantity: Number.parseInt(quantity, 10) || 0 }))
    .filter((item) => item.quantity > 0)
    .sort((a, b) => a.name.localeCompare(b.name));
  return { items, balance: inventory.data?.tripcoins ?? null, loading: inventory.isPending, failed: inventory.isError, loggedOut: isLoggedOutError(inventory.error) };
}

/** Select options: "Neon Visor (×3)". */
export function itemOptions(items: OwnedItem[]) {
  return items.map((item) => ({ value: item.uuid, label: `${item.name} (×${item.quantity})` }));
}
