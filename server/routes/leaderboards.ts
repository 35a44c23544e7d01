// Leaderboards (docs/leaderboards.md): the board read, the scores the game server's stats report
// adds (routes/profile.ts calls `leaderboardsOf(app).record`), and the scores sent on to
// CrazyGames' leaderboard where it is configured. The weekly reset at the hour is a job the
// start-up step sets (jobs/seasonReset.ts).
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { readLeaderboard } from '../../contract/leaderboards';
import { PortalScores } from '../providers/crazygamesLeaderboard';
import { route } from '../route';
import { providerIdOfUser } from '../services/accounts/providerIds';
import { Leaderboards, type WeeklyScore } from '../services/leaderboards/leaderboards';
import { databaseClock } from '../services/leaderboards/seasons';

/** One per app (its route areas are separate plugins: the stats report and the board share it). */
const perApp = new WeakMap<object, Leaderboards>();

export function leaderboardsOf(app: FastifyInstance): Leaderboards {
  const known = perApp.get(app.db);
  if (known) return known;
  const c = app.config;
  let portal: PortalScores | null = null;
  if (c.CRAZYGAMES_LEADERBOARD_URL && c.CRAZYGAMES_LEADERBOARD_KEY) {
    portal = new PortalScores({ baseUrl: c.CRAZYGAMES_LEADERBOARD_URL, apiKey: c.CRAZYGAMES_LEADERBOARD_KEY, log: app.log });
  }
  const toPortal = portal ? sendToPortal(app, portal, c.LEADERBOARD_CRAZYGAMES_STAT) : undefined;
  const boards = new Leaderboards(
    { resetHour: c.LEADERBOARD_RESET_HOUR, stats: c.LEADERBOARD_STATS, cacheMs: c.LEADERBOARD_CACHE_MS },
    databaseClock, `${hostname()}:${process.pid}`, toPortal,
  );
  perApp.set(app.db, boards);
  app.addHook('onClose', async () => { boards.close(); portal?.close(); perApp.delete(app.db); });
  return boards;
}

/** A weekly score of the portal's stat, for a player signed in through the portal, goes there. */
function sendToPortal(app: FastifyInstance, portal: PortalScores, stat: string) {
  return (score: WeeklyScore) => {
    if (score.stat !== stat) return;
    void providerIdOfUser(app.db, 'crazygames', score.userId)
      .then((portalId) => { if (portalId) portal.submit({ userId: portalId, score: score.value, timestamp: score.at.toISOString() }); })
      .catch((error: unknown) => app.log.warn({ err: error }, 'CrazyGames leaderboard: the player could not be read'));
  };
}

export async function leaderboardRoutes(app: FastifyInstance): Promise<void> {
  const boards = leaderboardsOf(app);

  route(app, readLeaderboard, async ({ query, user, db, reply }) => {
    reply.header('cache-control', 'no-store');
    return boards.read(db, user.id, query);
  });
}
