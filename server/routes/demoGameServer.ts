// The local demo game server (DEMO_GAME_SERVER=1, never in production: server/config.ts). It
// plays the part a studio's real game server plays for the demo game: it knows the player from
// their session, times their round, and pays a finished round with the game-server API's own
// request, POST /api/server/award with `Authorization: Bearer <GAME_SERVER_KEY>`, sent through
// the whole HTTP pipeline (auth, validation, idempotency by awardId) exactly as a game server
// elsewhere would send it, and reports the round's stats (POST /api/server/stats) for the
// leaderboards. The key stays on the server; the browser only starts and finishes rounds.
// Rounds live in this process's memory (one per player; a new one replaces the last): a local
// try-out runs one process.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DEMO_GAME_TEXT, DEMO_ROUND_PAY, DEMO_ROUND_STATS, finishDemoRound, startDemoRound, type DemoRoundTerms } from '../../contract/demoGame';
import { AwardResult } from '../../contract/economy';
import { conflict, HttpError, notFound } from '../errors';
import { route } from '../route';

/** At most this many players with a round running; the oldest round goes first past it. */
const MAX_ROUNDS = 10_000;

interface Round { id: string; startedAt: number }

export function demoRoundTerms(seconds: number): DemoRoundTerms {
  return { seconds, tripcoins: DEMO_ROUND_PAY.tripcoins, xp: DEMO_ROUND_PAY.xp };
}

export async function demoGameServerRoutes(app: FastifyInstance): Promise<void> {
  const { DEMO_ROUND_SECONDS: seconds } = app.config;
  const rounds = new Map<string, Round>();

  route(app, startDemoRound, async ({ user }) => {
    const round = { id: randomUUID(), startedAt: Date.now() };
    rounds.delete(user.id);
    rounds.set(user.id, round);
    if (rounds.size > MAX_ROUNDS) rounds.delete(rounds.keys().next().value as string);
    return { roundId: round.id, endsAt: new Date(round.startedAt + seconds * 1000).toISOString(), ...demoRoundTerms(seconds) };
  }, { transaction: 'steps' });

  route(app, finishDemoRound, async ({ user, params }) => {
    const round = rounds.get(user.id);
    if (!round || round.id !== params.id) throw notFound(DEMO_GAME_TEXT.roundNotFound);
    if (Date.now() < round.startedAt + seconds * 1000) throw conflict(DEMO_GAME_TEXT.tooEarly(seconds), 'ROUND_TOO_SHORT');
    const key = app.config.GAME_SERVER_KEY;
    if (!key) throw new HttpError(503, 'The game server API is not configured (GAME_SERVER_KEY)', 'NOT_CONFIGURED');
    // The game server's call, as any game server makes it.
    const answer = await app.inject({
      method: 'POST', url: '/api/server/award',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: { uuid: user.id, awardId: `demo-round:${round.id}`, tripcoins: DEMO_ROUND_PAY.tripcoins, xp: DEMO_ROUND_PAY.xp },
    });
    if (answer.statusCode !== 200) {
      const body = answer.json<{ error?: string; code?: string }>();
      throw new HttpError(answer.statusCode, body.error ?? 'The award was refused', body.code);
    }
    // The round's stats, as a game server reports them (once per round): the profile's Time Played
    // and the leaderboards count them. The award has been paid by now, so a refused report is
    // logged, never turned into a failed round.
    const stats = await app.inject({
      method: 'POST', url: '/api/server/stats',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: { uuid: user.id, reportId: `demo-round:${round.id}`, ...DEMO_ROUND_STATS, timeplayed: seconds },
    });
    if (stats.statusCode !== 200) app.log.warn({ status: stats.statusCode }, 'demo round: the stats report was refused');
    rounds.delete(user.id);
    const result = AwardResult.parse(answer.json());
    return { tripcoins: DEMO_ROUND_PAY.tripcoins, xp: DEMO_ROUND_PAY.xp, balance: result.tripcoins, level: result.currentLevel, replayed: result.replayed };
  }, { transaction: 'steps' });
}
