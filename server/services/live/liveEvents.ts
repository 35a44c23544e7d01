// Publishing a live event (contract/liveEvents.ts) to one player, from the service where the
// thing happens, in the caller's transaction: the event is a row of live_events (so a stream that
// reconnects, to any API process, resumes after its Last-Event-ID) and a NOTIFY on
// LIVE_EVENTS_CHANNEL carrying it, which PostgreSQL (and PGlite) delivers when the transaction
// commits and never when it rolls back. Every process LISTENs once (services/live/liveEventHub.ts).
import { sql } from 'kysely';
import { LIVE_EVENTS_RETENTION_MINUTES, LiveEvent, LiveEventEnvelope } from '../../../contract/liveEvents';
import type { Executor, Trx } from '../../db/tx';

export const LIVE_EVENTS_CHANNEL = 'tripshell_live_events';
/** How many events a resuming stream is sent at most (the newest are the ones kept). */
export const RESUME_LIMIT = 200;

/** The NOTIFY payload: which player, and the event with its id. */
export interface LiveNotification { userId: string; envelope: LiveEventEnvelope }

export async function publishLiveEvent(trx: Trx, userUuid: string, event: LiveEvent): Promise<void> {
  const parsed = LiveEvent.parse(event);
  await sql`WITH e AS (
      INSERT INTO live_events (user_id, event) VALUES (${userUuid}, ${JSON.stringify(parsed)}::jsonb) RETURNING id, user_id, event)
    SELECT pg_notify(${LIVE_EVENTS_CHANNEL}, json_build_object('userId', e.user_id, 'id', e.id::text, 'event', e.event)::text) FROM e`.execute(trx);
}

/** Parses a NOTIFY payload; null for anything else. */
export function parseNotification(payload: string): LiveNotification | null {
  try {
    const raw = JSON.parse(payload) as { userId?: unknown; id?: unknown; event?: unknown };
    if (typeof raw.userId !== 'string') return null;
    const envelope = LiveEventEnvelope.safeParse({ id: raw.id, event: raw.event });
    return envelope.success ? { userId: raw.userId, envelope: envelope.data } : null;
  } catch {
    return null;
  }
}

/** A player's events after `afterId` still kept (oldest first), for a stream that resumes. */
export async function eventsAfter(db: Executor, userId: string, afterId: bigint): Promise<LiveEventEnvelope[]> {
  const rows = await db.selectFrom('live_events').select(['id', 'event'])
    .where('user_id', '=', userId).where('id', '>', afterId.toString())
    .where('created_at', '>=', sql<Date>`now() - make_interval(mins => ${LIVE_EVENTS_RETENTION_MINUTES})`)
    .orderBy('id', 'desc').limit(RESUME_LIMIT).execute();
  const out: LiveEventEnvelope[] = [];
  for (const row of rows.reverse()) {
    const event = LiveEvent.safeParse(typeof row.event === 'string' ? JSON.parse(row.event) : row.event);
    if (event.success) out.push({ id: String(row.id), event: event.data });
  }
  return out;
}

/** The player's newest kept event id (0 when none): where a stream without Last-Event-ID starts. */
export async function latestEventId(db: Executor, userId: string): Promise<bigint> {
  const row = await db.selectFrom('live_events').select((eb) => eb.fn.max('id').as('id')).where('user_id', '=', userId).executeTakeFirst();
  return row?.id == null ? 0n : BigInt(row.id);
}
