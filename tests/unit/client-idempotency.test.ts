// The shell sends an Idempotency-Key on every call of an endpoint the contract marks as moving
// value: the attempt's key, which the operation owns. The
// client requires it (in its types, and at run time) and never makes one up.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALL_ENDPOINTS } from '../../contract/endpoints';
import { IDEMPOTENCY_HEADER, IdempotencyKey, type EndpointDef } from '../../contract/http';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { newAttempt } from '../../src/admin/api';
import { newIdempotencyKey } from '../../src/api/attempts';
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

  it('sends the attempt\'s key on every movesValue call, and none elsewhere', async () => {
    const moving = ALL_ENDPOINTS.filter((e) => e.movesValue);
    expect(moving.length).toBeGreaterThan(8);
    for (const endpoint of ALL_ENDPOINTS) {
      const fetchMock = stub();
      const key = endpoint.movesValue ? { idempotencyKey: 'attempt-key-1' } : {};
      await (call as (e: EndpointDef, o: object) => Promise<unknown>)(endpoint, { params: params(endpoint.path), ...key }).catch(() => undefined);
      const sent = headersOfCall(fetchMock, 0)[IDEMPOTENCY_HEADER];
      if (endpoint.movesValue) {
        expect(sent, endpoint.path).toBe('attempt-key-1');
        expect(IdempotencyKey.safeParse(sent).success).toBe(true);
      } else {
        expect(sent, endpoint.path).toBeUndefined();
      }
    }
  });

  it('refuses a movesValue call without its attempt\'s key instead of making one up', async () => {
    const fetchMock = stub();
    const buy = ALL_ENDPOINTS.find((e) => e.path === '/api/crates/buy')!;
    await expect((call as (e: EndpointDef, o: object) => Promise<unknown>)(buy, { body: { quantity: 1 } })).rejects.toThrow(/idempotencyKey/);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('the keys the client makes', () => {
  afterEach(() => { vi.unstubAllGlobals(); });

  it('makes every key one way, which works outside a secure context (no randomUUID there)', () => {
    // A page served over plain http (a LAN address, a portal's preview) has crypto.getRandomValues
    // but no crypto.randomUUID.
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array<ArrayBuffer>) => real.getRandomValues(bytes) });
    for (const key of [newIdempotencyKey('crates'), newAttempt()]) {
      expect(IdempotencyKey.safeParse(key).success).toBe(true);
    }
    expect(newAttempt()).toMatch(/^admin-[0-9a-f]{32}$/);
    expect(newAttempt()).not.toBe(newAttempt());
  });

  it('has no other maker of keys in the shell or the console', () => {
    const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : []);
    const root = join(__dirname, '../../src');
    const makers = walk(root).filter((file) => !file.endsWith(join('api', 'attempts.ts')))
      .filter((file) => /randomUUID|getRandomValues/.test(readFileSync(file, 'utf8')) && /idempotency|attempt/i.test(readFileSync(file, 'utf8')));
    expect(makers).toEqual([]);
  });
});
