// Deleting the account: what happens is said before it is done (the rules of
// docs/domain/accounts.md, "Deleting an account"), then a password account types its password and
// an account without one (Discord, the portal) types its username. Cannot be closed while the
// request runs; on success every session has ended and the shell is signed out.
import { Button, Group, List, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { CurrentUser } from '../../../contract/auth';
import { errorText, isServerAnswer } from '../../api/errors';
import { BusyModal } from '../../overlays/BusyModal';
import { showToast } from '../../ui/toast';
import { t } from '../../i18n';
import { AUTH_TEXT } from '../../i18n/texts';
import { useDeleteMyAccount } from './api/deleteMyAccount';

export function DeleteAccountModal({ user, opened, onClose }: { user: CurrentUser; opened: boolean; onClose: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const byPassword = user.hasPassword !== false;
  const remove = useDeleteMyAccount({
    onSuccess: () => {
      showToast({ message: t('accounts.DeleteAccount.done'), tone: 'success', area: 'auth' });
      setTyped('');
      onClose();
    },
    onError: (failure) => setError(isServerAnswer(failure) ? errorText(failure, t('accounts.DeleteAccount.failed')) : AUTH_TEXT.network),
  });
  const busy = remove.isPending;
  const close = () => { if (!busy) { setError(null); setTyped(''); onClose(); } };
  const ready = byPassword ? typed.length > 0 : typed.trim().toLowerCase() === user.username.toLowerCase();
  const submit = () => {
    if (!ready || busy) return;
    setError(null);
    remove.mutate(byPassword ? { password: typed } : { confirmUsername: typed.trim() });
  };
  return (
    <BusyModal busy={busy} opened={opened} onClose={close} title={t('accounts.DeleteAccount.title')}>
      <form onSubmit={(e) => { e.preventDefault(); submit(); }}>
        <Stack>
          <Text size="sm">{t('accounts.DeleteAccount.intro')}</Text>
          <List size="sm" spacing={4}>
            <List.Item>{t('accounts.DeleteAccount.sessions')}</List.Item>
            <List.Item>{t('accounts.DeleteAccount.holdings')}</List.Item>
            <List.Item>{t('accounts.DeleteAccount.clan')}</List.Item>
            <List.Item>{t('accounts.DeleteAccount.kept')}</List.Item>
            <List.Item>{t('accounts.DeleteAccount.name')}</List.Item>
          </List>
          {byPassword
            ? <PasswordInput label={t('accounts.DeleteAccount.password')} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} autoComplete="current-password" disabled={busy} data-testid="delete-account-password" data-autofocus />
            : <TextInput label={t('accounts.DeleteAccount.typeName', { username: user.username })} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} autoComplete="off" disabled={busy} data-testid="delete-account-name" data-autofocus />}
          {error && <Text c="red" size="sm" role="alert">{error}</Text>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>{t('accounts.DeleteAccount.cancel')}</Button>
            <Button type="submit" color="red" loading={busy} disabled={!ready} data-testid="confirm-delete-account">{t('accounts.DeleteAccount.confirm')}</Button>
          </Group>
        </Stack>
      </form>
    </BusyModal>
  );
}
