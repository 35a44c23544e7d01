// The security suite (tests/api/security.test.ts on PGlite, tests/api/security-postgres.test.ts on
// PostgreSQL): checks generated from the contract: cross-origin refusal for every state-changing
// endpoint, 401 for every `user` endpoint without a session, 401/403/allowed for every `admin` one, game-server keys, the authz table
// (harness/authz.ts), cookie attributes and security headers on every answer (the CSP on HTML documents only), session fixation
// and logout-everywhere. tests/api/auth.test.ts asserts the auth endpoints' own texts; this suite
// checks the same properties across every endpoint in ALL_ENDPOINTS.
//
// One file per database, so the run's two workers check both side by side (in one file the
// second database waited for the first: the longest API file after fuzzing).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS } from '../../../contract/endpoints';
import type { EndpointDef } from '../../../contract/http';
import { setAdmin } from '../../../server/jobs/adminRole';
import { cookieHeader, reauthenticateActor, registerActor, reviveSession, type Actor } from './actors';
import { authzProblems, authzTable, isolationProblems, type AuthzSetup } from './authz';
import { endpointKey, isStateChanging, StrictErrorBody } from './contract';
import { EXAMPLES, exampleOf, resolveCall, type Example } from './examples';
import { requestFor, type RawRequest } from './hostile';
import { BROKEN_PROBES, GOOD_PROBES, PROBE_EXAMPLES, registerProbes } from './probes';
import { changeMark, changesSince, installChangeLog } from './snapshot';
import { injectTransport, sessionCookieOf, solveBotCheckVia, type Reply, type Transport } from './transport';
import { startApp, testConfig, type TestApp, type TestDatabase } from '../helpers';

const FRAME_ANCESTORS = ["'self'", 'https://portal.example', 'https://*.activity.example'];
const GAME_KEY = testConfig().GAME_SERVER_KEY ?? '';
const EVERY_EXAMPLE: Record<string, Example> = { ...EXAMPLES, ...PROBE_EXAMPLES };
const ENDPOINTS: EndpointDef[] = [...ALL_ENDPOINTS, ...GOOD_PROBES];
const UNSOLVED = async () => 'unsolved-bot-check-token';

export function securitySuite(database: TestDatabase | undefined): void {
    describe.skipIf(!database)(`security on ${database?.name ?? 'a database not configured'}`, () => {
    let t: TestApp;
    let send: Transport;
    let alice: Actor;
    let bob: Actor;

    beforeAll(async () => {
      // TRUST_PROXY so that x-forwarded-proto: https makes a request https (cookie attributes).
      t = await startApp(database!, { TRUST_PROXY: 1, FRAME_ANCESTORS });
      registerProbes(t.app);
      send = injectTransport(t.app);
      alice = await registerActor(send);
      bob = await registerActor(send);
      await installChangeLog(t.handle.db);
    });
    afterAll(async () => { await t.close(); });

    const served = (e: EndpointDef) => t.app.hasRoute({ method: e.method, url: e.path });
    const botToken = () => solveBotCheckVia(send);
    const ctxFor = (caller: Actor | null, owner: Actor, token = botToken) => ({ caller, owner, db: t.handle.db, send, botToken: token });

    /** A valid call of `endpoint` as `caller` with extra headers; restores the caller's session after. */
    async function validCall(endpoint: EndpointDef, caller: Actor | null, headers: Record<string, string> = {}, token = botToken): Promise<Reply> {
      const call = await resolveCall(endpoint, ctxFor(caller, caller ?? alice, token), EVERY_EXAMPLE);
      const request = requestFor(endpoint, call);
      const reply = await send({ ...request, headers: { ...request.headers, ...cookieHeader(caller), ...headers } });
      if (caller) {
        const cookie = sessionCookieOf(reply);
        if (cookie) caller.sid = cookie;
        else if (cookie === '' || exampleOf(endpoint, EVERY_EXAMPLE)?.endsSession) await reviveSession(t.handle.db, caller);
      }
      return reply;
    }

    /** Sends a request and reports unless it is refused with `status` (and `code`), in the error shape, changing nothing. */
    async function expectRefused(request: RawRequest, status: number, code?: string): Promise<string | null> {
      const mark = await changeMark(t.handle.db);
      const reply = await send(request);
      const body = StrictErrorBody.safeParse(safeJson(reply.body));
      const changed = await changesSince(t.handle.db, mark);
      if (reply.status !== status || !body.success || (code && body.data.code !== code)) return `${request.method} ${request.url} [${request.label}]: ${reply.status} ${reply.body.slice(0, 160)}`;
      return changed.length ? `${request.method} ${request.url} [${request.label}]: refused but changed ${changed.join('; ')}` : null;
    }

    async function whoIs(sid: string): Promise<string> {
      const reply = await send({ label: 'whoami', method: 'GET', url: '/api/whoami', headers: sid ? { cookie: `sid=${sid}` } : {} });
      return (JSON.parse(reply.body) as { uuid: string }).uuid;
    }

    it('every state-changing endpoint refuses cross-origin requests with 403 CROSS_ORIGIN', async () => {
      const problems: string[] = [];
      const checked = ENDPOINTS.filter((e) => isStateChanging(e) && served(e));
      for (const endpoint of checked) {
        const call = await resolveCall(endpoint, ctxFor(alice, alice, UNSOLVED), EVERY_EXAMPLE);
        const base = requestFor(endpoint, call);
        const auth = { ...cookieHeader(alice), ...(endpoint.access === 'gameServer' ? { authorization: `Bearer ${GAME_KEY}` } : {}) };
        const variants: Array<[string, Record<string, string>]> = [
          ['evil origin', { origin: 'https://evil.example' }],
          ['opaque origin', { origin: 'null' }],
          ['look-alike origin', { origin: 'https://portal.example.evil.example' }],
          ['fetch metadata only', { 'sec-fetch-site': 'cross-site' }],
        ];
        for (const [label, headers] of variants) {
          problems.push(await expectRefused({ ...base, label, headers: { ...base.headers, ...auth, ...headers } }, 403, 'CROSS_ORIGIN') ?? '');
        }
        // A forged request that got through (a logout, a password change) must not derail the rest.
        if (problems.some(Boolean)) await reviveSession(t.handle.db, alice);
      }
      expect(problems.filter(Boolean)).toEqual([]);
      expect(checked.length).toBeGreaterThan(3);
    });

    it('every `user` endpoint answers 401 without a live session, whatever cookie comes along', async () => {
      const problems: string[] = [];
      const checked = ENDPOINTS.filter((e) => e.access === 'user' && served(e));
      const revoked = await registerActor(send);
      await send({ label: 'logout', method: 'POST', url: '/api/logout', headers: { ...cookieHeader(revoked), 'content-type': 'application/json' }, payload: '{}' });
      for (const endpoint of checked) {
        const call = await resolveCall(endpoint, ctxFor(null, alice, UNSOLVED), EVERY_EXAMPLE);
        const base = requestFor(endpoint, call);
        for (const [label, cookie] of [['no cookie', ''], ['revoked session', `sid=${revoked.sid}`], ['forged token', `sid=${randomBytes(32).toString('base64url')}`]]) {
          problems.push(await expectRefused({ ...base, label: label ?? '', headers: { ...base.headers, ...(cookie ? { cookie } : {}) } }, 401) ?? '');
        }
      }
      expect(problems.filter(Boolean)).toEqual([]);
      expect(checked.length).toBeGreaterThan(0);
    });

    // The admin row of the matrix: 401 without a live session, 403 to a player (whatever the
    // body), and an admin's own valid call is not refused for who they are.
    it('every `admin` endpoint answers 401 without a session, 403 to a player, and lets an admin through', async () => {
      const problems: string[] = [];
      const checked = ENDPOINTS.filter((e) => e.access === 'admin' && served(e));
      const admin = await registerActor(send);
      await setAdmin(t.handle.db, admin.username, true);
      await reauthenticateActor(send, admin);
      // The admin's calls act on a player of their own (a ban, sessions ended), not on alice or bob.
      const target = await registerActor(send);
      for (const endpoint of checked) {
        const call = await resolveCall(endpoint, ctxFor(null, target, UNSOLVED), EVERY_EXAMPLE);
        const base = requestFor(endpoint, call);
        for (const [label, cookie] of [['no cookie', ''], ['forged token', `sid=${randomBytes(32).toString('base64url')}`]]) {
          problems.push(await expectRefused({ ...base, label: label ?? '', headers: { ...base.headers, ...(cookie ? { cookie } : {}) } }, 401) ?? '');
        }
        problems.push(await expectRefused({ ...base, label: 'player', headers: { ...base.headers, ...cookieHeader(alice) } }, 403, 'ADMINS_ONLY') ?? '');
        const asAdmin = await send({ ...base, headers: { ...base.headers, ...cookieHeader(admin) } });
        if ([401, 403].includes(asAdmin.status)) problems.push(`${endpointKey(endpoint)}: refused the admin too (${asAdmin.status} ${asAdmin.body.slice(0, 120)})`);
      }
      expect(problems.filter(Boolean)).toEqual([]);
      expect(checked.length).toBeGreaterThan(10);
    });

    it('every `gameServer` endpoint refuses a missing or wrong key, and a player session is no key', async () => {
      const problems: string[] = [];
      const checked = ENDPOINTS.filter((e) => e.access === 'gameServer' && served(e));
      for (const endpoint of checked) {
        const call = await resolveCall(endpoint, ctxFor(null, alice, UNSOLVED), EVERY_EXAMPLE);
        const base = requestFor(endpoint, call);
        const wrong: Array<[string, Record<string, string>]> = [
          ['no key', {}], ['wrong key', { authorization: 'Bearer not-the-key-at-all-0123456789' }],
          ['key plus a byte', { authorization: `Bearer ${GAME_KEY}x` }], ['key without Bearer', { authorization: GAME_KEY }],
          ['basic auth', { authorization: `Basic ${Buffer.from(`x:${GAME_KEY}`).toString('base64')}` }],
          ['player session', cookieHeader(alice)],
        ];
        for (const [label, headers] of wrong) problems.push(await expectRefused({ ...base, label, headers: { ...base.headers, ...headers } }, 401) ?? '');
        // Control: with the key the same call is not refused for authentication.
        const withKey = await send({ ...base, headers: { ...base.headers, authorization: `Bearer ${GAME_KEY}` } });
        if (withKey.status === 401) problems.push(`${endpointKey(endpoint)}: refused the right key too (${withKey.body.slice(0, 120)})`);
      }
      expect(problems.filter(Boolean)).toEqual([]);
      expect(checked.length).toBeGreaterThan(0);
    });

    describe('authz table (owner parameters, two players)', () => {
      const setup = (): AuthzSetup => ({ send, db: t.handle.db, owner: alice, intruder: bob, botToken, examples: EVERY_EXAMPLE });
      const rows = authzTable(ENDPOINTS, EVERY_EXAMPLE);

      it.for(rows.map((e) => [endpointKey(e), e] as const))('%s guards the owner\'s resources', async ([, endpoint], context) => {
        if (!served(endpoint)) context.skip(`${endpointKey(endpoint)} is in the contract but not served yet`);
        expect(await authzProblems(endpoint, setup())).toEqual([]);
      });

      it('catches an endpoint that lets one player read another\'s resource (harness self-check)', async () => {
        const problems = await authzProblems(BROKEN_PROBES.leaky, setup());
        expect(problems.join('\n')).toMatch(/another player's call on the owner's resource succeeded/);
      });

      it('a player acting on their own things never changes another player\'s rows', async () => {
        expect(await isolationProblems(ENDPOINTS.filter(served), setup())).toEqual([]);
      });
    });

    it('session cookies are HttpOnly; SameSite=Lax over http and Secure; SameSite=None; Partitioned over https', async () => {
      const problems: string[] = [];
      const setters = new Set<string>();
      for (const endpoint of ENDPOINTS.filter((e) => served(e) && e.access !== 'gameServer')) {
        for (const https of [false, true]) {
          const reply = await validCall(endpoint, await registerOrReuse(), https ? { 'x-forwarded-proto': 'https' } : {});
          for (const line of reply.setCookies) {
            setters.add(endpointKey(endpoint));
            const attrs = line.split(';').map((a) => a.trim().toLowerCase());
            const want = https ? ['httponly', 'secure', 'samesite=none', 'partitioned'] : ['httponly', 'samesite=lax'];
            const missing = want.filter((w) => !attrs.includes(w));
            const forbidden = https ? [] : attrs.filter((a) => a === 'secure' || a === 'samesite=none');
            if (missing.length || forbidden.length) problems.push(`${endpointKey(endpoint)} over ${https ? 'https' : 'http'}: ${line} (missing ${missing.join(', ')}${forbidden.length ? `; must not have ${forbidden.join(', ')}` : ''})`);
          }
        }
      }
      expect(problems).toEqual([]);
      // Login, register and logout at least must have been seen setting (or clearing) the cookie.
      expect([...setters]).toEqual(expect.arrayContaining(['POST /api/login', 'POST /api/register', 'POST /api/logout']));
    });

    /** A registered player whose session is live (the cookie test's calls end sessions freely). */
    let spare: Actor | undefined;
    async function registerOrReuse(): Promise<Actor> {
      spare ??= await registerActor(send);
      return spare;
    }

    const cspProblems = (what: string, reply: Reply): string[] => {
      const problems: string[] = [];
      const csp = String(reply.headers['content-security-policy'] ?? '');
      const ancestors = /frame-ancestors ([^;]*)/.exec(csp)?.[1]?.trim().split(/\s+/) ?? [];
      if (ancestors.join(' ') !== FRAME_ANCESTORS.join(' ')) problems.push(`${what}: frame-ancestors is "${ancestors.join(' ')}"`);
      if (!/default-src 'self'/.test(csp) || !/object-src 'none'/.test(csp)) problems.push(`${what}: CSP lacks default-src 'self' / object-src 'none': ${csp.slice(0, 120)}`);
      return problems;
    };

    it('every answer carries nosniff, no referrer, the cross-origin resource policy and no frame-blocking header; JSON answers no CSP', async () => {
      const problems: string[] = [];
      const replies: Array<[string, Reply]> = [
        ['unknown route', await send({ label: '404', method: 'GET', url: '/api/no-such-thing', headers: {} })],
        ['invalid JSON', await send({ label: '400', method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{' })],
      ];
      for (const endpoint of ENDPOINTS.filter(served)) {
        const headers: Record<string, string> = endpoint.access === 'gameServer' ? { authorization: `Bearer ${GAME_KEY}` } : {};
        replies.push([endpointKey(endpoint), await validCall(endpoint, endpoint.access === 'user' ? await registerOrReuse() : null, headers)]);
      }
      let json = 0;
      for (const [what, reply] of replies) {
        if (reply.headers['x-content-type-options'] !== 'nosniff') problems.push(`${what}: x-content-type-options is ${String(reply.headers['x-content-type-options'])}`);
        if (reply.headers['referrer-policy'] !== 'no-referrer') problems.push(`${what}: referrer-policy is ${String(reply.headers['referrer-policy'])}`);
        if (reply.headers['cross-origin-resource-policy'] !== 'cross-origin') problems.push(`${what}: cross-origin-resource-policy is ${String(reply.headers['cross-origin-resource-policy'])}`);
        // The portal and Discord must be able to frame us: the CSP decides, X-Frame-Options would veto.
        if (reply.headers['x-frame-options'] !== undefined) problems.push(`${what}: x-frame-options ${String(reply.headers['x-frame-options'])} blocks the hosts' iframes`);
        if (reply.headers['x-powered-by'] !== undefined) problems.push(`${what}: x-powered-by leaks the stack`);
        const type = String(reply.headers['content-type'] ?? '');
        if (type.startsWith('text/html')) problems.push(...cspProblems(what, reply));
        if (type.startsWith('application/json')) {
          json++;
          if (reply.headers['content-security-policy'] !== undefined) problems.push(`${what}: a JSON answer carries the CSP`);
        }
      }
      expect(json).toBeGreaterThan(20);
      expect(problems).toEqual([]);
    });

    it('HTML documents (the legal pages, the API docs) carry the CSP with the configured frame-ancestors and the document headers', async () => {
      const problems: string[] = [];
      for (const url of ['/privacy', '/terms', '/api/docs']) {
        const reply = await send({ label: url, method: 'GET', url, headers: {} });
        if (reply.status !== 200 || !String(reply.headers['content-type']).startsWith('text/html')) { problems.push(`${url}: ${reply.status} ${String(reply.headers['content-type'])}`); continue; }
        problems.push(...cspProblems(url, reply));
        if (reply.headers['x-content-type-options'] !== 'nosniff') problems.push(`${url}: no nosniff`);
        if (reply.headers['cross-origin-opener-policy'] !== 'same-origin-allow-popups') problems.push(`${url}: cross-origin-opener-policy is ${String(reply.headers['cross-origin-opener-policy'])}`);
        if (reply.headers['x-frame-options'] !== undefined) problems.push(`${url}: x-frame-options set`);
      }
      expect(problems).toEqual([]);
    });

    it("the Discord callback page keeps its own opener policy (unsafe-none), or the popup's opener can never read the code", async () => {
      // The document headers are added after the route; they once overwrote this page's COOP with
      // same-origin-allow-popups, the popup lost its opener and Discord sign-in and linking hung.
      const reply = await send({ label: 'callback', method: 'GET', url: '/api/discord/callback?code=abc&state=xyz', headers: {} });
      expect(reply.status).toBe(200);
      expect(reply.headers['cross-origin-opener-policy']).toBe('unsafe-none');
      expect(String(reply.headers['content-security-policy'])).toContain('frame-ancestors');
    });

    it('session fixation: every endpoint that issues a session issues a fresh token and kills the one it came with', async () => {
      const problems: string[] = [];
      const issuers: string[] = [];
      for (const endpoint of ENDPOINTS.filter((e) => served(e) && e.access !== 'gameServer')) {
        // The caller's own live session comes along.
        const victim = await registerActor(send);
        const before = victim.sid;
        const reply = await validCall(endpoint, victim);
        const issued = sessionCookieOf(reply);
        if (!issued) continue;
        issuers.push(endpointKey(endpoint));
        if (issued === before) problems.push(`${endpointKey(endpoint)} kept the session token it was sent`);
        if (await whoIs(before) !== 'anonymous') problems.push(`${endpointKey(endpoint)} left the previous session alive`);
        // An attacker-chosen token planted in the browser is never adopted.
        const planted = randomBytes(32).toString('base64url');
        const call = await resolveCall(endpoint, ctxFor(victim, victim), EVERY_EXAMPLE);
        const request = requestFor(endpoint, call);
        const second = await send({ ...request, headers: { ...request.headers, cookie: `sid=${planted}` } });
        const token = sessionCookieOf(second);
        if (token === planted) problems.push(`${endpointKey(endpoint)} adopted a planted token`);
        if (await whoIs(planted) !== 'anonymous') problems.push(`${endpointKey(endpoint)}: a planted token became a session`);
      }
      expect(problems).toEqual([]);
      expect(issuers).toEqual(expect.arrayContaining(['POST /api/login', 'POST /api/register']));
    });

    it('logout ends only this session; a password change ends every other session on every `user` endpoint', async () => {
      const user = await registerActor(send);
      const login = async () => {
        const reply = await send({
          label: 'login', method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ username: user.username, password: user.password, remember_me: true, turnstile_token: await botToken() }),
        });
        return sessionCookieOf(reply) ?? '';
      };
      const [laptop, phone, tablet] = [user.sid, await login(), await login()];
      await send({ label: 'logout', method: 'POST', url: '/api/logout', headers: { 'content-type': 'application/json', cookie: `sid=${phone}` }, payload: '{}' });
      expect(await Promise.all([whoIs(laptop), whoIs(phone), whoIs(tablet)])).toEqual([user.uuid, 'anonymous', user.uuid]);

      const changed = await send({
        label: 'change password', method: 'POST', url: '/api/userChangePassword', headers: { 'content-type': 'application/json', cookie: `sid=${laptop}` },
        payload: JSON.stringify({ currentPassword: user.password, newPassword: 'a-new-password-42' }),
      });
      expect(changed.status).toBe(200);
      const fresh = sessionCookieOf(changed) ?? '';
      expect(await whoIs(fresh)).toBe(user.uuid);
      user.sid = fresh;

      const problems: string[] = [];
      const userEndpoints = ENDPOINTS.filter((e) => e.access === 'user' && served(e));
      for (const endpoint of userEndpoints) {
        const call = await resolveCall(endpoint, ctxFor(null, user, UNSOLVED), EVERY_EXAMPLE);
        const base = requestFor(endpoint, call);
        for (const [label, sid] of [['tablet (other session)', tablet], ['laptop (the old token)', laptop]] as const) {
          problems.push(await expectRefused({ ...base, label, headers: { ...base.headers, cookie: `sid=${sid}` } }, 401) ?? '');
        }
      }
      expect(problems.filter(Boolean)).toEqual([]);
      expect(userEndpoints.length).toBeGreaterThan(0);
    });
  });
}

function safeJson(text: string): unknown {
  try { return JSON.parse(text); } catch { return undefined; }
}
