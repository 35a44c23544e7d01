// The HTTP side of idempotency (the mechanism itself, in the request's transaction, is
// services/system/idempotency.ts): the Idempotency-Key header a request brings, and the header that
// marks an answer replayed from a stored one.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER, IdempotencyKey } from '../../contract/http';
import { badRequest } from '../errors';

export const REPLAY_HEADER = 'idempotent-replayed';

/** The request's Idempotency-Key, null without one; a malformed key is a 400. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  const parsed = IdempotencyKey.safeParse(raw);
  if (!parsed.success) throw badRequest('Idempotency-Key must be 8-100 characters: letters, digits and _ . : -', 'INVALID_IDEMPOTENCY_KEY');
  return parsed.data;
}

/** Marks a replayed answer so clients and logs can tell. */
export function markReplay(reply: FastifyReply, replayed: boolean): void {
  if (replayed) reply.header(REPLAY_HEADER, 'true');
}
