// The settings overlay's Account section. Security, Notifications and Sessions are off in the
// spec's configuration: an off tab is hidden rather than shown disabled with no reason a player
// could act on. Wallets is hidden where the host hides it (the portal). The row scrolls sideways
// and shows it can (ScrollTabsList). Nothing is decided while whoami is still loading.
import { Button, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { isLoggedIn } from '../../../contract/auth';
import { useHost } from '../../host-bridge/host';
import { useCurrentUser } from '../../api/currentUser';
import { useAskToLogIn } from '../../overlays/context';
import { ProfileTab } from './ProfileTab';
import { YourDataCard } from './YourDataCard';
import { WalletsTab } from './WalletsTab';
import { accountFeatures } from './accountConfig';
import { useSettingsStore } from '../../settings-store/context';
import { t as tr } from '../../i18n';
import { hostAccountText } from './hostAccount';
import { ScrollTabsList } from '../../ui/ScrollTabsList';

const tabs = (features: ReturnType<typeof accountFeatures>) => [
  { value: 'profile', label: 'Profile', disabled: false },
  { value: 'security', label: 'Security', disabled: !features.securityTab },
  { value: 'wallets', label: 'Wallets', disabled: false },
  { value: 'notifications', label: 'Notifications', disabled: !features.notificationsTab },
] as const; // Sessions: hidden in the current configuration.

/** `tab`: the tab to open on (the bridge's 'Link a wallet' opens Wallets); Profile otherwise. */
export default function AccountSection({ tab: initialTab }: { tab?: string } = {}) {
  const askToLogIn = useAskToLogIn();
  const { user, settled } = useCurrentUser();
  const host = useHost();
  // The parent's hidden list (settings store), not only the default one: it may hide Log Out.
  const features = accountFeatures(useSettingsStore().config.hidden);
  const [tab, setTab] = useState<string>(initialTab ?? 'profile');

  if (!settled) return <Loader aria-label={tr('accounts.AccountSection.loadingAccount')} />;
  if (!isLoggedIn(user) && host.guestOnlyName) return <Text data-testid="account-guest-only">{hostAccountText.guestOnly(host.guestOnlyName)}</Text>;
  if (!isLoggedIn(user)) {
    return (
      <Stack align="flex-start">
        <Text>{tr('accounts.AccountSection.youAreCurrentlyLoggedOut')}</Text>
        <Group>
          {/* Where the host's account is the player's, the button names it and opens its prompt (AuthModal). */}
          <Button onClick={() => askToLogIn('login')} data-testid="account-log-in">
            {host.accountName ? hostAccountText.logInWith(host.accountName) : tr('accounts.AccountSection.logIn')}
          </Button>
          {!host.isHidden('createAccount') && <Button variant="default" onClick={() => askToLogIn('signup')}>{tr('accounts.AccountSection.createAccount')}</Button>}
        </Group>
      </Stack>
    );
  }

  const visible = tabs(features).filter((t) => !t.disabled && (t.value !== 'wallets' || !host.isHidden('walletsTab')));
  const active = visible.some((t) => t.value === tab) ? tab : 'profile';
  return (
    <Tabs value={active} onChange={(v) => setTab(v ?? 'profile')} keepMounted={false}>
      <ScrollTabsList mb="md">
        {visible.map((t) => <Tabs.Tab key={t.value} value={t.value}>{tr(`accounts.tab.${t.value}`)}</Tabs.Tab>)}
      </ScrollTabsList>
      <Tabs.Panel value="profile"><ProfileTab user={user} features={features} /><YourDataCard user={user} /></Tabs.Panel>
      {!host.isHidden('walletsTab') && <Tabs.Panel value="wallets"><WalletsTab user={user} /></Tabs.Panel>}
    </Tabs>
  );
}
