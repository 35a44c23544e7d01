// How the profile overlay shows a Profile: game stats,
// legacy blocks with title-cased labels, time played as hours and minutes, hidden bookkeeping
// keys, level with its progress fraction.
import { MAX_LEVEL } from '../../../contract/levels';
import { PRODUCT_LAND } from '../../../contract/product';
import { HIDDEN_LEGACY_KEYS, LEGACY_BLOCKS, type LegacyBlock, type Profile } from '../../../contract/profile';
import { currentLocale, t } from '../../i18n';
import { formatDate, formatDuration, formatNumber, formatRelative } from '../../i18n/format';

export const LEGACY_TITLES: Record<LegacyBlock, string> = {
  STL2Stats: `${PRODUCT_LAND} 2`,
  STL1Stats: `${PRODUCT_LAND} 1`,
  WagmiWorldStats: 'Wagmi World',
  DiscordArcadeStats: 'Discord Arcade',
  DiscordNYCStats: 'NYC Event',
  DiscordFOIStats: 'Forest of Illusion',
};

const ACRONYMS = new Set(['xp', 'kdr', 'id', 'nyc', 'foi', 'pvp', 'npc']);

/** "total_kills" -> "Total Kills", "bestKillStreak" -> "Best Kill Streak", "xp_earned" -> "XP Earned". */
export function titleCaseKey(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => (ACRONYMS.has(word.toLowerCase()) ? word.toUpperCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase()))
    .join(' ');
}

/** Seconds as hours and minutes the locale's way (src/i18n/format.ts formatDuration): "3h 25m", "3時間25分". */
export function formatTimePlayed(seconds: number): string {
  return formatDuration(Math.max(0, seconds) / 60);
}

const isTimeKey = (key: string) => /^time_?played$/i.test(key);

function formatLegacyValue(key: string, value: number | string | boolean | null): string {
  if (value === null) return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (isTimeKey(key)) {
    const n = typeof value === 'number' ? value : Number(value);
    return Number.isFinite(n) ? formatTimePlayed(n) : String(value);
  }
  if (typeof value === 'number') return formatNumber(value, { maximumFractionDigits: 2 });
  return value;
}

export interface LegacyRows { block: LegacyBlock; title: string; rows: Array<{ key: string; label: string; value: string }> }

/** The legacy blocks a player has, in the spec's order, without the hidden keys. */
export function legacyBlocks(profile: Profile): LegacyRows[] {
  const hidden = new Set<string>(HIDDEN_LEGACY_KEYS);
  const out: LegacyRows[] = [];
  for (const block of LEGACY_BLOCKS) {
    const stats = profile[block];
    if (!stats) continue;
    const rows = Object.entries(stats)
      .filter(([key]) => !hidden.has(key))
      .map(([key, value]) => ({ key, label: isTimeKey(key) ? t('profile.timePlayed') : titleCaseKey(key), value: formatLegacyValue(key, value) }));
    if (rows.length > 0) out.push({ block, title: LEGACY_TITLES[block], rows });
  }
  return out;
}

/** Kills per death, two decimals (kills alone when there are no deaths). */
export function kdr(kills: number, deaths: number): string {
  return formatNumber(deaths === 0 ? kills : kills / deaths, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });
}

/** Headshots as a share of kills, to one decimal when it has one (the locale's percent: "33.3%", "33,3 %"). */
export function headshotRate(headshots: number, kills: number): string {
  const share = kills === 0 ? 0 : Math.min(1, headshots / kills);
  return formatNumber(Math.round(share * 1000) / 1000, { style: 'percent', maximumFractionDigits: 1 });
}

export interface GameStat { label: string; value: string }

export function gameStats(profile: Profile): GameStat[] {
  const s = profile.STL3Stats;
  return [
    { label: t('profile.stat.wins'), value: formatNumber(s.wins) },
    { label: t('profile.stat.kills'), value: formatNumber(s.kills) },
    { label: t('profile.stat.kdr'), value: kdr(s.kills, s.deaths) },
    { label: t('profile.stat.headshotRate'), value: headshotRate(s.headshots, s.kills) },
    { label: t('profile.stat.quests'), value: formatNumber(profile.total_quests) },
    { label: t('profile.stat.cratesOpened'), value: formatNumber(s.crates_opened) },
  ];
}

export interface LevelShown { level: number; percent: number; /** What the bar says: "25% to level 4", or "Max level" at 50. */ label: string }

/** The level and the progress toward the next (the fractional part); level 50 has no next. */
export function levelOf(level: number): LevelShown {
  const whole = Math.min(MAX_LEVEL, Math.max(1, Math.floor(level)));
  if (whole >= MAX_LEVEL) return { level: MAX_LEVEL, percent: 100, label: t('profile.maxLevel') };
  const percent = Math.round(Math.min(0.999, Math.max(0, level - Math.floor(level))) * 100);
  return { level: whole, percent, label: t('profile.toLevel', { percent, level: whole + 1 }) };
}

/** "Joined March 2026" from epoch seconds. */
export function joinedText(epochSeconds: number): string {
  const date = new Date(epochSeconds * 1000);
  if (Number.isNaN(date.getTime()) || epochSeconds <= 0) return t('profile.joinedUnknown');
  return t('profile.joined', { date: formatDate(date, { month: 'long', year: 'numeric' }) });
}

/**
 * The online status in the player's language: the server's words in English (the spec's), and
 * outside English the same facts from `lastActiveAt` ("vor 20 Minuten aktiv", "20分前にアクティブ").
 * A server too old to send `lastActiveAt` is shown as it wrote it.
 */
export function onlineStatusText(status: Profile['online_status'], now: number = Date.now()): string {
  if (currentLocale() === 'en' || status.lastActiveAt === undefined) return status.lastActiveText;
  if (status.isOnline) return t('profile.status.online');
  if (status.lastActiveAt === null) return t('profile.status.never');
  const then = Date.parse(status.lastActiveAt);
  if (Number.isNaN(then)) return status.lastActiveText;
  if (now - then < 30 * 86_400_000) return t('profile.status.active', { when: formatRelative(then, now) });
  return t('profile.status.lastActive', { date: formatDate(then, { dateStyle: 'medium' }) });
}
