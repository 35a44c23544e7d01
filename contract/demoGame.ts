// The local demo game server: what the demo game (demo-game/) asks of it, and what a round pays.
// It stands where a studio's real game server stands: it knows the player from their session,
// times the round, and pays it with the game-server API's own call, POST /api/server/award with
// the GAME_SERVER_KEY (the browser never holds the key). On only with DEMO_GAME_SERVER=1, never
// in production (server/config.ts); these endpoints are not in ALL_ENDPOINTS since a normal
// server does not have them.
import { z } from 'zod';
import { defineEndpoint } from './http';

/** What one finished round of the demo game pays, and how long a round lasts at least. */
export const DemoRoundTerms = z.object({
  /** Seconds from the start of a round before it may be finished (and paid). */
  seconds: z.number().int().positive(),
  /** TripCoins a round pays (two decimals at most), as text like every amount the award takes. */
  tripcoins: z.string(),
  xp: z.number().int().positive(),
});
export type DemoRoundTerms = z.infer<typeof DemoRoundTerms>;

export const DEMO_ROUND_PAY = { tripcoins: '5', xp: 250 } as const;
/** What one finished round reports to the leaderboards through POST /api/server/stats (with the
 * round's seconds as play time): the demo has no real opponents, so it counts one win and a fixed
 * number of knockouts. */
export const DEMO_ROUND_STATS = { wins: 1, kills: 3 } as const;

export const DEMO_GAME_TEXT = {
  roundNotFound: 'No such round is running for you: start a new one',
  tooEarly: (seconds: number) => `A round lasts at least ${seconds} s: keep playing`,
} as const;

export const startDemoRound = defineEndpoint({
  method: 'POST', path: '/api/demo-game-server/rounds', access: 'user',
  summary: 'Local demo only: start a round of the demo game (one at a time per player; a new one replaces the last)',
  response: DemoRoundTerms.extend({ roundId: z.string(), endsAt: z.string() }),
});

export const finishDemoRound = defineEndpoint({
  method: 'POST', path: '/api/demo-game-server/rounds/:id/finish', access: 'user',
  summary: 'Local demo only: finish a round; the demo game server awards it through POST /api/server/award',
  params: z.object({ id: z.string().min(1).max(100) }),
  response: z.object({
    tripcoins: z.string(), xp: z.number().int(),
    /** The player's balance and level after the award (the award endpoint's answer). */
    balance: z.number(), level: z.number().int(), replayed: z.boolean(),
  }),
});

export const demoGameEndpoints = { startDemoRound, finishDemoRound };
