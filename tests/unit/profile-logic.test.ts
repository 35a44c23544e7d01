import { describe, expect, it } from 'vitest';
import type { Profile } from '../../contract/profile';
import { ApiError } from '../../src/api/client';
import { profileErrorText } from '../../src/features/profile/api/getProfile';
import { setChosenLocale } from '../../src/settings-store/language';
import { formatTimePlayed, gameStats, headshotRate, kdr, legacyBlocks, levelOf, onlineStatusText, titleCaseKey } from '../../src/features/profile/profileLogic';

const sampleProfile = (over: Partial<Profile> = {}): Profile => ({
  uuid: '00000000-0000-4000-8000-000000000001', username: 'Alice', account_creation: 1_760_000_000, location: '', description: '',
  online_status: { isOnline: true, lastActiveText: 'Online now' }, friend_count: 0, views: 3,
  dailyLoginInfo: { login_streak: 2, best_streak: 5 }, total_dailys_claimed: 9, total_quests: 4, comments: [],
  relationship_status: 'none', relationship_id: null,
  STL3Stats: { wins: 7, kills: 30, deaths: 12, headshots: 9, crates_opened: 2, timeplayed: 3 * 3600 + 25 * 60, level: 3.25, xp: 3500, xp_for_next_level: 2500, coins: 1234.5 },
  ...over,
});

describe('profile formatting', () => {
  it('title-cases legacy keys', () => {
    expect(titleCaseKey('total_kills')).toBe('Total Kills');
    expect(titleCaseKey('bestKillStreak')).toBe('Best Kill Streak');
    expect(titleCaseKey('xp_earned')).toBe('XP Earned');
  });

  it('shows time played as hours and minutes', () => {
    expect(formatTimePlayed(0)).toBe('0m');
    expect(formatTimePlayed(45 * 60 + 59)).toBe('45m');
    expect(formatTimePlayed(3 * 3600 + 25 * 60)).toBe('3h 25m');
    expect(formatTimePlayed(1200 * 3600)).toBe('1,200h');
  });

  it('lists legacy blocks in order, with titles, hidden keys left out and time formatted', () => {
    const blocks = legacyBlocks(sampleProfile({
      DiscordFOIStats: { trees_found: 12 },
      STL2Stats: { player_uuid: 'x', created_at: 'y', updated_at: 'z', total_wins: 1500, time_played: 7260, veteran: true, rank: null },
    }));
    expect(blocks.map((b) => b.title)).toEqual(['TripLand 2', 'Forest of Illusion']);
    expect(blocks[0]!.rows).toEqual([
      { key: 'total_wins', label: 'Total Wins', value: '1,500' },
      { key: 'time_played', label: 'Time Played', value: '2h 1m' },
      { key: 'veteran', label: 'Veteran', value: 'Yes' },
      { key: 'rank', label: 'Rank', value: '—' },
    ]);
    expect(legacyBlocks(sampleProfile({ WagmiWorldStats: { player_uuid: 'only hidden' } }))).toEqual([]);
  });

  it('derives the game stats', () => {
    expect(kdr(30, 12)).toBe('2.50');
    expect(kdr(5, 0)).toBe('5.00');
    expect(headshotRate(9, 30)).toBe('30%');
    expect(headshotRate(1, 3)).toBe('33.3%');
    expect(headshotRate(0, 0)).toBe('0%');
  });
  it('says the online status in the player\'s language from lastActiveAt; the server\'s English in English (the Japanese look shots showed "Online now")', async () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    const away = { isOnline: false, lastActiveText: 'Active 20 minutes ago', lastActiveAt: '2026-03-10T11:40:00Z' };
    expect(onlineStatusText(away, now)).toBe('Active 20 minutes ago');
    await setChosenLocale('de');
    try {
      expect(onlineStatusText({ isOnline: true, lastActiveText: 'Online now', lastActiveAt: '2026-03-10T11:59:00Z' }, now)).toBe('Jetzt online');
      expect(onlineStatusText(away, now)).toBe('Aktiv vor 20 Minuten');
      expect(onlineStatusText({ isOnline: false, lastActiveText: 'Never active', lastActiveAt: null }, now)).toBe('Noch nie aktiv');
      expect(onlineStatusText({ isOnline: false, lastActiveText: 'Last active 2025-01-01', lastActiveAt: '2025-01-01T00:00:00Z' }, now)).toBe('Zuletzt aktiv am 01.01.2025');
      // A server without lastActiveAt: its own words.
      expect(onlineStatusText({ isOnline: true, lastActiveText: 'Online now' }, now)).toBe('Online now');
    } finally {
      await setChosenLocale(null);
    }
  });

  it('says K/D and the headshot rate the locale\'s way', async () => {
    await setChosenLocale('de');
    try {
      expect(kdr(30, 12)).toBe('2,50');
      expect(headshotRate(1, 3)).toBe('33,3\u00a0%');
    } finally {
      await setChosenLocale(null);
    }
    expect(gameStats(sampleProfile()).map((s) => `${s.label}=${s.value}`)).toEqual([
      'Total Arena Wins=7', 'Total Knockouts=30', 'KDR=2.50', 'Headshot Rate=30%', 'Total Quests=4', 'Crates Opened=2',
    ]);
    expect(levelOf(3.25)).toEqual({ level: 3, percent: 25, label: '25% to level 4' });
    // Level 50 is the last: no "0% to level 51".
    expect(levelOf(50)).toEqual({ level: 50, percent: 100, label: 'Max level' });
    expect(levelOf(49.5)).toEqual({ level: 49, percent: 50, label: '50% to level 50' });
  });

  it('names the error as the catalogue does', () => {
    expect(profileErrorText(new ApiError(401, { error: 'Not logged in' }, 'x'))).toMatchObject({ title: 'Authentication Error', detail: 'Error loading profile. Please try again later.' });
    expect(profileErrorText(new ApiError(500, null, 'x'))).toMatchObject({ title: 'Profile Error', detail: 'Error loading profile data. Please try again later.', toast: 'Failed to fetch profile data' });
    expect(profileErrorText(new ApiError(404, { error: 'Player not found' }, 'x'))).toMatchObject({ title: 'Profile Error', detail: 'Player not found' });
  });
});
