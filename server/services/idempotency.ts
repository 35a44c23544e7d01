// Idempotency-Key (DESIGN: "a retried request never charges twice"). The purchase runs and then
// claims its key by inserting the key's row, with the answer, in the same transaction: one
// transaction and no extra round trip on the common path. A retry after the first attempt
// committed fails on the key's primary key (or on what the first attempt changed, e.g. the coins
// it spent), rolls everything back, and gets the stored answer instead. A concurrent retry blocks
// on the primary key until the first attempt commits, then does the same. A failed attempt
// stores nothing, so a later retry runs afresh.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { IDEMPOTENCY_HEADER, IdempotencyKey } from '../../contract/http';
import type { Db } from '../db/createDb';
import { inTransaction, type Trx } from '../db/tx';
import { badRequest, conflict } from '../errors';

export const KEY_REUSED = 'This Idempotency-Key was already used for a different request';
export const REPLAY_HEADER = 'idempotent-replayed';

/** The same JSON value gives the same hash whatever the order of its keys. */
export function requestHash(value: unknown): string {
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (v && typeof v === 'object') {
      return Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])]));
    }
    return v;
  };
  return createHash('sha256').update(JSON.stringify(canonical(value ?? null))).digest('hex');
}

/** The request's Idempotency-Key, null without one; a malformed key is a 400. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  const parsed = IdempotencyKey.safeParse(raw);
  if (!parsed.success) throw badRequest('Idempotency-Key must be 8-100 characters: letters, digits and _ . : -', 'INVALID_IDEMPOTENCY_KEY');
  return parsed.data;
}

interface OnceOptions<S extends z.ZodType> {
  userId: string;
  key: string | null;
  /** 'POST /api/crates/buy': a key belongs to one endpoint. */
  endpoint: string;
  body: unknown;
  /** The endpoint's 200 answer: a stored answer is read back through it. */
  response: S;
}

/**
 * Runs `work` in a transaction once per (user, Idempotency-Key): the first successful answer is
 * stored with the purchase and every retry gets it back (`replayed`) without running again.
 */
export async function runOnce<S extends z.ZodType>(db: Db, options: OnceOptions<S>, work: (trx: Trx) => Promise<z.infer<S>>): Promise<{ value: z.infer<S>; replayed: boolean }> {
  const { userId, key, endpoint } = options;
  if (!key) return { value: await inTransaction(db, work), replayed: false };
  const hash = requestHash(options.body);
  const replay = async (): Promise<{ value: z.infer<S>; replayed: true } | null> => {
    const row = await db.selectFrom('idempotency_keys').select(['endpoint', 'request_hash', 'response'])
      .where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
    if (!row) return null;
    if (row.endpoint !== endpoint || (row.request_hash !== null && row.request_hash !== hash)) throw conflict(KEY_REUSED, 'IDEMPOTENCY_KEY_REUSED');
    const stored = options.response.safeParse(row.response);
    if (!stored.success) throw conflict(KEY_REUSED, 'IDEMPOTENCY_KEY_REUSED');
    return { value: stored.data, replayed: true };
  };

  try {
    const value = await inTransaction(db, async (trx) => {
      const result = await work(trx);
      await trx.insertInto('idempotency_keys').values({ user_id: userId, key, endpoint, status: 200, response: JSON.stringify(result), request_hash: hash }).execute();
      return result;
    });
    return { value, replayed: false };
  } catch (error) {
    // Either this key was used before (unique violation, or the work refused because of what
    // that earlier attempt did): the stored answer wins. Otherwise the error stands.
    const earlier = await replay();
    if (earlier) return earlier;
    throw error;
  }
}

/** Marks a replayed answer so clients and logs can tell. */
export function markReplay(reply: FastifyReply, replayed: boolean): void {
  if (replayed) reply.header(REPLAY_HEADER, 'true');
}
