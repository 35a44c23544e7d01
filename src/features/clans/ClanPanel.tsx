// The member and admin views (spec part 2 §2): tag and name in the clan colour, the player's
// role, the members (admins first) and, for members, Leave Clan with a confirmation; for the
// admin, Remove, Outstanding Invites Sent, Join Requests, Invite Player and the Danger Zone.
import { Badge, Button, Card, Collapse, Group, Loader, Modal, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CLAN_TEXT, type ClanDetails } from '../../../contract/clans';
import { clanDetailsQuery, joinRequestsQuery, sentInvitesQuery } from './api';
import { ClanLabel } from './ClanName';
import { DangerZone } from './DangerZone';
import { InvitePlayerModal } from './InvitePlayerModal';
import { MemberList } from './MemberList';
import type { ClanMembership } from './useClanMembership';
import { useCloseOnSuccess } from './useCloseOnSuccess';

export function ClanPanel({ membership, clanId, admin }: { membership: ClanMembership; clanId: string; admin: boolean }) {
  const details = useQuery(clanDetailsQuery(clanId));
  if (details.isPending) return <Loader aria-label="Loading clan" />;
  if (details.isError) return <Text c="red.4" role="alert">{CLAN_TEXT.failed.load}</Text>;
  const clan = details.data;
  return (
    <Stack gap="lg" data-testid={admin ? 'clan-admin-view' : 'clan-member-view'}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Title order={3} size="h4"><ClanLabel tag={clan.clanTag} name={clan.clanName} color={clan.clanColor} inherit /></Title>
          <Text size="sm" c="dimmed">Your role: <Badge variant="light" color={admin ? 'yellow' : 'gray'}>{admin ? 'Admin' : 'Member'}</Badge></Text>
        </Stack>
        {admin ? <AdminButtons membership={membership} clan={clan} /> : <LeaveButton membership={membership} clan={clan} />}
      </Group>
      <section aria-labelledby="clan-members-title">
        <Title order={4} size="h5" mb="xs" id="clan-members-title">Members ({clan.members.length})</Title>
        <MemberList members={clan.members} onRemove={admin ? (m) => membership.act({ kind: 'removeMember', uuid: m.uuid }) : undefined}
          busy={membership.busy} />
      </section>
      {admin && <AdminLists membership={membership} clan={clan} />}
      {admin && <DangerZone membership={membership} clan={clan} />}
    </Stack>
  );
}

function LeaveButton({ membership, clan }: { membership: ClanMembership; clan: ClanDetails }) {
  const [confirming, setConfirming] = useState(false);
  const close = () => setConfirming(false);
  const started = useCloseOnSuccess(membership, close);
  const busy = membership.pendingKind === 'leave';
  return (
    <>
      <Button color="red" variant="light" onClick={() => setConfirming(true)} disabled={!membership.can({ kind: 'leave' })}>Leave Clan</Button>
      <Modal opened={confirming} onClose={() => { if (!busy) close(); }} title="Leave Clan" centered zIndex={450} closeButtonProps={{ 'aria-label': 'Close dialog' }}>
        <Stack>
          <Text>Are you sure you want to leave {clan.clanName}?</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>Cancel</Button>
            <Button color="red" loading={busy} onClick={() => { started(); membership.act({ kind: 'leave' }); }}>Leave Clan</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function AdminButtons({ membership, clan }: { membership: ClanMembership; clan: ClanDetails }) {
  const [inviting, setInviting] = useState(false);
  return (
    <>
      <Button onClick={() => setInviting(true)}>Invite Player</Button>
      <InvitePlayerModal opened={inviting} onClose={() => setInviting(false)} membership={membership} clan={clan} />
    </>
  );
}

function AdminLists({ membership, clan }: { membership: ClanMembership; clan: ClanDetails }) {
  const invites = useQuery(sentInvitesQuery(clan.clanId));
  const requests = useQuery(joinRequestsQuery(clan.clanId));
  const [requestsOpen, setRequestsOpen] = useState(true);
  const { busy, context } = membership;
  const count = requests.data?.length ?? 0;
  return (
    <>
      <section aria-labelledby="clan-sent-title">
        <Title order={4} size="h5" mb="xs" id="clan-sent-title">Outstanding Invites Sent</Title>
        {invites.isError && <Text c="red.4" size="sm">{CLAN_TEXT.failed.load}</Text>}
        {invites.data?.length === 0 && <Text c="dimmed" size="sm">No outstanding invites</Text>}
        <Stack gap="xs">
          {invites.data?.map((invite) => (
            <Card key={invite.inviteId} withBorder padding="xs" data-testid="clan-sent-invite">
              <Group justify="space-between" wrap="nowrap">
                <Text truncate>{invite.username}</Text>
                <Button size="xs" variant="default" disabled={busy} aria-label={`Cancel invite to ${invite.username}`}
                  loading={context.pending?.kind === 'cancelInvite' && context.pending.inviteId === invite.inviteId}
                  onClick={() => membership.act({ kind: 'cancelInvite', inviteId: invite.inviteId })}>Cancel</Button>
              </Group>
            </Card>
          ))}
        </Stack>
      </section>
      <section>
        <UnstyledButton onClick={() => setRequestsOpen((o) => !o)} aria-expanded={requestsOpen} aria-controls="clan-requests-list" mb="xs">
          <Title order={4} size="h5" component="span">{requestsOpen ? '▾' : '▸'} Join Requests ({count})</Title>
        </UnstyledButton>
        <Collapse expanded={requestsOpen} id="clan-requests-list">
          {requests.isError && <Text c="red.4" size="sm">{CLAN_TEXT.failed.load}</Text>}
          {requests.data?.length === 0 && <Text c="dimmed" size="sm">No pending join requests</Text>}
          <Stack gap="xs">
            {requests.data?.map((request) => (
              <Card key={request.requestId} withBorder padding="xs" data-testid="clan-join-request">
                <Group justify="space-between" wrap="nowrap">
                  <Text truncate>{request.username}</Text>
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" disabled={busy} aria-label={`Accept ${request.username}`}
                      loading={context.pending?.kind === 'acceptRequest' && context.pending.requestId === request.requestId}
                      onClick={() => membership.act({ kind: 'acceptRequest', requestId: request.requestId })}>Accept</Button>
                    <Button size="xs" variant="default" disabled={busy} aria-label={`Decline ${request.username}`}
                      onClick={() => membership.act({ kind: 'declineRequest', requestId: request.requestId })}>Decline</Button>
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
