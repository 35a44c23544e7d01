// The bench's lean client for the money rows, against Node's own HTTP server: every prepared call
// sent once with its method, path, headers and body; every answer counted with its status,
// whether it comes whole, in pieces, chunked or with no body.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { answerEnd, requestBytes, runCalls } from '../../tests/bench/loopbackClient';

let server: Server | undefined;
afterEach(async () => { await new Promise((r) => server ? server.close(r) : r(undefined)); server = undefined; });

async function listen(handle: (req: IncomingMessage, body: string, res: ServerResponse) => void): Promise<string> {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => { body += c; });
    req.on('end', () => { handle(req, body, res); });
  });
  await new Promise<void>((r) => server?.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server?.address() as AddressInfo).port}`;
}

describe('the bench loopback client', () => {
  it('sends each call once, with its method, path, headers and body, and counts every status', async () => {
    const seen: string[] = [];
    const origin = await listen((req, body, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers['x-key']} ${body}`);
      const n = Number(/\d+/.exec(req.url ?? '')?.[0]);
      if (n % 5 === 0) { res.writeHead(409, { 'content-type': 'application/json' }); res.end('{"error":"taken"}'); return; }
      if (n % 7 === 0) { res.writeHead(200); res.write('{"part":'); setTimeout(() => res.end('1}'), 2); return; } // chunked
      if (n % 11 === 0) { res.writeHead(204); res.end(); return; }
      const answer = JSON.stringify({ ok: n, pad: 'é'.repeat(n) });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) });
      res.end(answer);
    });
    const calls = Array.from({ length: 60 }, (_, i) => ({ label: `call ${i}`, method: 'POST', url: `/call/${i}`, headers: { 'x-key': `k${i}`, 'content-type': 'application/json' }, payload: JSON.stringify({ i, name: 'Zoë' }) }));
    const run = await runCalls(origin, calls, 4);
    expect(run.answeredAt).toHaveLength(60);
    expect(run.errors).toBe(0);
    expect(seen.sort()).toEqual(calls.map((c) => `POST ${c.url} ${c.headers['x-key']} ${c.payload}`).sort());
    const fives = calls.filter((_, i) => i % 5 === 0).length;
    expect(run.statuses.get(409)).toBe(fives);
    expect(run.statuses.get(204)).toBe(calls.filter((_, i) => i % 11 === 0 && i % 5 !== 0).length);
    expect([...run.statuses.values()].reduce((a, b) => a + b, 0)).toBe(60);
    expect(run.latencies.every((ms) => ms >= 0)).toBe(true);
  });

  it('counts a call whose connection closes under it as an error, and the others go on', async () => {
    const origin = await listen((req, _body, res) => {
      if (req.url === '/call/3') { req.socket.destroy(); return; }
      res.writeHead(200, { 'content-length': 2 }); res.end('{}');
    });
    const calls = Array.from({ length: 10 }, (_, i) => ({ label: '', method: 'GET', url: `/call/${i}`, headers: {} }));
    const run = await runCalls(origin, calls, 2);
    expect(run.errors).toBe(1);
    expect(run.statuses.get(200)).toBe(9);
  });

  it('reads an answer only once all of it is in', () => {
    const whole = Buffer.from('HTTP/1.1 201 Created\r\nContent-Length: 5\r\n\r\nhello');
    expect(answerEnd(whole.subarray(0, 30))).toBeNull();
    expect(answerEnd(whole.subarray(0, whole.length - 1))).toBeNull();
    expect(answerEnd(Buffer.concat([whole, Buffer.from('HTTP/1.1 200')]))).toEqual({ end: whole.length, status: 201 });
    expect(() => answerEnd(Buffer.from('garbage\r\n\r\n'))).toThrow(/not an HTTP answer/);
    expect(requestBytes({ label: '', method: 'GET', url: '/x', headers: { Host: 'evil', 'Content-Length': '9' } }, 'h:1').toString()).toBe('GET /x HTTP/1.1\r\nhost: h:1\r\nconnection: keep-alive\r\n\r\n');
  });
});
