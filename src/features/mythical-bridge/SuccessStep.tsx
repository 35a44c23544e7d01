// The bridge's last step: the transfer's status until the chain confirms it, the explorer link, Done.
import { Alert, Anchor, Button, CheckIcon, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { FinalizeResult } from '../../../machines/mythical-bridge';
import { t } from '../../i18n';
import { BRIDGE_TEXT } from '../../i18n/texts';
import { useTransferStatus } from './api/getTransferStatus';
import classes from './MythicalBridgeModal.module.css';
import { DestinationWallet } from './parts';
import { BRIDGE_UI, statusLine } from './texts';

/**
 * The last step, a step of its own: 'Transaction Complete!' as the heading,
 * the transfer's status (asked again until the chain confirms it), the explorer link and Done,
 * which closes the modal. Nothing of the confirmation step stays: no Go Back, no greyed buttons.
 * Done takes the focus, since the button the player pressed (Finalize Airdrop) is gone.
 */
export function SuccessStep({ wallet, result, onDone }: { wallet: string; result: FinalizeResult; onDone(): void }) {
  // Sent is not yet mined: the status is asked again until the chain confirms it.
  const live = useTransferStatus(result.transactionHash, { enabled: result.status !== 'confirmed' });
  const status = live.data?.status ?? result.status;
  const done = useRef<HTMLButtonElement>(null);
  useEffect(() => { done.current?.focus(); }, []);
  return (
    <Stack data-testid="bridge-success">
      <Group gap="xs" wrap="nowrap">
        <ThemeIcon color="teal" radius="xl" size="lg" variant="light" aria-hidden><CheckIcon size={16} /></ThemeIcon>
        <Title order={4}>{BRIDGE_TEXT.complete}</Title>
      </Group>
      <Alert color="teal" variant="light" role="status">
        <Text size="sm" data-testid="bridge-status" data-status={status}>{statusLine(status)}</Text>
      </Alert>
      <DestinationWallet wallet={wallet} />
      <Stack gap={2}>
        <Text size="sm" className={classes.muted}>{BRIDGE_UI.transactionHash}</Text>
        <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }} data-testid="bridge-hash">{result.transactionHash}</Text>
      </Stack>
      <Anchor href={result.explorerUrl} target="_blank" rel="noopener noreferrer" size="sm">{BRIDGE_UI.explorerLink}</Anchor>
      <Group justify="flex-end">
        <Button ref={done} onClick={onDone}>{t('mythical-bridge.MythicalBridgeModal.done')}</Button>
      </Group>
    </Stack>
  );
}
