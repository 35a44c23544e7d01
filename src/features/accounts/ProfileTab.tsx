// The Profile tab: who you are, since when, last login, and Change Password. The spec's
// Membership card is static sample data, so it is not shown rather than faked.
import { INVENTORY_TEXT } from '../../i18n/texts';
import { Avatar, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { CurrentUser } from '../../../contract/auth';
import { useOverlays } from '../../overlays/context';
import { ChangePasswordModal } from './ChangePasswordModal';
import { SignOutEverywhereModal } from './SignOutEverywhereModal';
import { formatDate } from './formatDate';
import { ACCOUNT_FEATURES, type AccountFeatures } from './accountConfig';
import { t } from '../../i18n';
import { useHost } from '../../host-bridge/host';
import { useFeature } from '../../api/features';
import { hostAccountText } from './hostAccount';

/** Not in the spec (it has no account without a password): our wording. */
export const NO_PASSWORD_TEXT = 'You sign in with Discord or the game portal, so this account has no password to change.';

export function ProfileTab({ user, features = ACCOUNT_FEATURES }: { user: CurrentUser; features?: AccountFeatures }) {
  const [changing, setChanging] = useState(false);
  const [endingAll, setEndingAll] = useState(false);
  // Log Out is shown by default (a player on a shared computer must be able to sign out); a
  // parent's hidden list naming profileLogout, as the spec's does, still hides it
  // (accountConfig.ts). It opens the spec's logout confirmation through the overlay API, the
  // same modal the game opens with switchAuthMode 'logout'.
  const overlays = useOverlays();
  // TripCoin packs the host or the studio has turned off are not offered.
  const purchasesOn = useFeature('purchases').on;
  // Where the host's account is the player's (the portal's full launch), that account is the way
  // in and out: no Log Out and no password here, and the card says so in the host's name.
  const { kind, accountName } = useHost();
  const noPasswordText = kind === 'discord' ? t('accounts.noPasswordDiscord') : t('accounts.noPassword');
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack>
        <Group>
          <Avatar radius="xl" size="lg" color="blue" aria-hidden="true">{user.username.charAt(0).toUpperCase()}</Avatar>
          <Title order={3} data-testid="account-username">{user.username}</Title>
        </Group>
        <Group gap="xl">
          <Stack gap={2}>
            <Text size="xs" c="dimmed">{t('accounts.ProfileTab.memberSince')}</Text>
            <Text>{formatDate(user.accountCreatedAt)}</Text>
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">{t('accounts.ProfileTab.lastLogin')}</Text>
            <Text>{formatDate(user.lastLoginAt, true)}</Text>
          </Stack>
        </Group>
        <Group>
          {/* An account made through Discord or the portal has no password to change (the
              server refuses it too): say so instead of offering a form that can only fail. */}
          {accountName
            ? <Text size="sm" c="dimmed" data-testid="host-account">{hostAccountText.profile(accountName)}</Text>
            : user.hasPassword === false
              ? <Text size="sm" c="dimmed" data-testid="no-password">{noPasswordText}</Text>
              : <Button variant="light" onClick={() => setChanging(true)}>{t('accounts.ProfileTab.changePassword')}</Button>}
          <Button variant="light" onClick={() => overlays.open('inventory', { tab: 'items' })} data-testid="open-inventory">{INVENTORY_TEXT.open}</Button>
          <Button variant="light" onClick={() => overlays.open('leaderboard', { period: 'week', scope: 'global' })} data-testid="open-leaderboard">{t('leaderboard.title')}</Button>
          {purchasesOn && <Button variant="light" onClick={() => overlays.open('getTripCoins', {})} data-testid="open-get-tripcoins">{t('purchases.title')}</Button>}
          {features.profileLogout && !accountName && <Button variant="default" color="red" onClick={() => overlays.open('auth', { mode: 'logout' })}>{t('accounts.ProfileTab.logOut')}</Button>}
          {/* Every player, with or without a password, can end every session (a lost phone, a
              shared computer left signed in): the server asks no password for it, since it
              signs this page out too. A portal's player signs out through the portal's own
              account instead, as the host's full-launch rules ask. */}
          {!accountName && <Button variant="subtle" color="red" onClick={() => setEndingAll(true)} data-testid="sign-out-everywhere">{t('accounts.ProfileTab.signOutEverywhere')}</Button>}
        </Group>
      </Stack>
      <ChangePasswordModal opened={changing} onClose={() => setChanging(false)} username={user.username} />
      <SignOutEverywhereModal opened={endingAll} onClose={() => setEndingAll(false)} />
    </Card>
  );
}
