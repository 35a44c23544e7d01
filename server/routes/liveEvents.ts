// GET /api/events: the signed-in player's live events as Server-Sent Events (contract/liveEvents.ts).
// - 401 anonymous; at most MAX_STREAMS_PER_PLAYER open per player in one process (429 past it);
// - `Last-Event-ID` (a number) resumes: what was published after it and is still kept (10 min)
//   comes first; without it the stream starts from now;
// - a comment line every LIVE_EVENTS_HEARTBEAT_MS keeps proxies from closing an idle stream, and
//   checks the session: a revoked or expired one ends the stream;
// - never compressed or buffered (`Cache-Control: no-transform`, `X-Accel-Buffering: no`).
// The stream takes the connection from Fastify (hijack), so it writes its own headers.
import type { FastifyInstance } from 'fastify';
import { LIVE_EVENTS_PATH, parseLastEventId, type LiveEventEnvelope } from '../../contract/liveEvents';
import { HttpError, unauthorized } from '../errors';
import { loadPlayer, sessionTokenOf } from '../http/sessions';
import { eventsAfter, latestEventId } from '../services/liveEvents';

export const MAX_STREAMS_PER_PLAYER = 8;
const SENT_MEMORY = 500;

export async function liveEventRoutes(app: FastifyInstance): Promise<void> {
  app.get(LIVE_EVENTS_PATH, { schema: { summary: 'The signed-in player\'s live events (Server-Sent Events)', tags: ['events'] } }, async (request, reply) => {
    await loadPlayer(app, request);
    const user = request.user;
    const token = sessionTokenOf(request);
    if (!user || !token) throw unauthorized();
    if (app.liveEvents.countFor(user.id) >= MAX_STREAMS_PER_PLAYER) throw new HttpError(429, 'Too many open event streams', 'TOO_MANY_STREAMS');
    const resumeFrom = parseLastEventId(request.headers['last-event-id']);
    let lastId = resumeFrom ?? await latestEventId(app.db, user.id);

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
    res.write('retry: 2000\n: connected\n\n');

    const sent = new Set<string>();
    let closed = false;
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
    let reading = false;
    let readAgain = false;
    const deliver = (envelope: LiveEventEnvelope) => { if (held) held.push(envelope); else send(envelope); };
    const catchUp = async () => {
      if (reading) { readAgain = true; return; }
      reading = true;
      held ??= [];
      try {
        do {
          readAgain = false;
          for (const envelope of await eventsAfter(app.db, user.id, lastId)) send(envelope);
        } while (readAgain);
      } catch (error) {
        request.log.warn({ err: error }, 'live events: reading missed events failed');
      } finally {
        const waiting = held.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
        held = null;
        reading = false;
        for (const envelope of waiting) send(envelope);
      }
    };
    const heartbeat = setInterval(() => {
      if (closed) return;
      res.write(': ping\n\n');
      void app.sessions.find(token).then((still) => { if (!still || still.id !== user.id) end(); }, () => undefined);
    }, app.config.LIVE_EVENTS_HEARTBEAT_MS);
    const unsubscribe = app.liveEvents.subscribe(user.id, { deliver, resync: () => { void catchUp(); }, end: () => end() });
    function end() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
      res.end();
    }
    request.raw.on('close', end);
    res.on('error', end);
    // Subscribed first, then the backlog: an event committed in between comes by either way, once.
    if (resumeFrom !== null) await catchUp();
  });
}
