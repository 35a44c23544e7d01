// The Clans section of the settings overlay (spec part 2 §2 Clans): tabs 'Your Clan' and
// 'Browse Clans'. Logged-out players are asked to log in (the auth modal opens through the
// bridge's switchAuthMode message, as the game would ask for it).
import { Button, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isLoggedIn } from '../../../contract/auth';
import { useHost } from '../../lib/host';
import { currentUserQuery } from '../../api/currentUser';
import { BrowseTab } from './BrowseTab';
import { useClanMembership } from './useClanMembership';
import { YourClanTab } from './YourClanTab';

export const LOGGED_OUT_TEXT = 'Log in to create a clan, join one or see your invites.';

function openAuth(mode: 'login' | 'signup') {
  window.postMessage({ type: 'switchAuthMode', mode }, window.location.origin);
}

export default function ClansSection() {
  const session = useQuery(currentUserQuery);
  const host = useHost();
  if (!session.data && !session.isError) return <Loader aria-label="Loading clans" />;
  if (!isLoggedIn(session.data)) {
    return (
      <Stack align="flex-start" data-testid="clans-logged-out">
        <Text>{LOGGED_OUT_TEXT}</Text>
        <Group>
          <Button onClick={() => openAuth('login')}>Log In</Button>
          {!host.isHidden('createAccount') && <Button variant="default" onClick={() => openAuth('signup')}>Create Account</Button>}
        </Group>
      </Stack>
    );
  }
  return <ClanTabs key={session.data?.uuid} />;
}

function ClanTabs() {
  const membership = useClanMembership();
  const [tab, setTab] = useState<string>('yours');
  return (
    <Tabs value={tab} onChange={(v) => setTab(v ?? 'yours')} keepMounted={false} data-testid="clans-section">
      <Tabs.List mb="md">
        <Tabs.Tab value="yours">Your Clan</Tabs.Tab>
        <Tabs.Tab value="browse">Browse Clans</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="yours"><YourClanTab membership={membership} /></Tabs.Panel>
      <Tabs.Panel value="browse"><BrowseTab /></Tabs.Panel>
    </Tabs>
  );
}
