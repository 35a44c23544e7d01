// The bridge's second step: the marketplace profile the address belongs to, to confirm it is the
// player's own before anything is sent there.
import { Anchor, Avatar, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { MarketplaceProfile } from '../../../contract/bridge';
import { t } from '../../i18n';
import classes from './MythicalBridgeModal.module.css';
import { formatMemberSince, safeWebsite } from './texts';

export function ProfileStep({ profile, onBack, onConfirm }: { profile: MarketplaceProfile; onBack(): void; onConfirm(): void }) {
  const website = safeWebsite(profile.website);
  return (
    <Stack>
      <Title order={4}>{t('mythical-bridge.MythicalBridgeModal.confirmThatThisIsYou')}</Title>
      <Group wrap="nowrap" align="flex-start">
        <Avatar src={profile.profile_image_url || null} alt={profile.username} size={72} radius="md">{profile.username.slice(0, 2).toUpperCase()}</Avatar>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={700} size="lg" data-testid="bridge-profile-username">{profile.username}</Text>
          <Text size="xs" className={classes.muted} ff="monospace" style={{ wordBreak: 'break-all' }}>{profile.address}</Text>
          <Text size="sm" className={classes.muted}>{t('mythical-bridge.MythicalBridgeModal.memberSince', { date: formatMemberSince(profile.joined_date) })}</Text>
        </Stack>
      </Group>
      {profile.bio && <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{profile.bio}</Text>}
      {website && <Anchor href={website} target="_blank" rel="noopener noreferrer" size="sm">{profile.website}</Anchor>}
      {profile.social_media_accounts.length > 0 && (
        <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('mythical-bridge.MythicalBridgeModal.socialAccounts')}>
          {profile.social_media_accounts.map((account) => (
            <Text component="li" size="sm" key={`${account.platform}:${account.username}`}>
              <Text span fw={600} tt="capitalize">{account.platform}</Text>: {account.username}
            </Text>
          ))}
        </Stack>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack}>{t('mythical-bridge.MythicalBridgeModal.noGoBack')}</Button>
        <Button onClick={onConfirm} data-autofocus>{t('mythical-bridge.MythicalBridgeModal.yesThisIsMe')}</Button>
      </Group>
    </Stack>
  );
}
