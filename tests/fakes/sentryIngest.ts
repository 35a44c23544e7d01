// A stand-in for an error tracker's ingest (Sentry's), written from Sentry's developer document
// "Envelopes" (develop.sentry.dev/sdk/foundations/transport/envelopes/): SDKs post an envelope to
// `POST /api/<project_id>/envelope/`, a body of newline-separated JSON: the envelope's headers,
// then per item its headers (`type`, optional `length` in bytes) and its payload (`length` bytes,
// or up to the next newline). The browser SDK authenticates with `sentry_key` in the query, the
// Node SDK with an `X-Sentry-Auth` header; the answer is `{"id": <event id>}`. Browsers post it
// cross-origin, so it answers CORS as Sentry's ingest does. Anything else: 404.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface EnvelopeItem { headers: Record<string, unknown>; payload: unknown; raw: string }
export interface ReceivedEnvelope { project: string; publicKey: string | null; headers: Record<string, unknown>; items: EnvelopeItem[]; raw: string }

export interface FakeSentry {
  /** A DSN pointing at this stand-in (project 4242, public key `publickey`). */
  dsn: string;
  origin: string;
  envelopes: ReceivedEnvelope[];
  /** The `event` items received so far (errors; sessions and client reports are other types). */
  events(): Array<Record<string, unknown>>;
  /** Resolves with the first event matching `test`, or rejects after `ms`. */
  waitForEvent(test: (event: Record<string, unknown>) => boolean, ms?: number): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

const PROJECT = '4242';
const KEY = 'publickey';

/** Parses an envelope body as the document describes it. */
export function parseEnvelope(body: Buffer): { headers: Record<string, unknown>; items: EnvelopeItem[] } {
  let at = 0;
  const line = (): string => {
    const end = body.indexOf(0x0a, at);
    const text = body.subarray(at, end === -1 ? body.length : end).toString('utf8');
    at = end === -1 ? body.length : end + 1;
    return text;
  };
  const headers = JSON.parse(line()) as Record<string, unknown>;
  const items: EnvelopeItem[] = [];
  while (at < body.length) {
    const headerLine = line();
    if (!headerLine.trim()) continue;
    const itemHeaders = JSON.parse(headerLine) as Record<string, unknown>;
    let raw: string;
    if (typeof itemHeaders.length === 'number') {
      raw = body.subarray(at, at + itemHeaders.length).toString('utf8');
      at += itemHeaders.length;
      if (body[at] === 0x0a) at++;
    } else raw = line();
    let payload: unknown = raw;
    try { payload = JSON.parse(raw); } catch { /* an attachment: kept as text */ }
    items.push({ headers: itemHeaders, payload, raw });
  }
  return { headers, items };
}

const read = (req: IncomingMessage) => new Promise<Buffer>((resolve, reject) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => resolve(Buffer.concat(chunks)));
  req.on('error', reject);
});

export async function startFakeSentry(): Promise<FakeSentry> {
  const envelopes: ReceivedEnvelope[] = [];
  const waiters = new Set<() => void>();
  const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type, x-sentry-auth', 'access-control-allow-methods': 'POST' };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://ingest.invalid');
    const match = /^\/api\/(\d+)\/envelope\/$/.exec(url.pathname);
    if (!match) { res.writeHead(404).end(); return; }
    if (req.method === 'OPTIONS') { res.writeHead(200, cors).end(); return; }
    if (req.method !== 'POST') { res.writeHead(404).end(); return; }
    const auth = /sentry_key=([^,\s]+)/.exec(String(req.headers['x-sentry-auth'] ?? ''))?.[1] ?? url.searchParams.get('sentry_key');
    void read(req).then((body) => {
      if (match[1] !== PROJECT || auth !== KEY) { res.writeHead(403, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify({ detail: 'event submission rejected' })); return; }
      let parsed: { headers: Record<string, unknown>; items: EnvelopeItem[] };
      try { parsed = parseEnvelope(body); } catch { res.writeHead(400, cors).end(); return; }
      envelopes.push({ project: match[1], publicKey: auth, ...parsed, raw: body.toString('utf8') });
      for (const wake of waiters) wake();
      res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify({ id: parsed.headers.event_id ?? null }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const events = () => envelopes.flatMap((e) => e.items.filter((i) => i.headers.type === 'event').map((i) => i.payload as Record<string, unknown>));
  return {
    dsn: `http://${KEY}@127.0.0.1:${port}/${PROJECT}`,
    origin,
    envelopes,
    events,
    waitForEvent(test, ms = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events().find(test);
          if (found) { waiters.delete(check); clearTimeout(timer); resolve(found); }
        };
        const timer = setTimeout(() => { waiters.delete(check); reject(new Error(`no matching event within ${ms} ms (${events().length} events received)`)); }, ms);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
