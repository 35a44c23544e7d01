// The member and admin views: tag and name in the clan colour, the player's
// role, the members (admins first) and, for members, Leave Clan with a confirmation; for the
// admin, Remove, Outstanding Invites Sent, Join Requests, Invite Player and the Danger Zone.
import { Badge, Button, Card, Collapse, Group, Loader, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useEffect, useState, type CSSProperties } from 'react';
import { ApiError } from '../../api/client';
import { type ClanDetails } from '../../../contract/clans';
import { useClan } from './api/getClan';
import { useJoinRequests } from './api/getJoinRequests';
import { useSentInvites } from './api/getSentInvites';
import { ClanLabel } from './ClanName';
import classes from './Clans.module.css';
import { DangerZone } from './DangerZone';
import { InvitePlayerModal } from './InvitePlayerModal';
import { MemberList } from './MemberList';
import type { ClanMembership } from './useClanMembership';
import { useCloseOnSuccess } from './useCloseOnSuccess';
import { BusyModal } from '../../overlays/BusyModal';
import { t } from '../../i18n';
import { rich } from '../../i18n/rich';
import { CLAN_TEXT } from '../../i18n/texts';

export function ClanPanel({ membership, clanId, admin }: { membership: ClanMembership; clanId: string; admin: boolean }) {
  const details = useClan(clanId);
  // A clan that is gone (404: disbanded, or this player removed by another) means the player's
  // status changed: read it again, which leads to the view they are really in.
  const gone = details.error instanceof ApiError && details.error.status === 404;
  const { refresh } = membership;
  useEffect(() => { if (gone) refresh(); }, [gone, refresh]);
  if (details.isPending) return <Loader aria-label={t('clans.ClanPanel.loadingClan')} />;
  if (details.isError) {
    return (
      <Stack align="flex-start" data-testid="clan-load-failed">
        <Text c="red.4" role="alert">{CLAN_TEXT.failed.load}</Text>
        <Group>
          <Button variant="default" onClick={refresh}>{t('clans.ClanPanel.back')}</Button>
          <Button variant="default" onClick={() => { void details.refetch(); }}>{t('clans.ClanPanel.retry')}</Button>
        </Group>
      </Stack>
    );
  }
  const clan = details.data;
  return (
    <Stack gap="lg" data-testid={admin ? 'clan-admin-view' : 'clan-member-view'}>
      <Group justify="space-between" wrap="wrap" gap="sm" className={classes.banner} style={{ '--clan-color': clan.clanColor } as CSSProperties}>
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Title order={3} size="h3"><ClanLabel tag={clan.clanTag} name={clan.clanName} color={clan.clanColor} inherit /></Title>
          <Text size="sm" c="gray.3">{rich(t('clans.ClanPanel.yourRole', { role: admin ? 'admin' : 'member' }), [<Badge variant="light" color={admin ? 'yellow' : 'gray'} />])}</Text>
        </Stack>
        {admin ? <AdminButtons membership={membership} clan={clan} /> : <LeaveButton membership={membership} clan={clan} />}
      </Group>
      <section aria-labelledby="clan-members-title">
        <Title order={4} size="h5" mb="xs" id="clan-members-title">{t('clans.ClanPanel.members', { count: clan.members.length })}</Title>
        {admin ? <RemovableMembers membership={membership} clan={clan} /> : <MemberList members={clan.members} color={clan.clanColor} busy={membership.busy} />}
      </section>
      {admin && <AdminLists membership={membership} clan={clan} />}
      {admin && <DangerZone membership={membership} clan={clan} />}
    </Stack>
  );
}

type Member = ClanDetails['members'][number];

/** Remove asks first, like Leave and Disband: one tap used to take a player out of the clan. */
function RemovableMembers({ membership, clan }: { membership: ClanMembership; clan: ClanDetails }) {
  const [target, setTarget] = useState<Member | null>(null);
  const close = () => setTarget(null);
  const started = useCloseOnSuccess(membership, close);
  const busy = membership.pendingKind === 'removeMember';
  // A member who is gone (they left, and the list was read again) is no one to remove: the dialog
  // closes instead of staying open over the refusal's toast.
  const gone = target !== null && !clan.members.some((m) => m.uuid === target.uuid);
  useEffect(() => { if (gone && !busy) setTarget(null); }, [gone, busy]);
  return (
    <>
      <MemberList members={clan.members} color={clan.clanColor} onRemove={setTarget} busy={membership.busy} />
      <BusyModal busy={busy} opened={target !== null} onClose={() => close()} title={t('clans.ClanPanel.removeMember')} zIndex={450} closeLabel={t('common.closeDialog')}>
        <Stack>
          <Text>{rich(t('clans.ClanPanel.removeConfirm', { name: target?.username, clan: clan.clanName }), [<b />])}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>{t('clans.ClanPanel.cancel')}</Button>
            <Button color="red" loading={busy} onClick={() => { if (!target) return; started(); membership.act({ kind: 'removeMember', uuid: target.uuid }); }}>{t('clans.ClanPanel.remove')}</Button>
          </Group>
        </Stack>
      </BusyModal>
    </>
  );
}

function LeaveButton({ membership, clan }: { membership: ClanMembership; clan: ClanDetails }) {
  const [confirming, setConfirming] = useState(false);
  const close = () => setConfirming(false);
  const started = useCloseOnSuccess(membership, close);
  const busy = membership.pendingKind === 'leave';
  return (
    <>
      <Button color="red" variant="light" onClick={() => setConfirming(true)} disabled={!membership.can({ kind: 'leave' })}>{t('clans.ClanPanel.leaveClan')}</Button>
      <BusyModal busy={busy} opened={confirming} onClose={() => close()} title={t('clans.ClanPanel.leaveClan')} zIndex={450} closeLabel={t('common.closeDialog')}>
        <Stack>
          <Text>{t('clans.ClanPanel.leaveConfirm', { clan: clan.clanName })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>{t('clans.ClanPanel.cancel')}</Button>
            <Button color="red" loading={busy} onClick={() => { started(); membership.act({ kind: 'leave' }); }}>{t('clans.ClanPanel.leaveClan')}</Button>
          </Group>
        </Stack>
      </BusyModal>
    </>
  );
}

function AdminButtons({ membership, clan }: { membership: ClanMembership; clan: ClanDetails }) {
  const [inviting, setInviting] = useState(false);
  return (
    <>
      <Button onClick={() => setInviting(true)}>{t('clans.ClanPanel.invitePlayer')}</Button>
      <InvitePlayerModal opened={inviting} onClose={() => setInviting(false)} membership={membership} clan={clan} />
    </>
  );
}

function AdminLists({ membership, clan }: { membership: ClanMembership; clan: ClanDetails }) {
  const invites = useSentInvites(clan.clanId);
  const requests = useJoinRequests(clan.clanId);
  const [requestsOpen, setRequestsOpen] = useState(true);
  const { busy, context } = membership;
  const count = requests.data?.length ?? 0;
  return (
    <>
      <section aria-labelledby="clan-sent-title">
        <Title order={4} size="h5" mb="xs" id="clan-sent-title">{t('clans.ClanPanel.outstandingInvitesSent')}</Title>
        {invites.isError && <Text c="red.4" size="sm">{CLAN_TEXT.failed.load}</Text>}
        {invites.data?.length === 0 && <Text c="dimmed" size="sm">{t('clans.ClanPanel.noOutstandingInvites')}</Text>}
        <Stack gap="xs">
          {invites.data?.map((invite) => (
            <Card key={invite.inviteId} withBorder padding="xs" data-testid="clan-sent-invite">
              <Group justify="space-between" wrap="nowrap">
                <Text truncate>{invite.username}</Text>
                <Button size="xs" variant="default" disabled={busy} aria-label={t('clans.ClanPanel.cancelInviteTo', { name: invite.username })}
                  loading={context.pending?.kind === 'cancelInvite' && context.pending.inviteId === invite.inviteId}
                  onClick={() => membership.act({ kind: 'cancelInvite', inviteId: invite.inviteId })}>{t('clans.ClanPanel.cancel')}</Button>
              </Group>
            </Card>
          ))}
        </Stack>
      </section>
      <section>
        <UnstyledButton onClick={() => setRequestsOpen((o) => !o)} aria-expanded={requestsOpen} aria-controls="clan-requests-list" mb="xs">
          <Title order={4} size="h5" component="span">{requestsOpen ? '▾' : '▸'}{' '}{t('clans.ClanPanel.joinRequests', { count })}</Title>
        </UnstyledButton>
        <Collapse expanded={requestsOpen} id="clan-requests-list">
          {requests.isError && <Text c="red.4" size="sm">{CLAN_TEXT.failed.load}</Text>}
          {requests.data?.length === 0 && <Text c="dimmed" size="sm">{t('clans.ClanPanel.noPendingJoinRequests')}</Text>}
          <Stack gap="xs">
            {requests.data?.map((request) => (
              <Card key={request.requestId} withBorder padding="xs" data-testid="clan-join-request">
                <Group justify="space-between" wrap="nowrap">
                  <Text truncate>{request.username}</Text>
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" disabled={busy} aria-label={t('clans.ClanPanel.acceptName', { name: request.username })}
                      loading={context.pending?.kind === 'acceptRequest' && context.pending.requestId === request.requestId}
                      onClick={() => membership.act({ kind: 'acceptRequest', requestId: request.requestId })}>{t('clans.ClanPanel.accept')}</Button>
                    <Button size="xs" variant="default" disabled={busy} aria-label={t('clans.ClanPanel.declineName', { name: request.username })}
                      onClick={() => membership.act({ kind: 'declineRequest', requestId: request.requestId })}>{t('clans.ClanPanel.decline')}</Button>
                  </Group>
                </Group>
              </Card>
            ))}
          </Stack>
        </Collapse>
      </section>
    </>
  );
}
