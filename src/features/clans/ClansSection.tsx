// The Clans section of the settings overlay: tabs 'Your Clan' and
// 'Browse Clans'. Logged-out players are asked to log in (the auth modal, through the overlay API).
import { Button, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { refreshClanLists } from './api/keys';
import { useEffect, useRef, useState } from 'react';
import { isLoggedIn } from '../../../contract/auth';
import { SignInOffer, useHost } from '../../host-bridge/host';
import { useAskToLogIn } from '../../overlays/context';
import { currentUserQuery } from '../../api/currentUser';
import { BrowseTab } from './BrowseTab';
import { useClanMembership } from './useClanMembership';
import { YourClanTab } from './YourClanTab';
import { t } from '../../i18n';

export const LOGGED_OUT_TEXT = 'Log in to create a clan, join one or see your invites.';

export default function ClansSection() {
  const askToLogIn = useAskToLogIn();
  const session = useQuery(currentUserQuery);
  const host = useHost();
  if (!session.data && !session.isError) return <Loader aria-label={t('clans.ClansSection.loadingClans')} />;
  if (!isLoggedIn(session.data)) {
    return (
      <Stack align="flex-start" data-testid="clans-logged-out">
        <SignInOffer>
          <Text>{t('clans.loggedOut')}</Text>
          <Group>
            <Button onClick={() => askToLogIn('login')}>{t('clans.ClansSection.logIn')}</Button>
            {!host.isHidden('createAccount') && <Button variant="default" onClick={() => askToLogIn('signup')}>{t('clans.ClansSection.createAccount')}</Button>}
          </Group>
        </SignInOffer>
      </Stack>
    );
  }
  return <ClanTabs key={session.data?.uuid} />;
}

/**
 * Another player's action (a disband, a removal, an accepted request) changes what this one
 * should see: the status and every clan list are read again when the window gains the focus or
 * the page becomes visible again.
 */
function useRefreshOnReturn(refresh: () => void) {
  const latest = useRef(refresh);
  useEffect(() => { latest.current = refresh; });
  useEffect(() => {
    const onFocus = () => latest.current();
    const onVisible = () => { if (document.visibilityState === 'visible') latest.current(); };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    return () => { window.removeEventListener('focus', onFocus); document.removeEventListener('visibilitychange', onVisible); };
  }, []);
}

function ClanTabs() {
  const membership = useClanMembership();
  const client = useQueryClient();
  useRefreshOnReturn(() => { membership.refresh(); void refreshClanLists(client); });
  const [tab, setTab] = useState<string>('yours');
  return (
    <Tabs value={tab} onChange={(v) => setTab(v ?? 'yours')} keepMounted={false} data-testid="clans-section">
      <Tabs.List mb="md">
        <Tabs.Tab value="yours">{t('clans.ClansSection.yourClan')}</Tabs.Tab>
        <Tabs.Tab value="browse">{t('clans.ClansSection.browseClans')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="yours"><YourClanTab membership={membership} /></Tabs.Panel>
      <Tabs.Panel value="browse"><BrowseTab /></Tabs.Panel>
    </Tabs>
  );
}
