// One way to send a harness request, two transports: app.inject (fast, for the fuzz and
// security tables) and real HTTP over loopback (for concurrency, scale-out and the bench),
// so the same cases and examples run over either.
import type { FastifyInstance } from 'fastify';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Answer } from './contract';
import type { RawRequest } from './hostile';

export interface Reply extends Answer {
  headers: Record<string, string | string[] | undefined>;
  /** Raw Set-Cookie header lines. */
  setCookies: string[];
}

export type Transport = (request: RawRequest) => Promise<Reply>;

export function injectTransport(app: FastifyInstance, host = 'localhost'): Transport {
  return async (request) => {
    const response = await app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: { host, ...request.headers },
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
    const raw = response.headers['set-cookie'];
    return {
      status: response.statusCode,
      contentType: response.headers['content-type']?.toString(),
      body: response.body,
      headers: response.headers as Reply['headers'],
      setCookies: raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)],
    };
  };
}

export function httpTransport(baseUrl: string): Transport {
  return async (request) => {
    const response = await fetch(new URL(request.url, baseUrl), {
      method: request.method,
      headers: request.headers,
      ...(request.payload === undefined ? {} : { body: request.payload }),
      redirect: 'manual',
    });
    const headers: Record<string, string> = {};
    response.headers.forEach((value, key) => { headers[key] = value; });
    return {
      status: response.status, contentType: response.headers.get('content-type') ?? undefined,
      body: await response.text(), headers, setCookies: response.headers.getSetCookie(),
    };
  };
}

/** The session cookie a reply sets: the new token, '' when it clears it, undefined when untouched. */
export function sessionCookieOf(reply: Reply, name = 'sid'): string | undefined {
  for (const line of reply.setCookies) {
    const match = new RegExp(`^${name}=([^;]*)`).exec(line);
    if (match) return /max-age=0|expires=thu, 01 jan 1970/i.test(line) ? '' : decodeURIComponent(match[1] ?? '');
  }
  return undefined;
}

/** Solves a bot-check challenge from any transport, as the ALTCHA widget does in a browser. */
export async function solveBotCheckVia(send: Transport): Promise<string> {
  const reply = await send({ label: 'challenge', method: 'GET', url: '/api/altcha/challenge', headers: {} });
  if (reply.status !== 200) throw new Error(`challenge answered ${reply.status}: ${reply.body}`);
  const challenge = JSON.parse(reply.body) as Parameters<typeof solveChallenge>[0]['challenge'];
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error('could not solve the ALTCHA challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** The uuid `whoami` answers for the session `sid` on `send` ('anonymous' once it has ended). */
export async function whoIs(send: Transport, sid: string): Promise<string> {
  const reply = await send({ label: 'whoami', method: 'GET', url: '/api/whoami', headers: { cookie: `sid=${sid}` } });
  return (JSON.parse(reply.body) as { uuid: string }).uuid;
}
