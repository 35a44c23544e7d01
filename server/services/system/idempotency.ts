// Idempotency (DESIGN: "a retried request never charges twice"): one mechanism for the whole
// server, used by the route layer (server/route.ts) for every endpoint the contract marks
// `movesValue` (the Idempotency-Key header; the game-server award's awardId), and by nothing else
// that answers a request. It works inside the request's one transaction:
//  1. the key is claimed first (INSERT … ON CONFLICT DO NOTHING). A concurrent request with the
//     same key, in any process, blocks on that insert until the first one's transaction ends:
//     it commits (the insert then conflicts and the stored answer is replayed) or rolls back
//     (the insert then succeeds and this request runs afresh). No polling, no time-out;
//  2. the handler runs in the same transaction, the answer is stored on the claimed row, and
//     the one commit makes the effect, the claim and the answer durable together.
// So a failure or a crash anywhere before the commit leaves nothing: no value moved, no claim,
// and a retry runs afresh; after the commit a retry gets the original answer
// (`idempotent-replayed: true`). The same key with another endpoint, path parameters or body
// answers 409 KEY_REUSED. Reading the header and marking a replayed answer are the route layer's
// (server/http/idempotency.ts): this file knows keys, not requests. A row claimed by the code before this design and never answered (status
// 0, only from a crash before the upgrade) still answers 409 IDEMPOTENCY_KEY_IN_PROGRESS: it may
// have moved value.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { z } from 'zod';
import { sqlLiteral, withCommit } from '../../db/foldedClient';
import type { Trx } from '../../db/tx';
import { conflict, type DomainError } from '../errors';

export const KEY_REUSED = 'This Idempotency-Key was already used for a different request';
export const KEY_IN_PROGRESS = 'A request with this Idempotency-Key was interrupted before this version of the server; it may have completed.';
/** The owner of the game-server API's keys (its callers have no player). */
export const GAME_SERVER_SCOPE = 'game-server';

const UNANSWERED = 0;
const ANSWERED = 200;

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

export interface KeyedRequest {
  /** Whose key: the player's id, or GAME_SERVER_SCOPE. */
  scope: string;
  key: string;
  /** 'POST /api/crates/buy': a key belongs to one endpoint. */
  endpoint: string;
  /** requestHash of what the request asks (path parameters, query, body). */
  hash: string;
  /** What the same key for another request answers (default 409 IDEMPOTENCY_KEY_REUSED). */
  reused?: () => DomainError;
}

/**
 * Runs `run` once per (scope, key), inside the caller's transaction `trx` (see the header): the
 * claim, `run`'s effect and its answer commit together. A retry gets the stored answer back
 * (`replayed`), read through `response`.
 */
export async function once<T>(trx: Trx, request: KeyedRequest, response: z.ZodType<T>, run: () => Promise<T>): Promise<{ value: T; replayed: boolean; json?: string }> {
  const { scope, key, endpoint, hash } = request;
  const reused = request.reused ?? (() => conflict(KEY_REUSED, 'IDEMPOTENCY_KEY_REUSED'));
  for (let attempt = 0; ; attempt++) {
    // Literals, no parameters: the claim is the transaction's first statement and goes to
    // PostgreSQL in one round trip with its BEGIN (db/foldedClient.ts).
    const claimed = (await sql.raw<{ key: string }>(`insert into idempotency_keys (user_id, key, endpoint, status, response, request_hash) values (${sqlLiteral(scope)}, ${sqlLiteral(key)}, ${sqlLiteral(endpoint)}, ${UNANSWERED}, null, ${sqlLiteral(hash)}) on conflict do nothing returning key`).execute(trx)).rows[0];
    if (claimed) break;
    // The row's transaction has committed (READ COMMITTED: this statement sees it).
    const row = await trx.selectFrom('idempotency_keys').select(['endpoint', 'request_hash', 'status', 'response'])
      .where('user_id', '=', scope).where('key', '=', key).executeTakeFirst();
    if (!row) {
      if (attempt < 3) continue; // pruned a moment ago: claim it
      throw conflict(KEY_IN_PROGRESS, 'IDEMPOTENCY_KEY_IN_PROGRESS');
    }
    if (row.endpoint !== endpoint || (row.request_hash !== null && row.request_hash !== hash)) throw reused();
    if (row.status === UNANSWERED) throw conflict(KEY_IN_PROGRESS, 'IDEMPOTENCY_KEY_IN_PROGRESS');
    const stored = response.safeParse(row.response);
    if (!stored.success) throw reused();
    return { value: stored.data, replayed: true };
  }
  const value = await run();
  // Sent with the COMMIT, in one round trip (db/foldedClient.ts); if it fails, nothing commits.
  // An answer with no JSON (undefined) is stored as NULL, as it always was.
  const answer = JSON.stringify(value) as string | undefined;
  await sql.raw(withCommit(`update idempotency_keys set status = ${ANSWERED}, response = ${answer === undefined ? 'null' : `${sqlLiteral(answer)}::json`} where user_id = ${sqlLiteral(scope)} and key = ${sqlLiteral(key)}`)).execute(trx);
  // The stored text goes back too: a route that writes its answer as is sends these very bytes.
  return { value, replayed: false, ...(answer === undefined ? {} : { json: answer }) };
}
