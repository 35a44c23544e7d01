// The Sorry popup: SHOW_SORRY_POPUP; its contents are not shown in the spec, so
// it apologises plainly and lets the player carry on.
import { Button, Group, Stack, Text } from '@mantine/core';
import type { OverlayProps } from '../../overlays/types';
import { BusyModal } from '../../overlays/BusyModal';
import { t } from '../../i18n';

export default function SorryPopup({ onClose }: OverlayProps<'sorry'>) {
  return (
    <BusyModal opened onClose={onClose} title={t('market.SorryPopup.sorry')}>
      <Stack>
        <Text>{t('market.SorryPopup.thisIsnTAvailableRight')}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>{t('market.SorryPopup.ok')}</Button>
        </Group>
      </Stack>
    </BusyModal>
  );
}
