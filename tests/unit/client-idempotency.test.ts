// The shell sends an Idempotency-Key on every call of an endpoint the contract marks as moving
// value (issue 16 item 9), from src/api/client.ts, so no caller can forget it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALL_ENDPOINTS } from '../../contract/endpoints';
import { IDEMPOTENCY_HEADER, IdempotencyKey } from '../../contract/http';
import { call } from '../../src/api/client';

function headersOfCall(fetchMock: ReturnType<typeof vi.fn>, i = 0): Record<string, string> {
  const init = fetchMock.mock.calls[i]?.[1] as RequestInit;
  return init.headers as Record<string, string>;
}

describe('Idempotency-Key from the API client', () => {
  afterEach(() => { vi.unstubAllGlobals(); });
  const stub = () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  };
  const params = (path: string) => Object.fromEntries([...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => [m[1]!, 'x']));

  it('sends a fresh valid key on every movesValue call, and none elsewhere', async () => {
    const moving = ALL_ENDPOINTS.filter((e) => e.movesValue);
    expect(moving.length).toBeGreaterThan(8);
    for (const endpoint of ALL_ENDPOINTS) {
      const fetchMock = stub();
      await call(endpoint, { params: params(endpoint.path) }).catch(() => undefined);
      await call(endpoint, { params: params(endpoint.path) }).catch(() => undefined);
      const [first, second] = [headersOfCall(fetchMock, 0)[IDEMPOTENCY_HEADER], headersOfCall(fetchMock, 1)[IDEMPOTENCY_HEADER]];
      if (endpoint.movesValue) {
        expect(IdempotencyKey.safeParse(first).success, endpoint.path).toBe(true);
        expect(second).not.toBe(first);
      } else {
        expect(first, endpoint.path).toBeUndefined();
      }
    }
  });

  it('keeps the key a caller passes for its own retries', async () => {
    const fetchMock = stub();
    const buy = ALL_ENDPOINTS.find((e) => e.path === '/api/crates/buy')!;
    await call(buy, { body: { quantity: 1 }, headers: { 'Idempotency-Key': 'my-retry-key-1' } }).catch(() => undefined);
    const headers = headersOfCall(fetchMock);
    expect(headers['Idempotency-Key']).toBe('my-retry-key-1');
    expect(headers[IDEMPOTENCY_HEADER]).toBeUndefined();
  });
});
