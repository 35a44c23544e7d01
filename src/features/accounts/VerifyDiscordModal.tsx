// Verify Account: the game's 'daily spin not verified' opens it; Connect
// runs the Discord popup (machines/discord-oauth.ts, purpose link) and links the Discord account
// to the logged-in player; Cancel closes. Errors and the time-out return to idle with the text.
// Where the host's account is the player's (the portal), it says the Daily Spin's Discord check
// is not offered there instead: no Discord linking on that host.
import { Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';

import type { PublicConfig } from '../../../contract/system';
import type { OverlayProps } from '../../overlays/types';
import { showToast } from '../../ui/toast';
import { useDiscordLinked } from './api/discord';
import { usePublicConfig } from './api/publicConfig';
import { useDiscordPopup } from './useDiscordPopup';
import { BusyModal } from '../../overlays/BusyModal';
import { t } from '../../i18n';
import { localized } from '../../i18n/localized';
import { DISCORD_TEXT } from '../../i18n/texts';
import { useHost } from '../../host-bridge/host';
import { hostAccountText } from './hostAccount';

export const VERIFY_TEXT = localized('accounts.verify', {
  title: 'Verify Account',
  body: 'Connect your Discord account to verify that you are human and unlock the Daily Spin.',
  waiting: 'Finish connecting in the Discord window…',
  connected: (name: string) => `Discord connected: ${name}`,
} as const);

function ConnectBody({ discord, onClose }: { discord: PublicConfig['discord']; onClose: () => void }) {
  const linked = useDiscordLinked();
  const { state, busy, start } = useDiscordPopup('link', discord);
  const handled = useRef(false);
  useEffect(() => {
    if (!state.matches('linked') || handled.current) return;
    handled.current = true;
    const name = (state.context.result as { discord_username?: string } | null)?.discord_username ?? '';
    showToast({ message: VERIFY_TEXT.connected(name), tone: 'success' });
    linked();
    onClose();
  }, [state, linked, onClose]);
  return (
    <>
      {busy && <Text size="sm" c="dimmed" role="status">{VERIFY_TEXT.waiting}</Text>}
      {state.context.error && <Text c="red" size="sm" role="alert">{state.context.error}</Text>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>{t('accounts.VerifyDiscordModal.cancel')}</Button>
        <Button onClick={start} loading={busy}>{t('accounts.VerifyDiscordModal.connect')}</Button>
      </Group>
    </>
  );
}

export default function VerifyDiscordModal(props: OverlayProps<'verifyDiscord'>) {
  const { accountName } = useHost();
  // No Discord linking where the host's account is the player's (the portal's full launch).
  return accountName ? <HostDailySpin host={accountName} onClose={props.onClose} /> : <VerifyDiscord {...props} />;
}

function HostDailySpin({ host, onClose }: { host: string; onClose: () => void }) {
  return (
    <BusyModal opened onClose={onClose} title={t('accounts.hostAccount.dailySpinTitle')}>
      <Stack>
        <Text data-testid="host-daily-spin">{hostAccountText.dailySpin(host)}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('accounts.hostAccount.close')}</Button>
        </Group>
      </Stack>
    </BusyModal>
  );
}

function VerifyDiscord({ onClose }: OverlayProps<'verifyDiscord'>) {
  const config = usePublicConfig().data;
  const enabled = config?.discord.enabled ?? false;
  return (
    <BusyModal opened onClose={onClose} title={VERIFY_TEXT.title}>
      <Stack>
        <Text>{VERIFY_TEXT.body}</Text>
        {config && enabled ? <ConnectBody discord={config.discord} onClose={onClose} /> : (
          <>
            {config && <Text size="sm" c="dimmed">{DISCORD_TEXT.notConfigured}</Text>}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>{t('accounts.VerifyDiscordModal.cancel')}</Button>
              <Button disabled>{t('accounts.VerifyDiscordModal.connect')}</Button>
            </Group>
          </>
        )}
      </Stack>
    </BusyModal>
  );
}
