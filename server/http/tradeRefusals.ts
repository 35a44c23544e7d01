// Refusals by a hold or limit (services/economy/tradeHolds.ts) are kept for the console's report,
// but the refused request's transaction rolls back, taking anything written in it along. So the
// route notes the refusal on its request, and once the answer is ready (after the rollback) an
// onSend hook writes it through the pool.
import type { FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify';
import type { Executor } from '../db/tx';
import { recordLimitHit, TradeRefusal, type LimitHit } from '../services/economy/tradeHolds';

const noted = new WeakMap<FastifyRequest, LimitHit>();

/** Runs the work, noting a TradeRefusal it throws on the request (then throws it on). */
export async function notingRefusals<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TradeRefusal) noted.set(request, error.hit);
    throw error;
  }
}

/** In an area's plugin: writes the refusals its routes noted. A failure to write is logged, never
 * the answer's business. */
export function recordRefusals(app: FastifyInstance, db: Executor): void {
  app.addHook('onSend', refusalRecorder(db));
}

/** The hook itself: a callback hook, since every answer of the area passes it (its reads too),
 * and an async one cost a promise each time; only a refused request waits for its write. */
export function refusalRecorder(db: Executor): onSendHookHandler {
  return (request, _reply, payload, done) => {
    const hit = noted.get(request);
    if (!hit) { done(null, payload); return; }
    noted.delete(request);
    recordLimitHit(db, hit)
      .catch((error: unknown) => request.log.warn({ err: error }, 'could not record a trade limit refusal'))
      .finally(() => done(null, payload));
  };
}
