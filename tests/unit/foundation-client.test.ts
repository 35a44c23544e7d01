import { afterEach, describe, expect, it, vi } from 'vitest';
import { whoami, login, logout } from '../../contract/auth';
import { CLIENT_HEADER } from '../../contract/http';
import { ApiError, call, NetworkError } from '../../src/api/client';
import { errorText } from '../../src/api/errors';
import { retryDelay, shouldRetry } from '../../src/app/queryClient';

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('the typed API client', () => {
  afterEach(() => { vi.unstubAllGlobals(); });

  it('sends credentials and JSON, and parses the answer with the contract', async () => {
    const fetchMock = vi.fn(async () => answer(200, { status: 'ok', uuid: 'u1', username: 'Ann', verified: 1, isAdmin: false }));
    vi.stubGlobal('fetch', fetchMock);
    const user = await call(login, { body: { username: 'Ann', password: 'pw', remember_me: true, turnstile_token: 't' } });
    expect(user.username).toBe('Ann');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/login');
    expect(init.credentials).toBe('include');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ username: 'Ann', password: 'pw', remember_me: true, turnstile_token: 't' });
  });

  it('sends every change as a request no other site can send without asking: JSON and our header, a body-less one too', async () => {
    const fetchMock = vi.fn(async () => answer(200, { status: 'ok' }));
    vi.stubGlobal('fetch', fetchMock);
    await call(logout).catch(() => undefined);
    await call(whoami).catch(() => undefined);
    const [change, read] = (fetchMock.mock.calls as unknown as Array<[string, RequestInit]>).map(([, init]) => init);
    const headers = change?.headers as Record<string, string>;
    expect(change?.method).toBe('POST');
    expect(headers['content-type']).toBe('application/json');
    expect(headers[CLIENT_HEADER]).toBe('1');
    // A read stays a plain GET (no preflight on a cross-origin host page's own fetches).
    expect((read?.headers as Record<string, string>)[CLIENT_HEADER]).toBeUndefined();
  });

  it('turns an error answer into an ApiError carrying the server text', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(401, { error: 'Invalid username or password', detail: 'Invalid username or password', code: 'INVALID_CREDENTIALS' })));
    const error = await call(whoami).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).code).toBe('INVALID_CREDENTIALS');
    expect(errorText(error, 'fallback')).toBe('Invalid username or password');
  });

  it('uses the fallback text when the error answer is not ours', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>bad gateway</html>', { status: 502 })));
    const error = (await call(whoami).catch((e: unknown) => e)) as ApiError;
    expect(errorText(error, 'Failed to authenticate. Please try again.')).toBe('Failed to authenticate. Please try again.');
  });

  it('refuses an answer that does not match the contract', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(200, { uuid: 42 })));
    await expect(call(whoami)).rejects.toBeInstanceOf(ApiError);
  });

  it('reports a failed connection as a NetworkError', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    await expect(call(whoami)).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('query defaults', () => {
  it('retries server and network failures three times, client errors never', () => {
    expect(shouldRetry(0, new NetworkError('x'))).toBe(true);
    expect(shouldRetry(2, new ApiError(503, null, 'x'))).toBe(true);
    expect(shouldRetry(3, new ApiError(503, null, 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(404, null, 'x'))).toBe(false);
  });

  it('backs off exponentially from 1 s, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
