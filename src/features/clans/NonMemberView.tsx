// The non-member view: 'You're not in a clan', Create a Clan (level 15; below it, how far the
// player is from it, how to get there and a way to their level progress), Request to Join Clan
// and the Pending Invites list.
import { Anchor, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';

import { CLAN_CREATE_MIN_LEVEL, xpRequiredForLevel } from '../../../contract/levels';
import { useLevelProgress } from '../../api/levelProgress';
import { formatNumber } from '../../i18n/format';
import { useOverlays } from '../../overlays/context';
import { useMyInvites } from './api/getMyInvites';
import { ClanLabel } from './ClanName';
import { CreateClanModal } from './CreateClanModal';
import { RequestJoinModal } from './RequestJoinModal';
import type { ClanMembership } from './useClanMembership';
import { t } from '../../i18n';
import { CLAN_TEXT } from '../../i18n/texts';

export function NonMemberView({ membership }: { membership: ClanMembership }) {
  const { context, busy } = membership;
  const invites = useMyInvites();
  const [dialog, setDialog] = useState<'create' | 'request' | null>(null);
  const canCreate = context.level >= CLAN_CREATE_MIN_LEVEL;
  const overlays = useOverlays();
  const totalXp = useLevelProgress().data?.userProgress.totalXP;
  const xpToGo = totalXp === undefined ? null : clanLevelXpToGo(totalXp);
  return (
    <Stack gap="lg" data-testid="clan-non-member">
      <Text fw={600} size="lg">{t('clans.NonMemberView.youReNotInA')}</Text>
      <Group align="flex-start">
        <Stack gap={4} align="flex-start">
          <Button onClick={() => setDialog('create')} disabled={!canCreate || busy} aria-describedby={canCreate ? undefined : 'clan-level-rule'}>
            {t('clans.NonMemberView.createAClan')}
          </Button>
          {!canCreate && (
            <Stack gap={2} maw={360} id="clan-level-rule" data-testid="clan-level-rule">
              <Text size="sm" c="dimmed">{CLAN_TEXT.levelRequired}</Text>
              {xpToGo !== null && <Text size="sm" data-testid="clan-level-distance">{t('clans.NonMemberView.levelDistance', { current: context.level, level: CLAN_CREATE_MIN_LEVEL, xp: formatNumber(xpToGo) })}</Text>}
              <Text size="sm" c="dimmed">{t('clans.NonMemberView.levelWay')}</Text>
              <Anchor component="button" type="button" size="sm" ta="start" onClick={() => overlays.open('levelProgress', {})}>{t('clans.NonMemberView.seeLevelProgress')}</Anchor>
            </Stack>
          )}
        </Stack>
        <Button variant="default" onClick={() => setDialog('request')}>{t('clans.NonMemberView.requestToJoinClan')}</Button>
      </Group>
      {context.requested.length > 0 && (
        <Text size="sm" c="blue.3" data-testid="clan-request-pending">
          {t('clans.NonMemberView.requestsWaiting', { count: context.requested.length })}
        </Text>
      )}
      <section aria-labelledby="clan-invites-title">
        <Title order={3} size="h5" mb="xs" id="clan-invites-title">{t('clans.NonMemberView.pendingInvites')}</Title>
        {invites.isPending && <Loader size="sm" aria-label={t('clans.NonMemberView.loadingInvites')} />}
        {invites.isError && <Text c="red.4" size="sm">{CLAN_TEXT.failed.load}</Text>}
        {invites.data?.length === 0 && <Text c="dimmed" size="sm">{t('clans.NonMemberView.noPendingInvites')}</Text>}
        <Stack gap="xs">
          {invites.data?.map((invite) => (
            <Card key={invite.inviteId} withBorder padding="sm" data-testid="clan-invite">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <ClanLabel tag={invite.clanTag} name={invite.clanName} color={invite.clanColor} />
                <Group gap="xs">
                  <Button size="xs" disabled={busy} loading={context.pending?.kind === 'acceptInvite' && context.pending.inviteId === invite.inviteId}
                    aria-label={t('clans.NonMemberView.acceptInviteFrom', { clan: invite.clanName })}
                    onClick={() => membership.act({ kind: 'acceptInvite', inviteId: invite.inviteId })}>{t('clans.NonMemberView.accept')}</Button>
                  <Button size="xs" variant="default" disabled={busy} aria-label={t('clans.NonMemberView.declineInviteFrom', { clan: invite.clanName })}
                    onClick={() => membership.act({ kind: 'declineInvite', inviteId: invite.inviteId })}>{t('clans.NonMemberView.decline')}</Button>
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      </section>
      <CreateClanModal opened={dialog === 'create'} onClose={() => setDialog(null)} membership={membership} />
      <RequestJoinModal opened={dialog === 'request'} onClose={() => setDialog(null)} membership={membership} />
    </Stack>
  );
}

/** The XP still missing to the level that lets a player create a clan (0 once there). */
export function clanLevelXpToGo(totalXp: number): number {
  return Math.max(0, xpRequiredForLevel(CLAN_CREATE_MIN_LEVEL) - totalXp);
}
