// The shell's live-event stream (src/api/liveEvents.ts): the SSE parsing, and the connection's
// behaviour against a fake server speaking text/event-stream: events handed over typed, bad ones
// dropped, a dropped stream reopened with the last id as Last-Event-ID, a 401 ending it.
import { describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../../contract/liveEvents';
import { connectLiveEvents, createSseParser, type SseMessage } from '../../src/api/liveEvents';

describe('createSseParser', () => {
  it('splits messages across chunks, skips comments, joins data lines, takes ids', () => {
    const out: SseMessage[] = [];
    const feed = createSseParser((m) => out.push(m));
    feed(': ping\n\nid: 7\nda');
    feed('ta: {"a":1}\n\n: ping\n\ndata: one\r\ndata: two\r\n\r\n');
    expect(out).toEqual([{ id: '7', data: '{"a":1}' }, { id: null, data: 'one\ntwo' }]);
  });

  it('gives a block\'s event name and retry delay with its data', () => {
    const out: SseMessage[] = [];
    const feed = createSseParser((m) => out.push(m));
    feed('retry: 250\nevent: reconnect\ndata: {"reason":"shutdown"}\n\nretry: soon\ndata: x\n\n');
    expect(out).toEqual([{ id: null, data: '{"reason":"shutdown"}', event: 'reconnect', retry: 250 }, { id: null, data: 'x' }]);
  });
});

/** A server whose each connection sends `bodies[n]` and then ends (or stays open when last). */
function fakeServer(bodies: Array<string | 401>) {
  const asked: Array<{ lastEventId: string | null }> = [];
  const fetchFake = async (_url: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    asked.push({ lastEventId: headers.get('last-event-id') });
    const body = bodies[asked.length - 1];
    if (body === 401) return new Response('{"error":"Not logged in"}', { status: 401 });
    const last = asked.length >= bodies.length;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        if (body !== undefined) controller.enqueue(new TextEncoder().encode(body));
        if (!last) controller.close();
        init.signal?.addEventListener('abort', () => { try { controller.error(new Error('aborted')); } catch { /* closed */ } });
      },
    });
    return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  };
  return { asked, fetch: fetchFake as typeof fetch };
}

const sold = { type: 'listingSold', listingId: 'l1', itemUuid: 'i1', itemName: 'Crate', quantity: 1, price: 12.5 };

async function until(check: () => boolean, ms = 2_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('connectLiveEvents', () => {
  it('hands over valid events, drops invalid ones, and resumes after the last id when the stream drops', async () => {
    const server = fakeServer([
      `retry: 10\n\nid: 4\ndata: ${JSON.stringify(sold)}\n\nid: 5\ndata: {"type":"nonsense"}\n\n`,
      `id: 6\ndata: ${JSON.stringify({ type: 'banned', message: 'x' })}\n\n`,
    ]);
    const got: Array<[LiveEvent, string | null]> = [];
    const stream = connectLiveEvents({ fetch: server.fetch, backoffMs: () => 5, onEvent: (e, id) => got.push([e, id]) });
    await until(() => got.length === 2);
    stream.close();
    expect(got).toEqual([[sold, '4'], [{ type: 'banned', message: 'x' }, '6']]);
    expect(server.asked.map((a) => a.lastEventId)).toEqual([null, '5']);
  });

  it('keeps the stream when a handler throws: the next event in the same chunk still arrives, with no reconnect', async () => {
    const second = { type: 'coinsAwarded', amount: 250 };
    const server = fakeServer([`id: 7\ndata: ${JSON.stringify(sold)}\n\nid: 8\ndata: ${JSON.stringify(second)}\n\n`]);
    const got: string[] = [];
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const stream = connectLiveEvents({ fetch: server.fetch, backoffMs: () => 5, onEvent: (e) => { got.push(e.type); if (e.type === 'listingSold') throw new Error('a toast failed'); } });
    await until(() => got.length === 2);
    stream.close();
    expect(got).toEqual(['listingSold', 'coinsAwarded']);
    expect(server.asked).toHaveLength(1);
    expect(quiet).toHaveBeenCalled();
  });

  it('comes back after the retry a stopping server gives with its reconnect event, not after the backoff, resuming after the last id', async () => {
    // The stopping server's block (server/routes/liveEvents.ts); the connection is left open, as a
    // proxy may hold it: the reader must not wait for its end.
    const asked: Array<{ at: number; lastEventId: string | null }> = [];
    const bodies = [
      `id: 41\ndata: ${JSON.stringify(sold)}\n\nretry: 30\nevent: reconnect\ndata: {"reason":"shutdown"}\n\n`,
      `id: 42\ndata: ${JSON.stringify({ type: 'banned', message: 'x' })}\n\n`,
    ];
    const fetchFake = (async (_url: RequestInfo | URL, init: RequestInit = {}) => {
      asked.push({ at: performance.now(), lastEventId: new Headers(init.headers).get('last-event-id') });
      const body = bodies[asked.length - 1] ?? '';
      return new Response(new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(body));
          init.signal?.addEventListener('abort', () => { try { controller.error(new Error('aborted')); } catch { /* closed */ } });
        },
      }), { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }) as typeof fetch;
    const got: string[] = [];
    const stream = connectLiveEvents({ fetch: fetchFake, backoffMs: () => 60_000, onEvent: (e) => got.push(e.type) });
    await until(() => got.length === 2, 1_500);
    stream.close();
    expect(got).toEqual(['listingSold', 'banned']);
    expect(asked.map((a) => a.lastEventId)).toEqual([null, '41']);
    expect(asked[1]!.at - asked[0]!.at).toBeGreaterThanOrEqual(25);
    expect(asked[1]!.at - asked[0]!.at).toBeLessThan(1_000);
  });

  it('stops at 401 and says so', async () => {
    const server = fakeServer([401, 'data: {}\n\n']);
    let signedOut = false;
    connectLiveEvents({ fetch: server.fetch, backoffMs: () => 5, onEvent: () => undefined, onSignedOut: () => { signedOut = true; } });
    await until(() => signedOut);
    await new Promise((r) => setTimeout(r, 50));
    expect(server.asked).toHaveLength(1);
  });

  it('abandons a stream that goes silent without closing, and reopens it after the last id', async () => {
    const asked: Array<string | null> = [];
    const neverCloses = (async (_url: RequestInfo | URL, init: RequestInit = {}) => {
      asked.push(new Headers(init.headers).get('last-event-id'));
      const n = asked.length;
      return new Response(new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(`id: ${n}\ndata: {"type":"clanInvite","clanId":"c","clanName":"C${n}","invitedBy":"alice"}\n\n`));
          init.signal?.addEventListener('abort', () => controller.error(new Error('aborted')));
        },
      }), { status: 200 });
    }) as typeof fetch;
    const names: string[] = [];
    const stream = connectLiveEvents({ fetch: neverCloses, backoffMs: () => 5, silenceMs: 60, onEvent: (e) => { if (e.type === 'clanInvite') names.push(e.clanName); } });
    await until(() => asked.length >= 2);
    stream.close();
    expect(names.slice(0, 2)).toEqual(['C1', 'C2']);
    expect(asked.slice(0, 2)).toEqual([null, '1']);
  });

  it('resumes from the id of a block without data: a stream the server ends before any event loses nothing', async () => {
    const server = fakeServer([
      'retry: 2000\nid: 41\n: connected\n\n',
      'id: 41\n: connected\n\n',
    ]);
    const stream = connectLiveEvents({ fetch: server.fetch, backoffMs: () => 5, onEvent: () => undefined });
    await until(() => server.asked.length === 2);
    stream.close();
    expect(server.asked.map((a) => a.lastEventId)).toEqual([null, '41']);
  });

  it('waits at least the Retry-After of a refused stream before trying again', async () => {
    const asked: number[] = [];
    const refusing = (async () => {
      asked.push(Date.now());
      return new Response('{"error":"Too many open event streams"}', { status: 429, headers: { 'retry-after': '1' } });
    }) as typeof fetch;
    const stream = connectLiveEvents({ fetch: refusing, backoffMs: () => 5, onEvent: () => undefined });
    await until(() => asked.length === 2, 3_000);
    stream.close();
    expect((asked[1] ?? 0) - (asked[0] ?? 0)).toBeGreaterThanOrEqual(950);
  });
});
