// Another player's action leaves no stale clan view. A clan that answers 404
// (disbanded by its admin) sends this player back to the view they are really in; the window
// gaining the focus reads the status again; "Failed to load clan information" offers Back and Retry.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whoami } from '../../contract/auth';
import { clanDetails, myInvites, myStatus } from '../../contract/clans';
import ClansSection from '../../src/features/clans/ClansSection';
import { fakeServer, type FakeServer } from '../support/fakeServer';
import { renderWithShell, testQueryClient } from '../support/render';

const ME = { uuid: '6f1c1a52-3f6b-4c39-9a55-7d8a1e0c0001', username: 'alice', verified: 1, isAdmin: false };
const CLAN = { clanId: 'clan-1', clanName: 'Night Owls', clanTag: 'OWL', clanColor: '#3366ff', members: [
  { uuid: ME.uuid, username: 'alice', role: 'member' as const, level: 12, tripcoinBalance: 5 },
  { uuid: 'uuid-bob', username: 'bob', role: 'admin' as const, level: 30, tripcoinBalance: 50 },
] };

let server: FakeServer;
let status: { status: 'non-member' | 'member' | 'admin'; clan: { clanId: string } | null };
let clanGone: boolean;

beforeEach(() => {
  server = fakeServer();
  status = { status: 'member', clan: { clanId: 'clan-1' } };
  clanGone = false;
  server.answer(whoami, ME);
  server.answer(myInvites, []);
  server.handle(clanDetails, () => (clanGone ? { status: 404, body: { error: 'Clan not found' } } : { status: 200, body: CLAN }));
  server.handle(myStatus, () => ({ status: 200, body: status })); // registered last: matched before /api/clans/:clanId
});
afterEach(() => { vi.restoreAllMocks(); });

const disband = () => { status = { status: 'non-member', clan: null }; clanGone = true; };

describe('the clan view after another player acts', { timeout: 20_000 }, () => {
  it('a 404 for the clan (disbanded) leads back to the non-member view by itself', async () => {
    renderWithShell(<ClansSection />, { queryClient: testQueryClient() });
    expect(await screen.findByTestId('clan-member-view')).toBeInTheDocument();
    disband();
    // The details are read again (e.g. after any clan change) and answer 404.
    fireEvent.click(screen.getByRole('tab', { name: 'Browse Clans' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Your Clan' }));
    expect(await screen.findByTestId('clan-non-member')).toBeInTheDocument();
  });

  it('the window gaining the focus reads the status again', async () => {
    renderWithShell(<ClansSection />, { queryClient: testQueryClient() });
    expect(await screen.findByTestId('clan-member-view')).toBeInTheDocument();
    status = { status: 'non-member', clan: null };
    act(() => { window.dispatchEvent(new Event('focus')); });
    expect(await screen.findByTestId('clan-non-member')).toBeInTheDocument();
  });

  it('the window gaining the focus leaves a dialog the player has open where it is', async () => {
    status = { status: 'non-member', clan: null };
    let reads = 0;
    server.handle(myStatus, () => { reads += 1; return { status: 200, body: status }; });
    renderWithShell(<ClansSection />, { queryClient: testQueryClient() });
    fireEvent.click(await screen.findByRole('button', { name: 'Request to Join Clan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request to Join Clan' });
    fireEvent.change(within(dialog).getByLabelText('Search clans'), { target: { value: 'owl' } });
    const before = reads;
    act(() => { window.dispatchEvent(new Event('focus')); });
    await waitFor(() => expect(reads).toBe(before + 1));
    await act(async () => { await new Promise((resolve) => setTimeout(resolve, 50)); });
    expect(screen.getByRole('dialog', { name: 'Request to Join Clan' })).toBe(dialog);
    expect(within(dialog).getByLabelText('Search clans')).toHaveValue('owl');
  });

  it('"Failed to load clan information" offers Retry and Back', async () => {
    server.handle(clanDetails, () => ({ status: 500, body: { error: 'Database unavailable' } }));
    server.handle(myStatus, () => ({ status: 200, body: status }));
    renderWithShell(<ClansSection />, { queryClient: testQueryClient() });
    expect(await screen.findByText('Failed to load clan information')).toBeInTheDocument();
    server.handle(clanDetails, () => ({ status: 200, body: CLAN }));
    server.handle(myStatus, () => ({ status: 200, body: status }));
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('clan-member-view')).toBeInTheDocument();
    disband();
    server.handle(clanDetails, () => ({ status: 500, body: { error: 'Database unavailable' } }));
    server.handle(myStatus, () => ({ status: 200, body: status }));
    act(() => { screen.getByRole('tab', { name: 'Browse Clans' }).click(); });
    act(() => { screen.getByRole('tab', { name: 'Your Clan' }).click(); });
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.getByTestId('clan-non-member')).toBeInTheDocument());
  });
});
