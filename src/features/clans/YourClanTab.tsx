// 'Your Clan': the non-member, member or admin view, whichever the machine is in.
import { Button, Loader, Stack, Text } from '@mantine/core';
import { ClanPanel } from './ClanPanel';
import { NonMemberView } from './NonMemberView';
import type { ClanMembership } from './useClanMembership';
import { t } from '../../i18n';

export function YourClanTab({ membership }: { membership: ClanMembership }) {
  const { view, context } = membership;
  if (view === 'loading' || view === 'loggedOut') return <Loader aria-label={t('clans.YourClanTab.loadingClan')} />;
  if (view === 'failed') {
    return (
      <Stack align="flex-start">
        <Text c="red.4" role="alert">{context.error}</Text>
        <Button variant="default" onClick={membership.retry}>{t('clans.YourClanTab.retry')}</Button>
      </Stack>
    );
  }
  if (view === 'nonMember') return <NonMemberView membership={membership} />;
  return <ClanPanel membership={membership} clanId={context.clanId ?? ''} admin={view === 'admin'} />;
}
