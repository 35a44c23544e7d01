// What several of the bridge's steps show: the destination wallet and the request's error.
import { Alert, Text } from '@mantine/core';
import { t } from '../../i18n';
import { rich } from '../../i18n/rich';

export function DestinationWallet({ wallet }: { wallet: string }) {
  return (
    <Text size="sm">
      {rich(t('mythical-bridge.MythicalBridgeModal.destinationWallet', { wallet }), [<Text span ff="monospace" style={{ wordBreak: 'break-all' }} />])}
    </Text>
  );
}

export function ErrorBox({ text }: { text: string | null }) {
  if (!text) return null;
  return <Alert color="red" variant="light" role="alert" data-testid="bridge-error">{text}</Alert>;
}
