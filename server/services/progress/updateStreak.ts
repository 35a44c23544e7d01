// The daily update streak for the shell's page: the release notes' figure
// (contract/releaseStreak.ts, the one computation both use), kept in memory so serving the page
// never waits on the database. A figure older than `ttlMs` (60 s, as long as /api/getReleaseLogs
// may be cached) is still served while a fresh one is read in the background; a release published
// through this process forgets it (routes/releases.ts), other processes see it within `ttlMs`.
// Only before the first read, and after such a publish, does a page wait, at most `waitMs`: then it goes
// without a figure and the loading screen falls back to the spec's 223, as it does when there is
// no release at all or the log cannot be read.
import { streakLastDay, updateStreak, type StreakRelease } from '../../../contract/releaseStreak';
import type { Executor } from '../../db/tx';

export interface UpdateStreakCache {
  /** The streak, or null when there is no release data (yet). */
  current(): Promise<number | null>;
  /** The newest release day the streak counts, from the same read as current()'s figure. */
  lastDay(): string | null;
  /** A release was published: read the log again on the next page. */
  forget(): void;
}

export interface UpdateStreakOptions {
  ttlMs?: number;
  waitMs?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

export function createUpdateStreakCache(load: () => Promise<readonly StreakRelease[]>, options: UpdateStreakOptions = {}): UpdateStreakCache {
  const { ttlMs = 60_000, waitMs = 250, now = Date.now, onError = () => undefined } = options;
  let value: number | null = null;
  let last: string | null = null;
  let known = false;
  let readAt = -Infinity;
  /** A release was published here: the next page waits (up to waitMs) for the new figure. */
  let forgotten = false;
  let generation = 0;
  let pending: Promise<void> | null = null;

  const refresh = (): Promise<void> => {
    if (pending) return pending;
    const started = generation;
    pending = load()
      .then((logs) => {
        value = logs.length > 0 ? updateStreak(logs) : null;
        last = streakLastDay(logs);
        known = true;
        // A release published while this read was under way: the figure may predate it.
        if (started === generation) readAt = now();
      })
      .catch((error: unknown) => { onError(error); })
      .finally(() => { pending = null; });
    return pending;
  };

  return {
    async current() {
      if (known && now() - readAt < ttlMs) return value;
      const reading = refresh();
      // Merely old: the old figure now, the new one for the next page.
      if (known && !forgotten) return value;
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([reading, new Promise<void>((resolve) => { timer = setTimeout(resolve, waitMs); })]);
      clearTimeout(timer);
      if (Number.isFinite(readAt)) forgotten = false;
      return known ? value : null;
    },
    lastDay() {
      return known ? last : null;
    },
    forget() {
      generation += 1;
      readAt = -Infinity;
      forgotten = true;
    },
  };
}

/** Only what the streak needs of each release (not its change lists). */
async function streakReleases(db: Executor): Promise<StreakRelease[]> {
  const rows = await db.selectFrom('release_logs').select(['version', 'release_date']).execute();
  return rows.map((r) => ({
    version: r.version,
    release_date: typeof r.release_date === 'string' ? r.release_date.slice(0, 10) : r.release_date.toISOString().slice(0, 10),
  }));
}

const caches = new WeakMap<object, UpdateStreakCache>();

/** The one cache per database handle: the page (plugins/static.ts) reads it, publishing forgets it. */
export function updateStreakCacheOf(db: Executor, onError?: (error: unknown) => void): UpdateStreakCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = createUpdateStreakCache(() => streakReleases(db), { onError });
    caches.set(db, cache);
  }
  return cache;
}
