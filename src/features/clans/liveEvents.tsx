// The clans feature's part of the live events (src/api/liveEvents.ts): a toast, and every clan
// list read again (so an admin's panel shows the accepted player at once). An invite's toast
// names who sent it and offers to open the clans section, where the pending invites are.
import { Button, Group, Text } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '../../../contract/liveEvents';
import { LIVE_TEXT } from '../../i18n/texts';
import type { OverlayStore } from '../../overlays/store';
import { hideToast, showToast } from '../../ui/toast';
import { refreshClanLists } from './api/keys';

/** An invite stays until read or closed a little longer than other toasts: it asks for a choice. */
export const CLAN_INVITE_TOAST_MS = 10_000;

function inviteToast(event: Extract<LiveEvent, { type: 'clanInvite' }>, overlays: Pick<OverlayStore, 'open'> | undefined): void {
  let id = '';
  const open = () => { hideToast(id); overlays?.open('settings', { section: 'clans' }); };
  const text = LIVE_TEXT.clanInvite(event.invitedBy, event.clanName);
  id = showToast({
    message: overlays
      ? (
        <Group gap="xs" justify="space-between" wrap="nowrap" data-testid="clan-invite-toast">
          <Text size="sm">{text}</Text>
          <Button size="compact-sm" variant="light" onClick={open}>{LIVE_TEXT.clanInviteOpen}</Button>
        </Group>
      )
      : text,
    tone: 'info',
    duration: CLAN_INVITE_TOAST_MS,
  });
}

export function clansLiveEvent(event: LiveEvent, client: QueryClient, _game?: unknown, overlays?: Pick<OverlayStore, 'open'>): void {
  switch (event.type) {
    case 'clanInvite': inviteToast(event, overlays); break;
    case 'clanAccept': showToast({ message: LIVE_TEXT.clanAccept(event.username, event.clanName), tone: 'info' }); break;
    case 'clanJoinRequest': showToast({ message: LIVE_TEXT.clanJoinRequest(event.username), tone: 'info' }); break;
    case 'clanRemoval': showToast({ message: LIVE_TEXT.clanRemoval(event.clanName), tone: 'info' }); break;
    case 'clanLeft': showToast({ message: LIVE_TEXT.clanLeft(event.username, event.clanName), tone: 'info' }); break;
    default: return;
  }
  void refreshClanLists(client);
}
