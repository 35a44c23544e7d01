// Change Password: current, new and confirm; the three client checks, then the
// server's text or the fallback. Cannot be closed while the request runs.
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';

import { errorText, isServerAnswer } from '../../api/errors';
import { showToast } from '../../ui/toast';
import { useChangePassword } from './api/changePassword';
import { changePasswordError } from './changePasswordValidation';
import { BusyModal } from '../../overlays/BusyModal';
import { t } from '../../i18n';
import { AUTH_TEXT } from '../../i18n/texts';

/** `username`: whose password; a bot check the server asks for is solved for this name. */
export function ChangePasswordModal({ opened, onClose, username }: { opened: boolean; onClose: () => void; username: string }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = useChangePassword({
    onSuccess: () => {
      showToast({ message: AUTH_TEXT.passwordChanged, tone: 'success', area: 'auth' });
      setCurrent(''); setNext(''); setConfirm('');
      onClose();
    },
    onError: (failure) => setError(isServerAnswer(failure) ? errorText(failure, AUTH_TEXT.changePasswordFailed) : AUTH_TEXT.network),
  });
  const busy = change.isPending;

  const close = () => {
    if (busy) return;
    setCurrent(''); setNext(''); setConfirm(''); setError(null);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const invalid = changePasswordError({ current, next, confirm });
    if (invalid) { setError(invalid); return; }
    setError(null);
    change.mutate({ username, currentPassword: current, newPassword: next });
  };

  return (
    <BusyModal busy={busy} opened={opened} onClose={close} title={t('accounts.ChangePasswordModal.changePassword')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <PasswordInput label={t('accounts.ChangePasswordModal.currentPassword')} autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.currentTarget.value)} disabled={busy} data-autofocus />
          <PasswordInput label={t('accounts.ChangePasswordModal.newPassword')} autoComplete="new-password" value={next} onChange={(e) => setNext(e.currentTarget.value)} disabled={busy} />
          <PasswordInput label={t('accounts.ChangePasswordModal.confirmNewPassword')} autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.currentTarget.value)} disabled={busy} />
          {error && <Text c="red" size="sm" role="alert">{error}</Text>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>{t('accounts.ChangePasswordModal.cancel')}</Button>
            <Button type="submit" loading={busy}>{t('accounts.ChangePasswordModal.changePassword')}</Button>
          </Group>
        </Stack>
      </form>
    </BusyModal>
  );
}
