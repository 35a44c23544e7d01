// The Airdrops section: loading, error, not eligible, eligible with a
// claim button, already claimed. A claim shows 'Airdrop Claimed!' for 5 s; the claim operation
// (api/claimAirdrop.ts) reloads the status and tells the game a crate purchase succeeded.
// Designed like the other overlays, around reward cards (image, name, quantity,
// rarity): before a claim what it gives, after it what it gave (the server's answer, read back
// from the ledger) and when; a claimed crate can be opened from here.
import { Alert, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';

import { AIRDROP_TEXT as AIRDROP_EN } from '../../../contract/accounts';
import { isLoggedIn } from '../../../contract/auth';
import { CRATE_VERSIONS } from '../../../contract/crates';
import { CATALOGUE, ITEM_IDS } from '../../../contract/items';
import { rarityOf, type Rarity } from '../../../contract/rarity';
import { rarityName, rarityStyle } from '../../ui/rarity';
import { spriteUrl } from '../../api/catalogue';
import { errorText } from '../../api/errors';
import { localAnswerText } from '../../i18n/serverTexts';
import { showToast } from '../../ui/toast';
import { useCurrentUser } from '../../api/currentUser';
import { useClaimAirdrop } from './api/claimAirdrop';
import { useAirdrop } from './api/getAirdrop';
import { useAskToLogIn, useOverlays } from '../../overlays/context';
import { t } from '../../i18n';
import { formatDate } from '../../i18n/format';
import { AIRDROP_TEXT } from '../../i18n/texts';
import classes from './Airdrop.module.css';
import { SignInOffer, useHost } from '../../host-bridge/host';
import { hostAccountText } from './hostAccount';

export interface RewardCardItem { itemUuid: string; name: string; quantity: number }

/** What the airdrop gives (contract: 1 Base Set II Crate and 1 Technical Difficulties), shown before a claim. */
const AIRDROP_CONTENTS: RewardCardItem[] = [ITEM_IDS.baseSetIICrate, ITEM_IDS.technicalDifficulties].map((uuid) => ({
  itemUuid: uuid, name: CATALOGUE.find((item) => item.uuid === uuid)?.name ?? uuid, quantity: 1,
}));
const isCrate = (uuid: string) => CRATE_VERSIONS.some((v) => v.crateItemUuid === uuid);

function RewardCards({ items, dimmed = false }: { items: RewardCardItem[]; dimmed?: boolean }) {
  return (
    <div className={classes.grid} data-testid="airdrop-rewards">
      {items.map((item) => {
        const rarity: Rarity = rarityOf(item.itemUuid);
        return (
          <div
            key={item.itemUuid}
            className={classes.card}
            data-dimmed={dimmed || undefined}
            data-testid="airdrop-reward-card"
            style={rarityStyle(rarity)}
          >
            <div className={classes.imageFrame}>
              <img className={classes.image} src={spriteUrl(item.itemUuid, 256)} alt={item.name} width={96} height={96} />
              <span className={classes.quantity}>×{item.quantity}</span>
            </div>
            <Text fw={700} size="sm" ta="center" lineClamp={2}>{item.name}</Text>
            <Group gap={6} justify="center">
              <Badge size="xs" variant="outline" className={classes.rarity} tt="uppercase">{rarityName(rarity)}</Badge>
              <Badge size="xs" variant="light" color="gray" tt="none">{isCrate(item.itemUuid) ? t('accounts.AirdropSection.kindCrate') : t('accounts.AirdropSection.kindItem')}</Badge>
            </Group>
          </div>
        );
      })}
    </div>
  );
}

function AirdropStatusPanel() {
  const query = useAirdrop();
  const overlays = useOverlays();
  const claimMutation = useClaimAirdrop({
    onSuccess: (answer) => {
      // The server's words (AIRDROP_CLAIMED) from the catalog: never its English beside ours.
      showToast({ message: localAnswerText(answer), tone: 'success', duration: 5_000, sound: 'purchase' });
    },
    onError: (error) => showToast({ title: AIRDROP_TEXT.claimFailedTitle, message: errorText(error, AIRDROP_TEXT.claimFailed), tone: 'error' }),
  });
  const claiming = claimMutation.isPending;

  if (query.isPending) return <Loader aria-label={t('accounts.AirdropSection.loadingEligibility')} />;
  if (query.isError) return <Alert color="red" role="alert">{AIRDROP_TEXT.loadError}</Alert>;
  const status = query.data;
  if (status.claimed) {
    const reward = status.reward ?? [];
    const crate = reward.find((r) => isCrate(r.itemUuid));
    return (
      <Stack gap="sm" data-testid="airdrop-claimed">
        <Group justify="space-between" align="center" gap="xs">
          <Title order={4}>{t('accounts.AirdropSection.youReceived')}</Title>
          <Badge color="teal" variant="light" tt="none" size="lg" data-testid="airdrop-claimed-at">
            {t('accounts.AirdropSection.claimedOn', { date: status.claimedAt === null ? '—' : formatDate(status.claimedAt * 1000, { dateStyle: 'medium', timeStyle: 'short' }) })}
          </Badge>
        </Group>
        {reward.length > 0 ? <RewardCards items={reward} /> : <Text c="dimmed">{AIRDROP_TEXT.alreadyClaimed}</Text>}
        {crate ? (
          <Group justify="flex-end">
            <Button onClick={() => overlays.open('crateOpen', {})} data-testid="airdrop-open-crate">{t('accounts.AirdropSection.openCrate')}</Button>
          </Group>
        ) : null}
      </Stack>
    );
  }
  if (!status.eligible) {
    return (
      <Stack gap="sm">
        <Text c="dimmed">{status.message === AIRDROP_EN.closed ? AIRDROP_TEXT.closed : AIRDROP_TEXT.notEligible}</Text>
        <RewardCards items={AIRDROP_CONTENTS} dimmed />
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Title order={4}>{t('accounts.AirdropSection.yourReward')}</Title>
      <RewardCards items={AIRDROP_CONTENTS} />
      <Group justify="space-between" align="center" gap="sm" className={classes.claimRow}>
        <Text size="sm">{AIRDROP_TEXT.eligible}</Text>
        <Button size="md" onClick={() => claimMutation.mutate()} loading={claiming} data-sound="off" data-testid="airdrop-claim">{t('accounts.AirdropSection.claimAirdrop')}</Button>
      </Group>
    </Stack>
  );
}

export default function AirdropSection() {
  const askToLogIn = useAskToLogIn();
  const { user, settled } = useCurrentUser();
  const { accountName } = useHost();
  return (
    <Stack gap="md" className={classes.section}>
      <div className={classes.hero}>
        <Title order={3}>{AIRDROP_TEXT.title}</Title>
        <Text size="sm" className={classes.subtitle}>{AIRDROP_TEXT.subtitle}</Text>
      </div>
      {!settled ? <Loader aria-label={t('accounts.AirdropSection.loadingEligibility')} />
        : isLoggedIn(user) ? <AirdropStatusPanel />
          : (
            <Stack gap="sm">
              <RewardCards items={AIRDROP_CONTENTS} />
              <SignInOffer>
                <Button onClick={() => askToLogIn('login')} style={{ alignSelf: 'flex-start' }}>{accountName ? hostAccountText.logInWith(accountName) : t('accounts.AirdropSection.logIn')}</Button>
              </SignInOffer>
            </Stack>
          )}
    </Stack>
  );
}
