// The signed-in player's live events (contract/liveEvents.ts): one Server-Sent Events stream,
// read with fetch rather than EventSource so it carries the session the way every other call
// does (the cookie, or `Authorization: Bearer` where the cookie does not stick: sessionToken.ts).
// It reconnects by itself (backoff 1 s doubling to 30 s, back to 1 s once connected; a 429 or 503
// waits at least its Retry-After) and sends the last id it saw as Last-Event-ID, so the server
// resumes after it. The last id is taken from every `id:` line, with or without data, as a
// browser's EventSource does: the server's first block names where the stream starts, so a
// stream the server ends (its maximum lifetime) before any event resumes from there, not from
// the moment it reconnects. A stream silent for three heartbeats (a proxy that dropped it without
// closing) is abandoned and reopened. A 401 ends it: the page is no longer signed in.
// A process that stops (a deploy) ends its streams with a `reconnect` event and a `retry:` of
// well under a second: the reader comes back after that delay, not after its backoff, and the load
// balancer sends it to another process, which resumes after the last id.
import { LIVE_EVENTS_HEARTBEAT_MS, LIVE_EVENTS_PATH, LIVE_EVENTS_RECONNECT, LiveEvent } from '../../contract/liveEvents';
import { sessionHeaders } from './sessionToken';

/** One dispatched message: `event` is the block's `event:` field and `retry` its `retry:` field
 * (a reconnection delay in ms), each when the block has one. */
export interface SseMessage { id: string | null; data: string; event?: string; retry?: number }

/** Incremental `text/event-stream` parsing: feed it text as it comes; whole messages come out,
 * and every block's id (with or without data) goes to `onId`. */
export function createSseParser(onMessage: (message: SseMessage) => void, onId?: (id: string) => void): (chunk: string) => void {
  let buffer = '';
  return (chunk) => {
    buffer += chunk.replace(/\r\n?/g, '\n');
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      let id: string | null = null;
      let event: string | undefined;
      let retry: number | undefined;
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line === '' || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'id') id = value;
        else if (field === 'data') data.push(value);
        else if (field === 'event') event = value;
        else if (field === 'retry' && /^\d{1,9}$/.test(value)) retry = Number(value);
      }
      if (id !== null) onId?.(id);
      if (data.length) onMessage({ id, data: data.join('\n'), ...(event === undefined ? {} : { event }), ...(retry === undefined ? {} : { retry }) });
    }
  };
}

export interface LiveEventsOptions {
  onEvent(event: LiveEvent, id: string | null): void;
  /** The server said 401: the stream stops. */
  onSignedOut?(): void;
  fetch?: typeof fetch;
  /** Delay before reconnect attempt `n` (1, 2, …). */
  backoffMs?(attempt: number): number;
  /** Silence after which a stream counts as dropped. */
  silenceMs?: number;
}

const defaultBackoff = (attempt: number) => Math.min(30_000, 1_000 * 2 ** (attempt - 1));
/** The longest hand-over delay followed, whatever a server's `retry:` says. */
const HAND_OVER_MAX_MS = 5_000;

export function connectLiveEvents(options: LiveEventsOptions): { close(): void } {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const backoff = options.backoffMs ?? defaultBackoff;
  const silenceMs = options.silenceMs ?? LIVE_EVENTS_HEARTBEAT_MS * 3;
  let lastId: string | null = null;
  let closed = false;
  let current: AbortController | null = null;
  let wake: (() => void) | null = null;
  /** Set by a stopping server's `reconnect` event: the delay before coming back (ms). */
  let handOverMs: number | null = null;

  const parse = createSseParser((message) => {
    if (message.event === LIVE_EVENTS_RECONNECT) { handOverMs = Math.min(message.retry ?? 0, HAND_OVER_MAX_MS); return; }
    let json: unknown;
    try { json = JSON.parse(message.data); } catch { return; }
    const event = LiveEvent.safeParse(json);
    if (!event.success) return;
    // A consumer that throws loses this event only: the stream, which has counted it and the
    // blocks behind it in the same chunk, goes on.
    try { options.onEvent(event.data, message.id); } catch (error) { console.error('A live event handler failed:', error); }
  }, (id) => { if (/^\d{1,19}$/.test(id)) lastId = id; });

  /** A refused stream's Retry-After (ms), waited at least before the next attempt. */
  let retryAfterMs = 0;
  const once = async (): Promise<'again' | 'handover' | 'stop' | 'failed'> => {
    const abort = new AbortController();
    current = abort;
    let silence: ReturnType<typeof setTimeout> | undefined;
    const quiet = () => { clearTimeout(silence); silence = setTimeout(() => abort.abort(), silenceMs); };
    try {
      const response = await doFetch(LIVE_EVENTS_PATH, {
        credentials: 'include', cache: 'no-store', signal: abort.signal,
        headers: { accept: 'text/event-stream', ...sessionHeaders(), ...(lastId ? { 'last-event-id': lastId } : {}) },
      });
      if (response.status === 401) return 'stop';
      if (response.status === 429 || response.status === 503) {
        const seconds = Number(response.headers.get('retry-after'));
        retryAfterMs = Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 300) * 1_000 : 0;
      }
      if (!response.ok || !response.body) return 'failed';
      quiet();
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return 'again';
        quiet();
        parse(decoder.decode(value, { stream: true }));
        // Told to go elsewhere: nothing more comes on this stream.
        if (handOverMs !== null) { abort.abort(); return 'handover'; }
      }
    } catch {
      return 'failed';
    } finally {
      clearTimeout(silence);
      current = null;
    }
  };

  void (async () => {
    let attempt = 0;
    while (!closed) {
      const outcome = await once();
      if (closed) return;
      if (outcome === 'stop') { options.onSignedOut?.(); return; }
      attempt = outcome === 'again' ? 1 : outcome === 'handover' ? 0 : attempt + 1;
      const wait = outcome === 'handover' ? handOverMs ?? 0 : Math.max(backoff(attempt), retryAfterMs);
      retryAfterMs = 0;
      handOverMs = null;
      await new Promise<void>((resolve) => { wake = resolve; setTimeout(resolve, wait); });
      wake = null;
    }
  })();

  return {
    close() {
      closed = true;
      current?.abort();
      wake?.();
    },
  };
}
