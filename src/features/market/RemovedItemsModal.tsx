// Items Removed: SHOW_REMOVED_ITEMS_MODAL {removedItems} tells the player which
// items the game took out of their inventory. Names come from the message, else the catalogue.
import { Button, Group, List, Stack, Text } from '@mantine/core';
import type { OverlayProps } from '../../overlays/types';
import { useItemNames } from '../../api/catalogue';
import { ItemSprite } from './ItemSprite';
import { BusyModal } from '../../overlays/BusyModal';
import { t } from '../../i18n';

export default function RemovedItemsModal({ payload, onClose }: OverlayProps<'removedItems'>) {
  const names = useItemNames();
  const items = payload.removedItems;
  return (
    <BusyModal opened onClose={onClose} title={t('market.RemovedItemsModal.itemsRemoved')}>
      <Stack>
        {items.length === 0 ? (
          <Text>{t('market.RemovedItemsModal.noItemsWereRemovedFrom')}</Text>
        ) : (
          <>
            <Text>{t('market.RemovedItemsModal.theFollowingItemsWereRemoved')}</Text>
            <List spacing="xs" listStyleType="none" data-testid="removed-items">
              {items.map((item, index) => {
                const name = item.name ?? (item.itemUuid ? names.get(item.itemUuid) : undefined) ?? t('market.unknownItem');
                return (
                  <List.Item key={`${item.itemUuid ?? name}-${index}`}>
                    <Group gap="sm" wrap="nowrap">
                      {item.itemUuid && <ItemSprite uuid={item.itemUuid} size={28} />}
                      <Text size="sm">{name}{item.quantity !== undefined ? ` ×${item.quantity}` : ''}</Text>
                    </Group>
                  </List.Item>
                );
              })}
            </List>
          </>
        )}
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>{t('market.RemovedItemsModal.ok')}</Button>
        </Group>
      </Stack>
    </BusyModal>
  );
}
