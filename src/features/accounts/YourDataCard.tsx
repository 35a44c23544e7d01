// Your data: download everything the studio holds about you (one JSON file), or delete the
// account. Shown to every signed-in player, whatever the host: the right to both does not depend
// on where one plays.
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { CurrentUser } from '../../../contract/auth';
import { errorText, isServerAnswer } from '../../api/errors';
import { showToast } from '../../ui/toast';
import { t } from '../../i18n';
import { AUTH_TEXT } from '../../i18n/texts';
import { useDownloadMyData } from './api/exportMyData';
import { DeleteAccountModal } from './DeleteAccountModal';

export function YourDataCard({ user }: { user: CurrentUser }) {
  const [deleting, setDeleting] = useState(false);
  const download = useDownloadMyData({
    onSuccess: () => showToast({ message: t('accounts.YourData.downloaded'), tone: 'success', area: 'auth' }),
    onError: (failure) => showToast({ message: isServerAnswer(failure) ? errorText(failure, t('accounts.YourData.downloadFailed')) : AUTH_TEXT.network, tone: 'error', area: 'auth' }),
  });
  return (
    <Card withBorder radius="md" padding="lg" mt="md" data-testid="your-data">
      <Stack gap="sm">
        <Title order={4}>{t('accounts.YourData.title')}</Title>
        <Text size="sm" c="dimmed">{t('accounts.YourData.body')}</Text>
        <Group>
          <Button variant="light" loading={download.isPending} onClick={() => download.mutate()} data-testid="download-my-data">{t('accounts.YourData.download')}</Button>
          <Button variant="subtle" color="red" onClick={() => setDeleting(true)} data-testid="delete-account">{t('accounts.YourData.delete')}</Button>
        </Group>
      </Stack>
      <DeleteAccountModal user={user} opened={deleting} onClose={() => setDeleting(false)} />
    </Card>
  );
}
