// The Leaderboard overlay in jsdom against a fake server: the weekly board with the player's row
// highlighted, their own row below the list when they are further down, the all-time tab and the
// stat picker asking the server again, and the friends scope naming whose ids it sends.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { Leaderboard } from '../../contract/leaderboards';
import LeaderboardOverlay from '../../src/features/leaderboard/LeaderboardOverlay';
import { renderWithShell, testQueryClient } from '../support/render';

const ME = '00000000-0000-4000-8000-00000000000a';
let requests: string[] = [];

const row = (rank: number, username: string, value: number, uuid = `00000000-0000-4000-8000-0000000000${String(rank).padStart(2, '0')}`) => ({ rank, uuid, username, value });

function fakeServer(input: RequestInfo | URL): Promise<Response> {
  const url = String(input);
  requests.push(url);
  const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  if (url === '/api/whoami') return json({ uuid: ME, username: 'Me', verified: 1, isAdmin: false });
  if (url.startsWith('/api/leaderboards')) {
    const q = new URL(url, 'http://x').searchParams;
    const period = (q.get('period') ?? 'week') as Leaderboard['period'];
    const stat = (q.get('stat') ?? 'wins') as Leaderboard['stat'];
    const board: Leaderboard = {
      stat, stats: ['wins', 'kills'], period, scope: (q.get('scope') ?? 'global') as Leaderboard['scope'],
      season: period === 'week' ? { startsAt: '2026-11-30T09:00:00.000Z', endsAt: '2026-12-07T09:00:00.000Z' } : null,
      rows: period === 'week' ? [row(1, 'Ace', 9), row(2, 'Me', 5, ME), row(3, 'Zed', 1)] : [row(1, 'Ace', 90), row(2, 'Zed', 40)],
      me: period === 'week' ? row(2, 'Me', 5, ME) : row(57, 'Me', 12, ME), total: period === 'week' ? 3 : 60,
    };
    return json(board);
  }
  return json({ error: 'Not found' }, 404);
}

beforeEach(() => { requests = []; vi.stubGlobal('fetch', vi.fn(fakeServer)); });
afterEach(() => { vi.unstubAllGlobals(); });

it('shows the weekly board with the player highlighted, and their row below the all-time list', async () => {
  renderWithShell(<LeaderboardOverlay payload={{ period: 'week', scope: 'global' }} onClose={vi.fn()} />, { queryClient: testQueryClient() });
  const rows = await screen.findAllByTestId('leaderboard-row');
  expect(rows.map((r) => r.textContent)).toEqual(['1Ace9', '2Me (you)5', '3Zed1']);
  expect(rows.map((r) => r.getAttribute('aria-current'))).toEqual([null, 'true', null]);
  expect(screen.getByTestId('leaderboard-season').textContent).toMatch(/2026/);
  fireEvent.click(screen.getByTestId('leaderboard-all'));
  await vi.waitFor(() => expect(screen.getAllByTestId('leaderboard-row').map((r) => r.textContent)).toEqual(['1Ace90', '2Zed40', '57Me (you)12']));
  const mine = screen.getAllByTestId('leaderboard-row').at(-1);
  expect(mine?.getAttribute('aria-current')).toBe('true');
  expect(requests.filter((u) => u.startsWith('/api/leaderboards'))).toEqual(['/api/leaderboards?period=week&scope=global', '/api/leaderboards?period=all&scope=global']);
  expect(within(screen.getByTestId('leaderboard-table')).queryByText('Ace')).not.toBeNull();
});

it('asks for the friends board with the host named, and for another stat', async () => {
  renderWithShell(<LeaderboardOverlay payload={{ period: 'week', scope: 'friends', stat: 'kills' }} onClose={vi.fn()} />, { queryClient: testQueryClient() });
  await screen.findAllByTestId('leaderboard-row');
  expect(requests.filter((u) => u.startsWith('/api/leaderboards'))).toEqual(['/api/leaderboards?stat=kills&period=week&scope=friends&provider=discord']);
});
