// Which sites may make a signed-in player's browser change something here. The session cookie is
// SameSite=None (the hosts frame us), so the guards are: exact origins only (our own, from
// PUBLIC_ORIGIN or the listening port, and our hosts' frames), never a request's Host or
// X-Forwarded-Host; and a cookie-carrying POST must be one no page can send without a CORS
// preflight (JSON, our header or an Idempotency-Key), which also stops a neighbour in the same
// cookie partition. The console is never framed; cookies stay Secure behind a TLS proxy that
// does not say so.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS } from '../../contract/endpoints';
import { CLIENT_HEADER, IDEMPOTENCY_HEADER, type EndpointDef } from '../../contract/http';
import { cookieHeader, registerActor, reviveSession, type Actor } from './harness/actors';
import { endpointKey, StrictErrorBody } from './harness/contract';
import { EXAMPLES, resolveCall } from './harness/examples';
import type { RawRequest } from './harness/hostile';
import { requestFor } from './harness/hostile';
import { changeMark, changesSince, installChangeLog } from './harness/snapshot';
import { injectTransport, sessionCookieOf, solveBotCheckVia, whoIs, type Transport } from './harness/transport';
import { startApp, testDatabases, type TestApp } from './helpers';

const OUR_CLIENT_ID = '123456789012345678';
/** Our Activity: the one other origin the default allowlist names (from DISCORD_CLIENT_ID). */
const OUR_ACTIVITY = `https://${OUR_CLIENT_ID}.discordsays.com`;
/** Someone else's Activity: another site under the same public suffix. */
const OTHER_ACTIVITY = 'https://999999999.discordsays.com';
const UNSOLVED = async () => 'unsolved-bot-check-token';

describe.each(testDatabases())('cross-site requests on $name', (database) => {
  let t: TestApp;
  let send: Transport;
  let alice: Actor;

  beforeAll(async () => {
    // The allowlist is the default one; TRUST_PROXY as behind one load balancer.
    t = await startApp(database, { DISCORD_CLIENT_ID: OUR_CLIENT_ID, TRUST_PROXY: 1 });
    send = injectTransport(t.app);
    alice = await registerActor(send);
    await installChangeLog(t.handle.db);
  });
  afterAll(async () => { await t.close(); });

  const served = (e: EndpointDef) => t.app.hasRoute({ method: e.method, url: e.path });

  /** Sends a request and reports unless it is refused with 403 `code` in the error shape, changing nothing. */
  async function refusal(request: RawRequest, code: string): Promise<string | null> {
    const mark = await changeMark(t.handle.db);
    const reply = await send(request);
    const body = StrictErrorBody.safeParse((() => { try { return JSON.parse(reply.body) as unknown; } catch { return null; } })());
    const changed = await changesSince(t.handle.db, mark);
    if (reply.status !== 403 || !body.success || body.data.code !== code) return `${request.method} ${request.url} [${request.label}]: ${reply.status} ${reply.body.slice(0, 160)}`;
    return changed.length ? `${request.method} ${request.url} [${request.label}]: refused but changed ${changed.join('; ')}` : null;
  }

  it('refuses every state-changing endpoint sent as a simple request (a form, a no-cors fetch), from another site or from our own Activity\'s partition', async () => {
    // Browsers send only GET, HEAD and POST without a preflight: every POST of the contract,
    // walked from the one list, so a new endpoint is covered the day it is added.
    expect(new Set(ALL_ENDPOINTS.map((e) => e.method))).toEqual(new Set(['GET', 'POST', 'PUT', 'DELETE']));
    const posts = ALL_ENDPOINTS.filter((e) => e.method === 'POST' && served(e));
    const problems: string[] = [];
    for (const endpoint of posts) {
      const call = await resolveCall(endpoint, { caller: alice, owner: alice, db: t.handle.db, send, botToken: UNSOLVED }, EXAMPLES);
      const valid = requestFor(endpoint, call);
      const json = valid.payload ?? '{}';
      const form = Object.entries((call.body ?? {}) as Record<string, unknown>).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`).join('&');
      // What a page can send: no header of ours, no Idempotency-Key, a simple content type or none.
      const simple = (label: string, origin: string, type: string | null, payload: string | undefined): RawRequest => ({
        label, method: 'POST', url: valid.url,
        headers: { ...cookieHeader(alice), origin, 'sec-fetch-site': 'cross-site', ...(type ? { 'content-type': type } : {}) },
        ...(payload === undefined ? {} : { payload }),
      });
      const cases: Array<[RawRequest, string]> = [
        [simple('another Activity, no body', OTHER_ACTIVITY, null, undefined), 'CROSS_ORIGIN'],
        [simple('another Activity, text/plain', OTHER_ACTIVITY, 'text/plain;charset=UTF-8', json), 'CROSS_ORIGIN'],
        [simple('another site, form', 'https://evil.example', 'application/x-www-form-urlencoded', form), 'CROSS_ORIGIN'],
        [simple('our Activity\'s partition, no body', OUR_ACTIVITY, null, undefined), 'SIMPLE_REQUEST'],
        [simple('our Activity\'s partition, text/plain', OUR_ACTIVITY, 'text/plain', json), 'SIMPLE_REQUEST'],
        [simple('our Activity\'s partition, form', OUR_ACTIVITY, 'application/x-www-form-urlencoded', form), 'SIMPLE_REQUEST'],
        [simple('our Activity\'s partition, multipart', OUR_ACTIVITY, 'multipart/form-data; boundary=x', `--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n`), 'SIMPLE_REQUEST'],
      ];
      for (const [request, code] of cases) problems.push(await refusal(request, code) ?? '');
      // A forgery that got through (a logout) must not derail the rest of the walk.
      if (await whoIs(send, alice.sid) !== alice.uuid) await reviveSession(t.handle.db, alice);
    }
    expect(problems.filter(Boolean)).toEqual([]);
    expect(posts.map(endpointKey)).toEqual(expect.arrayContaining([
      'POST /api/logout', 'POST /api/coinflip/:id/accept', 'POST /api/crates/open', 'POST /api/claimTechnicalDifficulties',
      'POST /api/clans/:clanId/request', 'POST /api/clans/requests/:requestId/accept', 'POST /api/clans/requests/:requestId/decline',
    ]));
  });

  it('lets our Activity through when it asks as the shell does (JSON, our header, or an Idempotency-Key), and Bearer calls as before', async () => {
    const ways: Array<[string, Record<string, string>, string | undefined]> = [
      ['JSON', { 'content-type': 'application/json' }, '{}'],
      ['our header', { [CLIENT_HEADER]: '1' }, undefined],
      ['an Idempotency-Key', { [IDEMPOTENCY_HEADER]: 'logout-attempt-1' }, undefined],
    ];
    for (const [label, headers, payload] of ways) {
      const player = await registerActor(send);
      const reply = await send({ label, method: 'POST', url: '/api/logout', headers: { ...cookieHeader(player), origin: OUR_ACTIVITY, ...headers }, ...(payload === undefined ? {} : { payload }) });
      expect(reply.status, `${label}: ${reply.body}`).toBe(200);
      expect(await whoIs(send, player.sid)).toBe('anonymous');
    }
    // The session as a Bearer token (a frame whose cookie did not stick): no content type needed.
    const bearer = await registerActor(send);
    const reply = await send({ label: 'bearer', method: 'POST', url: '/api/logout', headers: { authorization: `Bearer ${bearer.sid}`, origin: OUR_ACTIVITY } });
    expect(reply.status, reply.body).toBe(200);
    expect(await whoIs(send, bearer.sid)).toBe('anonymous');
  });

  it('never takes its own origin from X-Forwarded-Host, even behind a trusted proxy', async () => {
    const problem = await refusal({
      label: 'spoofed host', method: 'POST', url: '/api/logout',
      headers: { ...cookieHeader(alice), 'content-type': 'application/json', origin: 'https://evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      payload: '{}',
    }, 'CROSS_ORIGIN');
    expect(problem).toBeNull();
    // Nor from the Host header a client writes.
    const hostProblem = await refusal({
      label: 'spoofed Host', method: 'POST', url: '/api/logout',
      headers: { ...cookieHeader(alice), 'content-type': 'application/json', origin: 'http://evil.example', host: 'evil.example' },
      payload: '{}',
    }, 'CROSS_ORIGIN');
    expect(hostProblem).toBeNull();
    expect(await whoIs(send, alice.sid)).toBe(alice.uuid);
  });

  it('trusts our own Activity by default and no other Activity, whatever it sends', async () => {
    const bob = await registerActor(send);
    const other = await send({ label: 'other', method: 'POST', url: '/api/logout', headers: { ...cookieHeader(bob), origin: OTHER_ACTIVITY, 'content-type': 'application/json', [CLIENT_HEADER]: '1' }, payload: '{}' });
    expect(other.status).toBe(403);
    expect(await whoIs(send, bob.sid)).toBe(bob.uuid);
    const ours = await send({ label: 'ours', method: 'POST', url: '/api/logout', headers: { ...cookieHeader(bob), origin: OUR_ACTIVITY, 'content-type': 'application/json' }, payload: '{}' });
    expect(ours.status, ours.body).toBe(200);
  });
});

describe.each(testDatabases())('our public origin on $name', (database) => {
  const staticDir = mkdtempSync(join(tmpdir(), 'cross-site-'));
  let t: TestApp;
  let send: Transport;
  beforeAll(async () => {
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><html><head><title>TripShell</title></head><body><div id="root"></div></body></html>');
    // Behind a TLS-terminating proxy that nobody told us to trust: requests arrive as http.
    t = await startApp(database, { PUBLIC_ORIGIN: 'https://game.example.com', TRUST_PROXY: false, STATIC_DIR: staticDir, DISCORD_CLIENT_ID: OUR_CLIENT_ID });
    send = injectTransport(t.app, 'game.example.com');
  });
  afterAll(async () => { await t.close(); });

  it('keeps the session cookie Secure; SameSite=None; Partitioned behind TLS termination without TRUST_PROXY', async () => {
    const reply = await send({
      label: 'register', method: 'POST', url: '/api/register', headers: { 'content-type': 'application/json', origin: 'https://game.example.com' },
      payload: JSON.stringify({ username: `tls_${Date.now().toString(36)}`, password: 'hunter22-hunter', turnstile_token: await solveBotCheckVia(send) }),
    });
    expect(reply.status, reply.body).toBe(200);
    expect(sessionCookieOf(reply)).toBeTruthy();
    const cookie = reply.setCookies.find((c) => c.startsWith('sid=')) ?? '';
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; SameSite=None/);
    expect(cookie).toMatch(/; Partitioned/);
    expect(reply.headers['strict-transport-security']).toMatch(/max-age=/);
  });

  it('takes our origin from PUBLIC_ORIGIN: the same host over http, or a loopback name, is another site', async () => {
    for (const origin of ['http://game.example.com', 'http://localhost', 'https://game.example.com.evil.example']) {
      const reply = await send({ label: origin, method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json', origin }, payload: '{}' });
      expect(reply.status, origin).toBe(403);
    }
    const ours = await send({ label: 'ours', method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json', origin: 'https://game.example.com' }, payload: '{}' });
    expect(ours.status).toBe(400);
  });

  it('never lets the console be framed; the shell keeps the configured frame-ancestors', async () => {
    const ancestors = (csp: unknown) => /frame-ancestors ([^;]*)/.exec(String(csp))?.[1]?.trim();
    for (const url of ['/admin', '/admin/players', '/admin?tab=audit']) {
      const reply = await send({ label: url, method: 'GET', url, headers: {} });
      expect(reply.status, url).toBe(200);
      expect(ancestors(reply.headers['content-security-policy']), url).toBe("'none'");
    }
    const shell = await send({ label: '/', method: 'GET', url: '/', headers: {} });
    expect(ancestors(shell.headers['content-security-policy'])).toBe(`'self' https://discord.com https://ptb.discord.com https://canary.discord.com ${OUR_ACTIVITY}`);
  });
});

describe.each(testDatabases())('the console inside the host playground on $name', (database) => {
  const staticDir = mkdtempSync(join(tmpdir(), 'cross-site-playground-'));
  let t: TestApp;
  beforeAll(async () => {
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><html><head><title>TripShell</title></head><body></body></html>');
    t = await startApp(database, { PLAYGROUND_ORIGIN: 'http://127.0.0.1:8082', STATIC_DIR: staticDir });
  });
  afterAll(async () => { await t.close(); });

  it('is not framed there either, though the playground lifts frame-ancestors for the shell', async () => {
    const admin = await t.app.inject({ url: '/admin' });
    expect(String(admin.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    const shell = await t.app.inject({ url: '/' });
    expect(String(shell.headers['content-security-policy'])).not.toContain('frame-ancestors');
  });
});
