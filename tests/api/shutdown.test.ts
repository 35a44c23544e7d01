// A stop signal to a real API process (the bundle `npm start` runs, PGlite in memory): the drain,
// then the close. /api/ready answers 503 within a second while every other request is still
// served for SHUTDOWN_DRAIN_S; then the live-event stream ends with the reconnect hint, a request
// whose body was still arriving is answered, and the process exits 0 by itself. A second signal,
// later than the first, exits at once.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { registerActor } from './harness/actors';
import { buildServerBundle, startServerProcess, type ServerProcess } from './harness/servers';
import { httpTransport } from './harness/transport';

const DRAIN_S = 4;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Exit code (or signal) of a child, and when it came. */
function exitOf(server: ServerProcess): Promise<{ code: number | null; signal: string | null; at: number }> {
  return new Promise((resolve) => server.child.once('exit', (code, signal) => resolve({ code, signal, at: performance.now() })));
}

/** A raw event stream: every byte as text, and whether (and when) the server ended it. */
async function rawStream(url: string, cookie: string) {
  const response = await fetch(url, { headers: { accept: 'text/event-stream', cookie } });
  const state = { status: response.status, text: '', endedAt: null as number | null };
  void (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        state.text += value;
      }
    } catch { /* cut */ }
    state.endedAt = performance.now();
  })();
  return state;
}

/** A POST whose headers go now and whose body only when `finish` is called: a request in flight. */
function slowPost(base: string, path: string, body: string) {
  const url = new URL(path, base);
  let sent = false;
  const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { text += chunk; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  req.write(body.slice(0, 5));
  req.flushHeaders();
  return { answer, finish() { if (!sent) { sent = true; req.end(body.slice(5)); } } };
}

describe('stop signal: drain, then close', () => {
  let bundle = '';
  const servers: ServerProcess[] = [];
  const start = async (drainS: number) => {
    // From the migrated template the API tests share: the drain and the close are the point here,
    // not initdb and the migrations (tests/api/pglite-memory.test.ts starts a new database).
    const server = await startServerProcess({ DATA_DIR: 'memory://', DATABASE_URL: '', STATIC_DIR: '', SHUTDOWN_DRAIN_S: String(drainS), PGLITE_TEMPLATE: inject('pgliteTemplate') }, 90_000, { bundle });
    servers.push(server);
    return server;
  };

  beforeAll(async () => { bundle = await buildServerBundle('shutdown-main'); }, 120_000);
  afterAll(async () => { await Promise.all(servers.map((s) => s.stop())); });

  it(`answers 503 on /api/ready at once, serves everything else for ${DRAIN_S} s, ends the stream with the reconnect hint, finishes what is in flight and exits 0`, async () => {
    const server = await start(DRAIN_S);
    const base = server.url;
    const player = await registerActor(httpTransport(base));
    const stream = await rawStream(`${base}/api/events`, `sid=${player.sid}`);
    expect(stream.status).toBe(200);
    expect((await fetch(`${base}/api/ready`)).status).toBe(200);
    const exited = exitOf(server);

    const signalled = performance.now();
    server.child.kill('SIGTERM');
    let firstRefusal = Infinity;
    let refusal: { code?: string } = {};
    while (performance.now() - signalled < 2_000) {
      const reply = await fetch(`${base}/api/ready`);
      if (reply.status === 503) { firstRefusal = performance.now() - signalled; refusal = await reply.json() as { code?: string }; break; }
      await reply.arrayBuffer();
      await sleep(50);
    }
    expect(firstRefusal, 'ms from SIGTERM to the first 503 on /api/ready').toBeLessThan(1_000);
    expect(refusal.code).toBe('DRAINING');

    // The drain: other requests are answered (reads and a signed-in read), the stream stays open.
    const answers: number[] = [];
    let lastAnswered = 0;
    const answerUntil = (DRAIN_S - 1.5) * 1000;
    while (lastAnswered < answerUntil) {
      for (const path of ['/api/health', '/api/config', '/api/me/inventory']) {
        const reply = await fetch(`${base}${path}`, { headers: { cookie: `sid=${player.sid}` } });
        answers.push(reply.status);
        await reply.arrayBuffer();
        lastAnswered = performance.now() - signalled;
      }
      await sleep(100);
    }
    expect(answers.length).toBeGreaterThanOrEqual(3);
    expect(answers.filter((s) => s !== 200)).toEqual([]);
    expect(lastAnswered, 'ms from SIGTERM to the last answer checked').toBeGreaterThanOrEqual(answerUntil);
    expect(stream.endedAt).toBeNull();

    // A request in flight when the close begins: its body is still arriving.
    const inFlight = slowPost(base, '/api/login', JSON.stringify({ username: player.username, password: 'not-the-password' }));
    while (stream.endedAt === null && performance.now() - signalled < (DRAIN_S + 5) * 1000) await sleep(20);
    expect(stream.endedAt, 'the stream was ended by the server').not.toBeNull();
    expect(stream.endedAt! - signalled).toBeGreaterThanOrEqual(DRAIN_S * 1000 - 100);
    expect(stream.text).toMatch(/\nretry: \d+\nevent: reconnect\ndata: [^\n]+\n\n$/);
    inFlight.finish();
    const answered = await inFlight.answer;
    expect(answered.status, answered.body).toBeGreaterThanOrEqual(400);
    expect(answered.status, answered.body).toBeLessThan(500);

    const { code, signal, at } = await exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(at - signalled).toBeLessThan((DRAIN_S + 5) * 1000);
  }, 120_000);

  it('exits at once on a second signal during the drain', async () => {
    const server = await start(60);
    let output = '';
    server.child.stdout?.on('data', (c: Buffer) => { output += c.toString(); });
    server.child.stderr?.on('data', (c: Buffer) => { output += c.toString(); });
    const exited = exitOf(server);
    server.child.kill('SIGTERM');
    await sleep(1_500);
    expect({ code: server.child.exitCode, signal: server.child.signalCode }, output).toEqual({ code: null, signal: null });
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const again = performance.now();
    server.child.kill('SIGTERM');
    const { code, at } = await exited;
    expect(code).toBe(143);
    expect(at - again).toBeLessThan(1_000);
  }, 120_000);
});
