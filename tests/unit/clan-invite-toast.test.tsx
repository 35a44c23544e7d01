// A clan invite heard live: the toast names who sent it and offers to open the clans section,
// where the pending invites are; the event carries the inviter (contract/liveEvents.ts).
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveEvent } from '../../contract/liveEvents';
import { applyLiveEvent } from '../../src/app/LiveEventsAtStart';
import { renderWithShell } from '../support/render';

afterEach(() => { vi.unstubAllGlobals(); });

describe('the clan invite toast', () => {
  it('an invite without its sender is not a live event the shell accepts', () => {
    expect(LiveEvent.safeParse({ type: 'clanInvite', clanId: 'c1', clanName: 'Night Owls' }).success).toBe(false);
    expect(LiveEvent.safeParse({ type: 'clanInvite', clanId: 'c1', clanName: 'Night Owls', invitedBy: 'alice' }).success).toBe(true);
  });

  it('names the inviter, and its action opens the clans section with the invites', { timeout: 20_000 }, async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('[]', { status: 200 })));
    const view = renderWithShell(<div />, { withToasts: true });
    const event = LiveEvent.parse({ type: 'clanInvite', clanId: 'c1', clanName: 'Night Owls', invitedBy: 'alice' });
    act(() => applyLiveEvent(event, view.queryClient, { send: vi.fn() }, view.overlays));
    expect(await screen.findByText('alice invited you to join Night Owls')).toBeInTheDocument();
    expect(view.overlays.getState().overlay).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'See invites' }));
    expect(view.overlays.getState().overlay).toMatchObject({ key: 'settings', payload: { section: 'clans' } });
  });
});
