// The money rows' HTTP client: a fixed list of prepared calls sent over a few keep-alive
// connections, each call's bytes built before the clock starts, each answer read by its
// Content-Length. A money call's API rate is set against the same service code run in the
// server's process, where no client spends anything; on a 2-core machine the client shares the
// CPU with the server and PostgreSQL, and autocannon (a JavaScript HTTP parser, each call's
// request rebuilt and cloned) spent 0.20-0.50 ms of it a call, up to all of the gap the 0.8x bar
// allows. This client spends 0.10-0.25 ms (the bench prints it beside each row).
// The reads keep autocannon: their ratio is against a bare route measured with it.
import { connect, type Socket } from 'node:net';
import type { RawRequest } from '../api/harness/hostile';

export interface LoopbackRun {
  /** Each answer's completion time (performance.now(), ms), in order. */
  answeredAt: number[];
  /** Each call's time from its request's write to its answer's end, ms. */
  latencies: number[];
  statuses: Map<number, number>;
  /** Calls that got no answer (the connection closed or broke under them). */
  errors: number;
}

/** One call's bytes, as HTTP/1.1 over a kept-alive connection. */
export function requestBytes(call: RawRequest, host: string): Buffer {
  const body = call.payload === undefined ? undefined : Buffer.from(call.payload);
  const lines = [`${call.method} ${call.url} HTTP/1.1`, `host: ${host}`, 'connection: keep-alive'];
  for (const [name, value] of Object.entries(call.headers)) {
    const lower = name.toLowerCase();
    if (lower === 'host' || lower === 'connection' || lower === 'content-length') continue;
    lines.push(`${name}: ${value}`);
  }
  if (body) lines.push(`content-length: ${body.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`);
  return body ? Buffer.concat([head, body]) : head;
}

const HEAD_END = Buffer.from('\r\n\r\n');

/**
 * Where the first complete answer in `data` ends, and its status; null while it is incomplete.
 * Answers carry a Content-Length (Fastify sets it on every body it sends); a chunked one is read
 * to its last chunk.
 */
export function answerEnd(data: Buffer): { end: number; status: number } | null {
  const headEnd = data.indexOf(HEAD_END);
  if (headEnd < 0) return null;
  const head = data.toString('latin1', 0, headEnd);
  const status = Number(head.slice(9, 12));
  if (!Number.isInteger(status) || !head.startsWith('HTTP/1.')) throw new Error(`not an HTTP answer: ${head.slice(0, 40)}`);
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (length) {
    const end = headEnd + 4 + Number(length[1]);
    return data.length >= end ? { end, status } : null;
  }
  if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
    const last = data.indexOf('\r\n0\r\n\r\n', headEnd + 2);
    return last < 0 ? null : { end: last + 7, status };
  }
  // No body (204, 304).
  return { end: headEnd + 4, status };
}

/** Opens `connections` connections to `origin`, then sends every call once, each connection
 * taking the next unsent call as its last one is answered. */
export async function runCalls(origin: string, calls: readonly RawRequest[], connections: number, onConnected?: () => void): Promise<LoopbackRun> {
  const { hostname, port, host } = new URL(origin);
  const bytes = calls.map((call) => requestBytes(call, host));
  const sockets = await Promise.all(Array.from({ length: Math.min(connections, bytes.length) }, () => open(hostname, Number(port))));
  onConnected?.();
  const run: LoopbackRun = { answeredAt: [], latencies: [], statuses: new Map(), errors: 0 };
  let next = 0;
  await Promise.all(sockets.map((socket) => new Promise<void>((resolve) => {
    let buffered: Buffer = Buffer.alloc(0);
    let sentAt = 0;
    let waiting = false;
    const send = () => {
      const call = bytes[next++];
      if (call === undefined) { socket.end(); resolve(); return; }
      waiting = true;
      sentAt = performance.now();
      socket.write(call);
    };
    socket.on('data', (chunk: Buffer) => {
      buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
      const answer = answerEnd(buffered);
      if (!answer) return;
      const now = performance.now();
      run.answeredAt.push(now);
      run.latencies.push(now - sentAt);
      run.statuses.set(answer.status, (run.statuses.get(answer.status) ?? 0) + 1);
      buffered = buffered.subarray(answer.end);
      waiting = false;
      send();
    });
    const fail = () => { if (waiting) run.errors++; waiting = false; resolve(); };
    socket.on('error', fail);
    socket.on('close', fail);
    send();
  })));
  return run;
}

function open(host: string, port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port, noDelay: true });
    socket.once('connect', () => { socket.off('error', reject); resolve(socket); });
    socket.once('error', reject);
  });
}
