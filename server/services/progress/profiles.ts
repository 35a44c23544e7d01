// What a profile shows, derived from real data: sessions (online, last active), login days
// (streaks), views, progress, balances and the stats game servers report.

/** "Online now", "Active 5 minutes ago", ... from the newest session activity. */
export function lastActiveText(lastSeen: Date | null, now: Date): { isOnline: boolean; lastActiveText: string } {
  if (!lastSeen) return { isOnline: false, lastActiveText: 'Never active' };
  const seconds = Math.max(0, Math.floor((now.getTime() - lastSeen.getTime()) / 1000));
  if (seconds < 5 * 60) return { isOnline: true, lastActiveText: 'Online now' };
  const plural = (n: number, unit: string) => `Active ${n} ${unit}${n === 1 ? '' : 's'} ago`;
  if (seconds < 3600) return { isOnline: false, lastActiveText: plural(Math.floor(seconds / 60), 'minute') };
  if (seconds < 86_400) return { isOnline: false, lastActiveText: plural(Math.floor(seconds / 3600), 'hour') };
  if (seconds < 30 * 86_400) return { isOnline: false, lastActiveText: plural(Math.floor(seconds / 86_400), 'day') };
  return { isOnline: false, lastActiveText: `Last active ${lastSeen.toISOString().slice(0, 10)}` };
}

const DAY = 86_400_000;
const dayNumber = (d: string) => Math.floor(Date.parse(`${d}T00:00:00Z`) / DAY);

/**
 * Streaks from the days (YYYY-MM-DD, UTC) a player was active. The current streak counts
 * consecutive days ending today, or yesterday (today is not over yet).
 */
export function streaks(days: string[], today: Date): { current: number; best: number } {
  const sorted = [...new Set(days.map(dayNumber))].sort((a, b) => a - b);
  let best = 0;
  let run = 0;
  let prev = Number.NaN;
  for (const d of sorted) {
    run = d === prev + 1 ? run + 1 : 1;
    best = Math.max(best, run);
    prev = d;
  }
  const todayNumber = Math.floor(today.getTime() / DAY);
  const last = sorted[sorted.length - 1];
  const current = last !== undefined && (last === todayNumber || last === todayNumber - 1) ? run : 0;
  return { current, best };
}
