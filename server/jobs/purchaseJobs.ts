// Real-money packs' work outside a request, on timers the start-up step sets (server/start.ts):
// the consume calls that failed, retried every PURCHASE_CONSUME_RETRY_MS, and the providers'
// reconcile every PURCHASE_RECONCILE_MS. What each round does is services/purchases/ (consume.ts,
// reconcile.ts, xsollaReconcile.ts); a job opens its own transactions, so it hands them its runner.
import type { FastifyInstance } from 'fastify';
import { inTransaction, type RunInTransaction } from '../db/tx';
import { consumeDue } from '../services/purchases/consume';
import { discordReconciler, webReconciler } from '../services/purchases/reconcile';
import { xsollaReconciler } from '../services/purchases/xsollaReconcile';

/** A job's transactions: its own, with inTransaction's retry (no route opens them for it). */
export function jobTransactions(app: FastifyInstance): RunInTransaction {
  return (fn) => inTransaction(app.db, fn);
}

/** Runs `round` every `intervalMs` (never two at once); errors are logged, never thrown. */
export function scheduleRounds(name: string, round: () => Promise<unknown>, intervalMs: number, log: { warn(obj: unknown, msg: string): void }): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(() => round().then(() => undefined, (error: unknown) => log.warn({ err: error }, `${name} failed`)));
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return { stop: async () => { clearInterval(timer); await running; } };
}

export function scheduleConsumes(app: FastifyInstance): { stop(): Promise<void> } {
  return scheduleRounds('purchase consume retry', () => consumeDue(app, jobTransactions(app)), app.config.PURCHASE_CONSUME_RETRY_MS, app.log);
}

export function scheduleReconcile(app: FastifyInstance): { stop(): Promise<void> } {
  const transaction = jobTransactions(app);
  const discord = discordReconciler(app, transaction);
  const web = webReconciler(app, transaction);
  const xsolla = xsollaReconciler(app, transaction);
  return scheduleRounds('purchase reconcile', async () => {
    await discord.round().catch((error: unknown) => { app.log.warn({ err: error }, 'Discord entitlement reconcile failed'); });
    await web.round().catch((error: unknown) => { app.log.warn({ err: error }, 'web checkout reconcile failed'); });
    await xsolla.round().catch((error: unknown) => { app.log.warn({ err: error }, 'Xsolla order reconcile failed'); });
  }, app.config.PURCHASE_RECONCILE_MS, app.log);
}
