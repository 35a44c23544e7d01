// A Server-Sent Events reader for the API tests: what a browser's stream sees (ids, data,
// comment lines), read over real HTTP from a listening server.
export interface SseMessage { id: string | null; data: string }

export interface SseStream {
  status: number;
  headers: Headers;
  messages: SseMessage[];
  comments: string[];
  /** The last id the stream gave (an `id:` line, with or without data), as a browser keeps it. */
  lastId: string | null;
  /** Whether the server has ended the stream. */
  ended: boolean;
  /** Resolves with the first message (after those already seen) matching `pick`, or rejects after `ms`. */
  next(pick?: (m: SseMessage) => boolean, ms?: number): Promise<SseMessage>;
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const messages: SseMessage[] = [];
  const comments: string[] = [];
  let waiters: Array<() => void> = [];
  let seen = 0;
  const state = { lastId: null as string | null, ended: false };
  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) { state.ended = true; return; }
          buffer += value;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            let id: string | null = null;
            const data: string[] = [];
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) comments.push(line.slice(1).trim());
              else if (line.startsWith('id: ')) { id = line.slice(4); state.lastId = id; }
              else if (line.startsWith('data: ')) data.push(line.slice(6));
            }
            if (data.length) messages.push({ id, data: data.join('\n') });
            const w = waiters; waiters = []; for (const wake of w) wake();
          }
        }
      } catch { /* aborted */ } finally { const w = waiters; waiters = []; for (const wake of w) wake(); }
    })();
  }
  return {
    status: response.status, headers: response.headers, messages, comments,
    get lastId() { return state.lastId; },
    get ended() { return state.ended; },
    async next(pick = () => true, ms = 5_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        while (seen < messages.length) {
          const m = messages[seen++];
          if (m && pick(m)) return m;
        }
        if (Date.now() > deadline) throw new Error(`no matching event within ${ms} ms (got ${JSON.stringify(messages)})`);
        await new Promise<void>((resolve) => { waiters.push(resolve); setTimeout(resolve, 100); });
      }
    },
    close: () => abort.abort(),
  };
}
