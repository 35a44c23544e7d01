// GET /api/events: the signed-in player's live events as Server-Sent Events (contract/liveEvents.ts).
// - 401 anonymous; 429 with Retry-After past a cap: LIVE_EVENTS_PER_PLAYER streams per player,
//   LIVE_EVENTS_PER_ADDRESS per address (an IPv6 client's /64), LIVE_EVENTS_PER_PROCESS in this
//   process. The slot is taken in one synchronous step right after the session is known, before
//   anything else is awaited (services/live/liveEventHub.ts), so concurrent requests never pass a cap;
// - `Last-Event-ID` (a decimal int8) resumes: what was published after it and is still kept
//   (10 min) comes first; without it the stream starts from now; any other value is a 400;
// - the stream's first block carries its current id (`id:` without data), so a client that saw no
//   event yet still resumes from where it started, not from the moment it reconnects;
// - the server ends a stream after LIVE_EVENTS_MAX_LIFETIME_MS (less up to a tenth, so streams
//   opened together do not all reconnect together); the client resumes with Last-Event-ID;
// - a revoked session (logout, logout everywhere, password change, a ban) ends its streams when
//   the revocation commits, after what the same transaction published (a ban's 'banned');
// - a comment line every LIVE_EVENTS_HEARTBEAT_MS keeps proxies from closing an idle stream, and
//   checks the session: an expired one ends the stream;
// - when the process stops (server/shutdown.ts, after its drain), each stream ends with a
//   `reconnect` event and a short `retry:` (spread over a second so the streams of a process do
//   not all land on the next one in the same instant): the client comes back at once, through the
//   load balancer to another process, and resumes with Last-Event-ID;
// - never compressed or buffered (`Cache-Control: no-transform`, `X-Accel-Buffering: no`).
// The stream takes the connection from Fastify (hijack), so it writes its own headers.
import type { FastifyInstance } from 'fastify';
import { LIVE_EVENTS_PATH, LIVE_EVENTS_RECONNECT, parseLastEventId, type LiveEventEnvelope } from '../../contract/liveEvents';
import { badRequest, retryLater, unauthorized } from '../errors';
import { loadPlayer, sessionTokenOf } from '../http/sessions';
import { eventsAfter, latestEventId } from '../services/live/liveEvents';
import { addressKeyOf } from '../services/system/rateLimit';

/** Seconds a refused stream is told to wait (Retry-After). */
export const STREAM_RETRY_AFTER_S = 10;
const SENT_MEMORY = 500;
/** The reconnect delay a stream ended by a stopping process is given: this, plus up to HANDOVER_SPREAD_MS. */
export const HANDOVER_MIN_MS = 100;
export const HANDOVER_SPREAD_MS = 900;
const REFUSED: Record<'player' | 'address' | 'process', string> = {
  player: 'Too many open event streams for this player',
  address: 'Too many open event streams from this address',
  process: 'This server has too many open event streams; try again shortly',
};

export async function liveEventRoutes(app: FastifyInstance): Promise<void> {
  app.get(LIVE_EVENTS_PATH, { schema: { summary: 'The signed-in player\'s live events (Server-Sent Events)', tags: ['events'] } }, async (request, reply) => {
    const rawLastId = request.headers['last-event-id'];
    const resumeFrom = rawLastId === undefined || rawLastId === '' ? null : parseLastEventId(rawLastId);
    if (rawLastId !== undefined && rawLastId !== '' && resumeFrom === null) throw badRequest('Last-Event-ID must be an event id (a decimal number)', 'BAD_LAST_EVENT_ID');
    await loadPlayer(app, request);
    const user = request.user;
    const token = sessionTokenOf(request);
    if (!user || !token) throw unauthorized();
    // Nothing is awaited between the check and the count: openSlot does both at once.
    const taken = app.liveEvents.openSlot(user.id, addressKeyOf(request.ip), user.sessionId);
    if (typeof taken === 'string') throw retryLater(429, REFUSED[taken], 'TOO_MANY_STREAMS', STREAM_RETRY_AFTER_S);
    const slot = taken;
    let lastId: bigint;
    try {
      lastId = resumeFrom ?? await latestEventId(app.db, user.id);
    } catch (error) {
      slot.close();
      throw error;
    }
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      connection: 'keep-alive',
    });
    res.write(`retry: 2000\nid: ${lastId}\n: connected\n\n`);

    const sent = new Set<string>();
    let closed = false;
    // At least once: a live event is not dropped for an id at or below where the stream started.
    // Ids are drawn before their transaction commits, so a lower id can commit after the start was
    // read; the price is that an event committed just before the stream opened may arrive once.
    const send = (envelope: LiveEventEnvelope) => {
      if (closed || sent.has(envelope.id)) return;
      sent.add(envelope.id);
      if (sent.size > SENT_MEMORY) sent.delete(sent.values().next().value as string);
      const id = BigInt(envelope.id);
      if (id > lastId) lastId = id;
      res.write(`id: ${envelope.id}\ndata: ${JSON.stringify(envelope.event)}\n\n`);
    };
    // While the backlog is read, live events wait behind it: the LISTEN connection may hand over
    // an event already in the backlog before the read returns (sent first, it would come before
    // older ones, and move lastId past events the read has not sent yet).
    // A resuming stream holds them from the moment it subscribes.
    let held: LiveEventEnvelope[] | null = resumeFrom !== null ? [] : null;
    let reading: Promise<void> | null = null;
    let readAgain = false;
    const deliver = (envelope: LiveEventEnvelope) => { if (held) held.push(envelope); else send(envelope); };
    /** Reads what was missed; while a read runs, asks it to read once more and waits for it. */
    const catchUp = (): Promise<void> => {
      if (reading) { readAgain = true; return reading; }
      const waiting = held ??= [];
      reading = (async () => {
        try {
          do {
            readAgain = false;
            for (const envelope of await eventsAfter(app.db, user.id, lastId)) send(envelope);
          } while (readAgain);
        } catch (error) {
          request.log.warn({ err: error }, 'live events: reading missed events failed');
        } finally {
          held = null;
          reading = null;
          for (const envelope of waiting.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1))) send(envelope);
        }
      })();
      return reading;
    };
    const checkSession = () => {
      void app.sessions.find(token).then((still) => { if (!still || still.id !== user.id) end(); }, () => undefined);
    };
    const heartbeat = setInterval(() => {
      if (closed) return;
      res.write(': ping\n\n');
      checkSession();
    }, app.config.LIVE_EVENTS_HEARTBEAT_MS);
    const lifetime = app.config.LIVE_EVENTS_MAX_LIFETIME_MS;
    const retire = setTimeout(() => end(), lifetime - Math.floor(Math.random() * lifetime / 10));
    // Revoked: what the revoking transaction published for this player (a ban's 'banned') has
    // committed with it; read it from the table, send it, then end.
    let ending = false;
    const revoked = () => {
      if (ending || closed) return;
      ending = true;
      void catchUp().finally(() => end());
    };
    /** The process is stopping: the client is to reconnect (elsewhere) at once, resuming from lastId. */
    const handOver = () => {
      if (closed) return;
      const retry = HANDOVER_MIN_MS + Math.floor(Math.random() * HANDOVER_SPREAD_MS);
      res.write(`retry: ${retry}\nevent: ${LIVE_EVENTS_RECONNECT}\ndata: {"reason":"shutdown"}\n\n`);
      end();
    };
    function end() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(retire);
      slot.close();
      res.end();
    }
    slot.attach({ deliver, resync: () => { void catchUp(); }, end: handOver, revoked, recheck: checkSession });
    request.raw.on('close', end);
    res.on('error', end);
    // Subscribed first, then the backlog: an event committed in between comes by either way, once.
    if (resumeFrom !== null) await catchUp();
  });
}
