// Idempotency-Key (DESIGN: "a retried request never charges twice"), for every endpoint the
// contract marks `movesValue`, applied once by the route layer (server/route.ts), never by a
// handler. The first request with a key claims it (a row with status 0) before its handler runs:
//  - it succeeds: its answer is stored on the row, and every retry gets that answer back
//    (`idempotent-replayed: true`) without running again;
//  - it fails: the claim is released, so a later retry runs afresh (a failure moved nothing);
//  - a retry arriving while it runs waits for the answer (as long as WAIT_MS), in any process;
//  - the same key with another endpoint, path parameters or body: 409 KEY_REUSED, everywhere.
// A claim whose request died with its process (no answer after STALE_S) answers 409
// IDEMPOTENCY_KEY_IN_PROGRESS: it may have moved value, so it is never run a second time.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { IDEMPOTENCY_HEADER, IdempotencyKey } from '../../contract/http';
import type { Db } from '../db/createDb';
import { badRequest, conflict } from '../errors';

export const KEY_REUSED = 'This Idempotency-Key was already used for a different request';
export const KEY_IN_PROGRESS = 'A request with this Idempotency-Key is still being processed. Please try again shortly.';
export const REPLAY_HEADER = 'idempotent-replayed';
/** The owner of the game-server API's keys (its callers have no player). */
export const GAME_SERVER_SCOPE = 'game-server';

const PENDING = 0;
const WAIT_MS = 20_000;
const STALE_S = 120;

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

export interface KeyedRequest {
  /** Whose key: the player's id, or GAME_SERVER_SCOPE. */
  scope: string;
  key: string;
  /** 'POST /api/crates/buy': a key belongs to one endpoint. */
  endpoint: string;
  /** requestHash of what the request asks (path parameters, query, body). */
  hash: string;
}

/**
 * Runs `run` once per (scope, key): the first successful answer is stored and every retry gets it
 * back (`replayed`) without running again. The answer is read back through `response`.
 */
export async function once<T>(db: Db, request: KeyedRequest, response: z.ZodType<T>, run: () => Promise<T>): Promise<{ value: T; replayed: boolean }> {
  const { scope, key, endpoint, hash } = request;
  const deadline = Date.now() + WAIT_MS;
  for (let wait = 10; ; wait = Math.min(wait * 2, 200)) {
    const claimed = await db.insertInto('idempotency_keys')
      .values({ user_id: scope, key, endpoint, status: PENDING, response: null, request_hash: hash })
      .onConflict((oc) => oc.doNothing())
      .returning('key')
      .executeTakeFirst();
    if (claimed) break;
    const row = await db.selectFrom('idempotency_keys')
      .select(['endpoint', 'request_hash', 'status', 'response', sql<boolean>`created_at < now() - make_interval(secs => ${STALE_S})`.as('stale')])
      .where('user_id', '=', scope).where('key', '=', key).executeTakeFirst();
    if (!row) continue; // released a moment ago: claim it
    if (row.endpoint !== endpoint || (row.request_hash !== null && row.request_hash !== hash)) throw conflict(KEY_REUSED, 'IDEMPOTENCY_KEY_REUSED');
    if (row.status !== PENDING) {
      const stored = response.safeParse(row.response);
      if (!stored.success) throw conflict(KEY_REUSED, 'IDEMPOTENCY_KEY_REUSED');
      return { value: stored.data, replayed: true };
    }
    if (row.stale || Date.now() > deadline) throw conflict(KEY_IN_PROGRESS, 'IDEMPOTENCY_KEY_IN_PROGRESS');
    await new Promise((resolve) => setTimeout(resolve, wait));
  }

  let value: T;
  try {
    value = await run();
  } catch (error) {
    // Nothing was moved (the handler's transaction rolled back): the key is free again. If even
    // that fails, the claim stays and goes stale (409 IN_PROGRESS): never a second run.
    await db.deleteFrom('idempotency_keys').where('user_id', '=', scope).where('key', '=', key).where('status', '=', PENDING).execute().catch(() => undefined);
    throw error;
  }
  await db.updateTable('idempotency_keys').set({ status: 200, response: JSON.stringify(value) })
    .where('user_id', '=', scope).where('key', '=', key).execute();
  return { value, replayed: false };
}

/** Marks a replayed answer so clients and logs can tell. */
export function markReplay(reply: FastifyReply, replayed: boolean): void {
  if (replayed) reply.header(REPLAY_HEADER, 'true');
}
