// The Airdrops section (spec part 1 §2.9, §4.5): loading, error, not eligible, eligible with a
// claim button, already claimed. A claim shows 'Airdrop Claimed!' for 5 s; the claim operation
// (api/claimAirdrop.ts) reloads the status and tells the game a crate purchase succeeded.
import { Alert, Button, Card, Loader, Stack, Text, Title } from '@mantine/core';

import { isLoggedIn } from '../../../contract/auth';
import { errorText } from '../../api/errors';
import { showToast } from '../../ui/toast';
import { useCurrentUser } from '../../api/currentUser';
import { useClaimAirdrop } from './api/claimAirdrop';
import { useAirdrop } from './api/getAirdrop';
import { formatDate } from './formatDate';
import { useAskToLogIn } from '../../overlays/context';
import { t } from '../../i18n';
import { AIRDROP_TEXT } from '../../i18n/texts';

function AirdropStatusPanel() {
  const query = useAirdrop();
  const claimMutation = useClaimAirdrop({
    onSuccess: (answer) => {
      showToast({ message: answer.message && answer.message !== AIRDROP_TEXT.claimed ? `${AIRDROP_TEXT.claimed} ${answer.message}` : AIRDROP_TEXT.claimed, tone: 'success', duration: 5_000 });
    },
    onError: (error) => showToast({ title: AIRDROP_TEXT.claimFailedTitle, message: errorText(error, AIRDROP_TEXT.claimFailed), tone: 'error' }),
  });
  const claiming = claimMutation.isPending;
  const claim = () => claimMutation.mutate();

  if (query.isPending) return <Loader aria-label={t('accounts.AirdropSection.loadingEligibility')} />;
  if (query.isError) return <Alert color="red" role="alert">{AIRDROP_TEXT.loadError}</Alert>;
  const status = query.data;
  if (status.claimed) {
    const gave = status.reward?.map((r) => `${r.quantity} × ${r.name}`).join(', ');
    return (
      <Stack gap="xs">
        <Text>{AIRDROP_TEXT.alreadyClaimed}{' '}{t('accounts.AirdropSection.claimedOn', { date: formatDate(status.claimedAt, true) })}</Text>
        {gave ? <Text data-testid="airdrop-reward">{AIRDROP_TEXT.received(gave)}</Text> : null}
      </Stack>
    );
  }
  if (!status.eligible) return <Text c="dimmed">{status.message || AIRDROP_TEXT.notEligible}</Text>;
  return (
    <Stack align="flex-start">
      <Text>{status.message || AIRDROP_TEXT.eligible}</Text>
      <Button onClick={() => claim()} loading={claiming}>{t('accounts.AirdropSection.claimAirdrop')}</Button>
    </Stack>
  );
}

export default function AirdropSection() {
  const askToLogIn = useAskToLogIn();
  const { user, settled } = useCurrentUser();
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack>
        <div>
          <Title order={3}>{AIRDROP_TEXT.title}</Title>
          <Text c="dimmed">{AIRDROP_TEXT.subtitle}</Text>
        </div>
        {!settled ? <Loader aria-label={t('accounts.AirdropSection.loadingEligibility')} />
          : isLoggedIn(user) ? <AirdropStatusPanel />
            : <Button onClick={() => askToLogIn('login')} style={{ alignSelf: 'flex-start' }}>{t('accounts.AirdropSection.logIn')}</Button>}
      </Stack>
    </Card>
  );
}
