// A stand-in for CrazyGames' Leaderboard API, written from its page "Leaderboard API"
// (docs.crazygames.com/sdk/leaderboard-api): POST /leaderboard/scores, the game's key in
// X-API-Key (401 {"error": "Unauthorized"} without it or with another), a JSON body
// {scores: [{userId, score, timestamp}]} of at most 100 scores, each with a string userId, a
// finite number score and an ISO 8601 timestamp. The page names 429 past the rate limit and
// partial success (the answer lists only the failed scores); the shape of a success is not
// written there, so this one answers {failed: [...]} with the scores it refused (a userId the
// portal does not know). Anything else is 404. Awkward habits a test may ask for: 429 with
// Retry-After, a 5xx, or a slow answer, for the next N requests.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeScore { userId: string; score: number; timestamp: string }

export interface FakePortalLeaderboard {
  baseUrl: string;
  apiKey: string;
  /** Every accepted score, in arrival order. */
  accepted: FakeScore[];
  /** Requests that reached the endpoint (whatever the answer). */
  requests: number;
  /** The next `times` requests answer `status` (429 carries Retry-After: `retryAfterS`), or wait `delayMs` first. */
  misbehave(habit: { status?: number; delayMs?: number; times: number; retryAfterS?: number }): void;
  /** User ids the portal does not know (their scores fail, the batch's others pass). */
  unknownUsers: Set<string>;
  close(): Promise<void>;
}

export async function startFakePortalLeaderboard(apiKey = 'cg-leaderboard-key'): Promise<FakePortalLeaderboard> {
  const habits: Array<{ status?: number; delayMs?: number; times: number; retryAfterS?: number }> = [];
  const state = { accepted: [] as FakeScore[], requests: 0, unknownUsers: new Set<string>() };
  const server: Server = createServer((req, res) => {
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== '/leaderboard/scores') { send(404, { error: 'Not found' }); return; }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      state.requests += 1;
      const habit = habits[0];
      if (habit) {
        habit.times -= 1;
        if (habit.times <= 0) habits.shift();
      }
      const answer = () => {
        if (habit?.status) {
          send(habit.status, { error: habit.status === 429 ? 'Too Many Requests' : 'Server error' }, habit.status === 429 ? { 'retry-after': String(habit.retryAfterS ?? 0) } : {});
          return;
        }
        if (req.headers['x-api-key'] !== apiKey) { send(401, { error: 'Unauthorized' }); return; }
        if (!String(req.headers['content-type'] ?? '').startsWith('application/json')) { send(400, { error: 'Content-Type must be application/json' }); return; }
        let body: unknown;
        try { body = JSON.parse(Buffer.concat(chunks).toString('utf8')); } catch { send(400, { error: 'Invalid JSON' }); return; }
        const scores = (body as { scores?: unknown }).scores;
        if (!Array.isArray(scores) || scores.length === 0 || scores.length > 100) { send(400, { error: 'scores must be an array of 1 to 100 scores' }); return; }
        const failed: Array<FakeScore & { error: string }> = [];
        for (const s of scores as FakeScore[]) {
          const valid = typeof s?.userId === 'string' && typeof s.score === 'number' && Number.isFinite(s.score)
            && typeof s.timestamp === 'string' && !Number.isNaN(Date.parse(s.timestamp)) && /T/.test(s.timestamp);
          if (!valid) failed.push({ ...s, error: 'Invalid score' });
          else if (state.unknownUsers.has(s.userId)) failed.push({ ...s, error: 'Unknown user' });
          else state.accepted.push({ userId: s.userId, score: s.score, timestamp: s.timestamp });
        }
        send(200, { failed });
      };
      if (habit?.delayMs) setTimeout(answer, habit.delayMs); else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey,
    get accepted() { return state.accepted; },
    get requests() { return state.requests; },
    unknownUsers: state.unknownUsers,
    misbehave: (habit) => { habits.push({ ...habit }); },
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
