// What a process does on SIGTERM or SIGINT (server/main.ts installs it once it listens), so that
// a rolling deploy drops nothing (docs/deploy.md):
//  1. the drain: /api/ready answers 503 at once while every other request is still served, for
//     SHUTDOWN_DRAIN_S (10 s in production, 0 elsewhere), time for a load balancer's health
//     check to take the process out;
//  2. app.close(): no new connection is accepted, requests in flight finish, live-event streams
//     end with a reconnect hint (routes/liveEvents.ts) that sends their pages to another process,
//     the jobs stop and the database is released (a PGlite folder's lock too);
//  3. exit 0.
// A second signal (at least a second after the first) exits at once, with 128 + its number as
// the shell reports a killed process. One within that second is the same stop told twice (a
// terminal's Ctrl-C reaches both `npm start` and this process, which forwards it), and is ignored.
// Requests still running FINISH_TIMEOUT_MS after the drain are cut, and the exit is 1.
import type { FastifyInstance } from 'fastify';
import { shutdownDrainSeconds } from './config';

/** How long requests in flight may take to finish once the drain is over. */
export const FINISH_TIMEOUT_MS = 30_000;
/** A repeat of the stop signal within this long is the same stop, not an insistence. */
export const REPEAT_IGNORED_MS = 1_000;

const SIGNAL_NUMBERS = { SIGINT: 2, SIGTERM: 15 } as const;
type StopSignal = keyof typeof SIGNAL_NUMBERS;

export function handleStopSignals(app: FastifyInstance): void {
  const exit = (code: number) => process.exit(code);
  const now = () => performance.now();
  let firstAt: number | null = null;
  const onSignal = (signal: StopSignal) => {
    if (firstAt === null) {
      firstAt = now();
      void stop(app, signal).then(exit);
      return;
    }
    if (now() - firstAt < REPEAT_IGNORED_MS) return;
    app.log.warn(`${signal} again: exiting now, without finishing requests in flight`);
    exit(128 + SIGNAL_NUMBERS[signal]);
  };
  for (const signal of Object.keys(SIGNAL_NUMBERS) as StopSignal[]) process.on(signal, () => onSignal(signal));
}

/** The drain, then the close; resolves to the exit code. */
export async function stop(app: FastifyInstance, signal: string): Promise<number> {
  const drainS = shutdownDrainSeconds(app.config);
  app.drain.begin();
  app.log.info(`${signal}: draining for ${drainS} s (/api/ready answers 503), then closing`);
  if (drainS > 0) await new Promise((resolve) => setTimeout(resolve, drainS * 1000));
  // A connection whose request finished after the close began would idle until its keep-alive
  // time-out (72 s) holding the close open: idle ones are closed as they appear.
  const idle = setInterval(() => app.server.closeIdleConnections(), 100);
  let timedOut = false;
  const cut = setTimeout(() => { timedOut = true; app.server.closeAllConnections(); }, FINISH_TIMEOUT_MS);
  try {
    await app.close();
    app.log.info(`${signal}: closed${timedOut ? ' (requests still running were cut)' : ''}; exiting`);
    return timedOut ? 1 : 0;
  } catch (error) {
    app.log.error({ err: error }, 'closing failed');
    return 1;
  } finally {
    clearInterval(idle);
    clearTimeout(cut);
  }
}
