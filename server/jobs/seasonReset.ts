// The leaderboards' weekly reset at the hour, on a timer the start-up step sets (server/start.ts):
// every process opens the new season when its clock reaches it, and the first to do so closes the
// old one (services/leaderboards/seasons.ts). A score reported first does the same, so a process
// asleep at the hour changes nothing. The first try runs before the process serves (a started
// process has its week's season open), and stopping waits for a try in flight, so nothing is
// written once the app has closed. It lives here, not with the routes, because buildApp only
// builds: a second app on a started database, ready and answering, writes no row.
import type { FastifyInstance } from 'fastify';
import { leaderboardsOf } from '../routes/leaderboards';
import { seasonEnd, seasonStart } from '../services/leaderboards/seasons';
import { jobTransactions } from './purchaseJobs';

/** Longest sleep between tries: a clock that jumps is caught within it. */
const LONGEST_WAIT_MS = 6 * 3600_000;

export function scheduleSeasonReset(app: FastifyInstance): { first: Promise<void>; stop(): Promise<void> } {
  const boards = leaderboardsOf(app);
  const transaction = jobTransactions(app);
  const hour = app.config.LEADERBOARD_RESET_HOUR;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const tryOpen = async (): Promise<void> => {
    try {
      const { opened, season } = await transaction((trx) => boards.enterSeason(trx));
      if (opened) app.log.info({ season }, 'leaderboard season opened');
    } catch (error) {
      app.log.warn({ err: error }, 'leaderboard season could not be opened; the next score opens it');
    }
    if (stopped) return;
    // Just past the next season's start (50 ms, so the clock is surely in it).
    const wait = seasonEnd(seasonStart(new Date(), hour)).getTime() - Date.now() + 50;
    timer = setTimeout(() => { running = tryOpen(); }, Math.min(Math.max(wait, 1_000), LONGEST_WAIT_MS));
    timer.unref();
  };
  let running = tryOpen();
  return {
    first: running,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
