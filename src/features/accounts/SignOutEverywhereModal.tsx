// Sign out everywhere: every session of the player ends, this one included, on every device.
// Offered to every player, those who sign in only with Discord or the portal too (they have no
// password to change, which is the other way to end every session). Cannot be closed while the
// request runs.
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorText, isServerAnswer } from '../../api/errors';
import { BusyModal } from '../../overlays/BusyModal';
import { showToast } from '../../ui/toast';
import { t } from '../../i18n';
import { AUTH_TEXT } from '../../i18n/texts';
import { useLogoutEverywhere } from './api/logoutEverywhere';

export function SignOutEverywhereModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const signOut = useLogoutEverywhere({
    onSuccess: () => {
      showToast({ message: AUTH_TEXT.loggedOutEverywhere, tone: 'success', area: 'auth' });
      onClose();
    },
    onError: (failure) => setError(isServerAnswer(failure) ? errorText(failure, AUTH_TEXT.logoutFailed) : AUTH_TEXT.network),
  });
  const busy = signOut.isPending;
  const close = () => { if (!busy) { setError(null); onClose(); } };
  return (
    <BusyModal busy={busy} opened={opened} onClose={close} title={t('accounts.SignOutEverywhere.title')}>
      <Stack>
        <Text size="sm">{t('accounts.SignOutEverywhere.body')}</Text>
        {error && <Text c="red" size="sm" role="alert">{error}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={busy}>{t('accounts.SignOutEverywhere.cancel')}</Button>
          <Button color="red" loading={busy} onClick={() => { setError(null); signOut.mutate(); }} data-testid="confirm-sign-out-everywhere">{t('accounts.SignOutEverywhere.confirm')}</Button>
        </Group>
      </Stack>
    </BusyModal>
  );
}
