// The Sorry popup (spec part 2 §2): SHOW_SORRY_POPUP; its contents are not shown in the spec, so
// it apologises plainly and lets the player carry on.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { OverlayProps } from '../../app/overlays/registry';

export default function SorryPopup({ onClose }: OverlayProps<'sorry'>) {
  return (
    <Modal opened onClose={onClose} title="Sorry!" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Text>This isn't available right now. Please try again later.</Text>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>OK</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
