// CrazyGames' Leaderboard API for games with a server (CrazyGames docs, "Leaderboard API"):
// POST <base>/leaderboard/scores with the game's key in X-API-Key and a JSON body
// {scores: [{userId, score, timestamp}]}, at most 100 scores a request; 401 for a bad key, 429
// past 1,000 requests a minute; a batch may succeed in part (the answer names only the scores
// that failed). We send each player's weekly total of one stat (the portal's board is configured
// as not incremental, sorted high first: docs/hosts/crazygames.md).
//
// The sender never holds up the game server's report: scores are queued in this process after
// the report committed and sent in batches; a 429, a 5xx or a network failure is tried again
// later (Retry-After when given, else a growing wait), a score is dropped after MAX_TRIES (and
// logged). Only the newest score of a player is kept while waiting: it is a total, the older one
// says nothing more. The queue is this process's memory: a score waiting at a restart is lost
// (the next report of that player sends the total again).

export interface PortalScore { userId: string; score: number; timestamp: string }

export interface PortalScoresOptions {
  baseUrl: string;
  apiKey: string;
  fetchImpl?: typeof fetch;
  log?: { warn(o: object, m: string): void } | undefined;
  /** The first wait after a failure (doubles each time). */
  retryMs?: number;
  maxTries?: number;
  /** A request taking longer is abandoned and tried again. */
  timeoutMs?: number;
}

export const PORTAL_BATCH = 100;
const MAX_TRIES = 6;

export class PortalScores {
  private readonly waiting = new Map<string, { score: PortalScore; tries: number }>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private sending: Promise<void> | null = null;
  private closed = false;
  private readonly url: string;

  constructor(private readonly options: PortalScoresOptions) {
    this.url = `${options.baseUrl.replace(/\/+$/, '')}/leaderboard/scores`;
  }

  /** Queues a player's score; answers at once. */
  submit(score: PortalScore): void {
    if (this.closed || !Number.isFinite(score.score)) return;
    this.waiting.set(score.userId, { score, tries: this.waiting.get(score.userId)?.tries ?? 0 });
    this.schedule(0);
  }

  /** Scores not yet accepted. */
  get pending(): number { return this.waiting.size; }

  /** Resolves once nothing is waiting or being sent (tests). */
  async idle(): Promise<void> {
    while (this.waiting.size || this.sending || this.timer) {
      await (this.sending ?? new Promise((r) => setTimeout(r, 10)));
    }
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.waiting.clear();
  }

  private schedule(ms: number): void {
    if (this.closed || this.timer || this.sending) return;
    this.timer = setTimeout(() => { this.timer = null; this.sending = this.sendBatch().finally(() => { this.sending = null; if (this.waiting.size) this.schedule(0); }); }, ms);
    this.timer.unref?.();
  }

  private async sendBatch(): Promise<void> {
    const batch = [...this.waiting.values()].slice(0, PORTAL_BATCH);
    for (const entry of batch) this.waiting.delete(entry.score.userId);
    const requeue = (wait: number, why: string) => {
      for (const entry of batch) {
        if (this.waiting.has(entry.score.userId)) continue; // a newer total came meanwhile
        if (entry.tries + 1 >= (this.options.maxTries ?? MAX_TRIES)) { this.options.log?.warn({ userId: entry.score.userId, why }, 'CrazyGames leaderboard score dropped after its last try'); continue; }
        this.waiting.set(entry.score.userId, { score: entry.score, tries: entry.tries + 1 });
      }
      if (this.waiting.size && !this.closed) {
        if (this.timer) clearTimeout(this.timer);
        this.timer = setTimeout(() => { this.timer = null; this.schedule(0); }, wait);
        this.timer.unref?.();
      }
    };
    const tries = Math.max(...batch.map((e) => e.tries));
    const backoff = (this.options.retryMs ?? 1_000) * 2 ** tries;
    let response: Response;
    try {
      response = await (this.options.fetchImpl ?? fetch)(this.url, {
        method: 'POST',
        headers: { 'x-api-key': this.options.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ scores: batch.map((e) => e.score) }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      requeue(backoff, error instanceof Error ? error.message : 'network');
      return;
    }
    const text = await response.text().catch(() => '');
    if (response.status === 429 || response.status >= 500) {
      const after = Number(response.headers.get('retry-after'));
      requeue(Number.isFinite(after) && after > 0 ? after * 1000 : backoff, `HTTP ${response.status}`);
      return;
    }
    if (!response.ok) {
      // 401 (the key) or 400 (a body the API refused): trying again sends the same.
      this.options.log?.warn({ status: response.status, body: text.slice(0, 500) }, 'CrazyGames leaderboard refused the scores');
      return;
    }
    // Accepted, perhaps in part: the answer names the scores that failed; they are logged, not
    // sent again (what failed was the score itself, such as an unknown userId).
    if (/fail|error/i.test(text)) this.options.log?.warn({ body: text.slice(0, 500) }, 'CrazyGames leaderboard refused some scores');
  }
}
