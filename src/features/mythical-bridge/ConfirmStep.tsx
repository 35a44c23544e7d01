// The bridge's final confirmation: where the airdrop goes, and Finalize (busy while it runs).
import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { t } from '../../i18n';
import { DestinationWallet, ErrorBox } from './parts';
import { BRIDGE_UI } from './texts';

export interface ConfirmStepProps {
  wallet: string;
  error: string | null;
  finalizing: boolean;
  onBack(): void;
  onFinalize(): void;
}

export function ConfirmStep({ wallet, error, finalizing, onBack, onFinalize }: ConfirmStepProps) {
  return (
    <Stack>
      <Title order={4}>{t('mythical-bridge.MythicalBridgeModal.finalConfirmation')}</Title>
      <Text>{BRIDGE_UI.finalText}</Text>
      <DestinationWallet wallet={wallet} />
      <ErrorBox text={error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack} disabled={finalizing}>{t('mythical-bridge.MythicalBridgeModal.goBack')}</Button>
        <Button color="grape" onClick={onFinalize} disabled={finalizing} leftSection={finalizing ? <Loader size={14} aria-hidden /> : undefined} data-autofocus>
          {finalizing ? t('mythical-bridge.MythicalBridgeModal.finalizing') : t('mythical-bridge.MythicalBridgeModal.finalizeAirdrop')}
        </Button>
      </Group>
    </Stack>
  );
}
