// The profile overlay in jsdom against a fake server (fetch): your own profile, another
// player's through Find a player, Back to yours, and the error catalogue's texts.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '../../contract/profile';
import ProfileOverlay from '../../src/features/profile/ProfileOverlay';
import { renderWithShell, testQueryClient } from '../support/render';

const ME = '00000000-0000-4000-8000-00000000000a';
const BOB = '00000000-0000-4000-8000-00000000000b';

const profileOf = (uuid: string, username: string): Profile => ({
  uuid, username, account_creation: 1_760_000_000, location: uuid === ME ? 'Lisbon' : '', description: `${username} bio`,
  online_status: { isOnline: false, lastActiveText: 'Active 3 days ago' }, friend_count: 0, views: 12,
  dailyLoginInfo: { login_streak: 1, best_streak: 4 }, total_dailys_claimed: 5, total_quests: 0, comments: [],
  relationship_status: 'none', relationship_id: null,
  STL3Stats: { wins: 1, kills: 2, deaths: 1, headshots: 1, crates_opened: 0, timeplayed: 7200, level: 2.5, xp: 2000, xp_for_next_level: 1000, coins: uuid === ME ? 10 : null },
  ...(uuid === BOB ? { STL1Stats: { player_uuid: BOB, total_wins: 3 } } : {}),
});

let requests: string[] = [];
let failProfile: number | null = null;

function fakeServer(input: RequestInfo | URL): Promise<Response> {
  const url = String(input);
  requests.push(url);
  const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  if (url === '/api/whoami') return json({ uuid: ME, username: 'Me', verified: 1, isAdmin: false });
  if (url.startsWith('/api/searchPlayers/bo')) return json([{ uuid: BOB, username: 'Bob' }]);
  const profile = /^\/api\/getProfile\/(.+)$/.exec(url);
  if (profile) {
    if (failProfile) return json({ error: 'Not logged in' }, failProfile);
    return json(profileOf(profile[1]!, profile[1] === ME ? 'Me' : 'Bob'));
  }
  return json({ error: 'Not found' }, 404);
}

function renderOverlay(payload: { uuid?: string } = {}) {
  const client = testQueryClient();
  const onClose = vi.fn();
  renderWithShell(<ProfileOverlay payload={payload} onClose={onClose} />, { queryClient: client });
  return onClose;
}

// jsdom has no document.fonts, which Mantine's autosizing Textarea listens to.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {} } });

beforeEach(() => { requests = []; failProfile = null; vi.stubGlobal('fetch', vi.fn(fakeServer)); });
afterEach(() => { vi.unstubAllGlobals(); });

describe('the profile overlay', { timeout: 20_000 }, () => {
  it('opens on your own profile, goes to another player and back', async () => {
    renderOverlay();
    expect(await screen.findByTestId('profile-username')).toHaveTextContent('Me');
    expect(screen.getByText('Lisbon')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();

    const search = screen.getByRole('textbox', { name: 'Find a player' });
    fireEvent.change(search, { target: { value: 'bo' } });
    expect(requests.some((u) => u.startsWith('/api/searchPlayers'))).toBe(false); // only on Enter
    fireEvent.keyDown(search, { key: 'Enter' });
    fireEvent.click(await within(await screen.findByTestId('player-search-results')).findByRole('button', { name: 'Bob' }));

    expect(await screen.findByText('Bob bio')).toBeInTheDocument();
    expect(requests).toContain('/api/searchPlayers/bo?limit=5');
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).toBeNull();
    // Bob keeps his balance private: the server sends none and the profile says so.
    expect(screen.getByTestId('profile-coins')).toHaveTextContent('Private');
    const legacy = screen.getByTestId('legacy-block');
    expect(legacy).toHaveTextContent('TripLand 1');
    expect(legacy).toHaveTextContent('Total Wins');
    expect(legacy).not.toHaveTextContent(BOB);

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Me bio')).toBeInTheDocument();
    // Back is gone at the start of the history: the focus stays in the overlay, not on the page (the game's).
    expect(screen.getByTestId('profile-overlay')).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('opens the profile the game asked for, with Back to your own', async () => {
    renderOverlay({ uuid: BOB });
    expect(await screen.findByText('Bob bio')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Me bio')).toBeInTheDocument();
  });

  it('shows the catalogue texts when the profile cannot load', async () => {
    failProfile = 401;
    renderOverlay();
    const alert = await screen.findByTestId('profile-error');
    expect(alert).toHaveTextContent('Authentication Error');
    expect(alert).toHaveTextContent('Error loading profile. Please try again later.');
  });

  it('refuses a bio over 300 characters without sending it', async () => {
    renderOverlay();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Bio' }), { target: { value: 'x'.repeat(301) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Description must be at most 300 characters')).toBeInTheDocument();
    expect(requests.some((u) => u === '/api/profile')).toBe(false);
  });
});
