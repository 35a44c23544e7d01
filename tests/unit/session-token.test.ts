// The shell's session when its cookie does not stick (src/api/sessionToken.ts through
// src/api/client.ts): a fake server that drops cookies the way a browser blocking third-party
// cookies does. After a sign-in the client confirms with whoami; a dropped cookie makes it carry
// on with the token as a bearer header, kept across a reload in sessionStorage, forgotten at
// logout; a cookie that sticks leaves no token anywhere.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changePassword, login, logout, whoami } from '../../contract/auth';

const USER = { uuid: 'u-1', username: 'Ann', verified: 1, isAdmin: false };
const ANON = { uuid: 'anonymous', username: 'Anonymous', verified: 0, isAdmin: false, error: 'Not logged in' };

/** A server with one live token; `cookies` says whether the browser keeps the session cookie. */
function fakeServer(cookies: boolean) {
  const state = { live: new Set<string>(), cookie: null as string | null, issued: 0 };
  const json = (body: unknown, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', ...headers } });
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const bearer = headers.get('authorization')?.replace(/^Bearer /, '') ?? null;
    const token = bearer ?? state.cookie;
    const signedIn = token !== null && state.live.has(token);
    const issue = () => {
      if (token) state.live.delete(token);
      const fresh = `tok-${(state.issued += 1)}`;
      state.live.add(fresh);
      if (cookies) state.cookie = fresh;
      return { 'x-session-token': fresh };
    };
    if (url === '/api/login') return json({ status: 'ok', ...USER }, issue());
    if (url === '/api/userChangePassword') return signedIn ? json({ message: 'Password updated successfully' }, issue()) : new Response('{"error":"Not logged in"}', { status: 401 });
    if (url === '/api/logout') { if (token) state.live.delete(token); state.cookie = null; return json({ status: 'logged_out', message: 'Logged out', ...ANON }); }
    if (url === '/api/whoami') return json(signedIn ? USER : ANON);
    return new Response('{}', { status: 404 });
  });
  return { state, fetchMock };
}

const authOf = (fetchMock: ReturnType<typeof fakeServer>['fetchMock'], index: number) => new Headers((fetchMock.mock.calls[index]?.[1] as RequestInit | undefined)?.headers).get('authorization');

describe('the session token when the cookie does not stick', () => {
  beforeEach(() => { vi.resetModules(); window.sessionStorage.clear(); });
  afterEach(() => { vi.unstubAllGlobals(); });

  it('confirms after sign-in, then carries on with a bearer header the server accepts', async () => {
    const server = fakeServer(false);
    vi.stubGlobal('fetch', server.fetchMock);
    const { call } = await import('../../src/api/client');
    await call(login, { body: { username: 'Ann', password: 'pw', remember_me: true, turnstile_token: 't' } });
    // The confirmation: whoami with cookies alone said anonymous.
    expect(server.fetchMock.mock.calls[1]?.[0]).toBe('/api/whoami');
    expect(authOf(server.fetchMock, 1)).toBeNull();
    const me = await call(whoami);
    expect(me).toMatchObject({ username: 'Ann', verified: 1 });
    expect(authOf(server.fetchMock, 2)).toBe('Bearer tok-1');
    expect(window.sessionStorage.getItem('tripshell.session')).toBe('tok-1');
  });

  it('survives a reload of the frame through sessionStorage, follows a rotation, and forgets it at logout', async () => {
    const server = fakeServer(false);
    vi.stubGlobal('fetch', server.fetchMock);
    const first = await import('../../src/api/client');
    await first.call(login, { body: { username: 'Ann', password: 'pw', remember_me: true, turnstile_token: 't' } });

    vi.resetModules(); // the iframe reloads: a fresh module, only sessionStorage remains
    const reloaded = await import('../../src/api/client');
    expect(await reloaded.call(whoami)).toMatchObject({ username: 'Ann' });

    await reloaded.call(changePassword, { body: { currentPassword: 'pw', newPassword: 'pw2' } });
    expect(window.sessionStorage.getItem('tripshell.session')).toBe('tok-2');
    expect(await reloaded.call(whoami)).toMatchObject({ username: 'Ann' });

    await reloaded.call(logout);
    expect(window.sessionStorage.getItem('tripshell.session')).toBeNull();
    const calls = server.fetchMock.mock.calls.length;
    expect(await reloaded.call(whoami)).toMatchObject({ verified: 0 });
    expect(authOf(server.fetchMock, calls)).toBeNull();
  });

  it('keeps no token when the cookie sticks', async () => {
    const server = fakeServer(true);
    vi.stubGlobal('fetch', server.fetchMock);
    const { call } = await import('../../src/api/client');
    await call(login, { body: { username: 'Ann', password: 'pw', remember_me: true, turnstile_token: 't' } });
    expect(await call(whoami)).toMatchObject({ username: 'Ann' });
    for (let i = 0; i < server.fetchMock.mock.calls.length; i += 1) expect(authOf(server.fetchMock, i)).toBeNull();
    expect(window.sessionStorage.getItem('tripshell.session')).toBeNull();
  });

  it('never puts the token in a URL', async () => {
    const server = fakeServer(false);
    vi.stubGlobal('fetch', server.fetchMock);
    const { call } = await import('../../src/api/client');
    await call(login, { body: { username: 'Ann', password: 'pw', remember_me: true, turnstile_token: 't' } });
    await call(whoami);
    for (const [url] of server.fetchMock.mock.calls) expect(String(url)).not.toContain('tok-');
  });
});
