// The global rate limit across processes: with REDIS_URL every API instance
// counts in the same Redis, so N instances allow the limit once, not N times. Needs a Redis
// server: TEST_REDIS_URL (CI sets redis://127.0.0.1:6379 in .ci/run).
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, testDatabases, type TestApp } from './helpers';

const REDIS_URL = process.env.TEST_REDIS_URL;
const LIMIT = 10;
const SKIP_REASON = 'skipped: TEST_REDIS_URL is not set (no Redis to share the counters; CI sets redis://127.0.0.1:6379)';

describe('global rate limit without Redis', () => {
  it('counts per process: two instances each allow the limit (docs/operations.md says so)', async () => {
    const [database] = testDatabases();
    const a = await startApp(database!, { RATE_LIMIT_PER_MINUTE: LIMIT });
    const b = await startApp(database!, { RATE_LIMIT_PER_MINUTE: LIMIT });
    try {
      const address = `192.0.2.${randomInt(1, 250)}`;
      const statuses = [];
      for (let i = 0; i < LIMIT; i++) statuses.push((await a.app.inject({ url: '/api/config', remoteAddress: address })).statusCode, (await b.app.inject({ url: '/api/config', remoteAddress: address })).statusCode);
      expect(statuses.every((s) => s === 200)).toBe(true);
      expect((await a.app.inject({ url: '/api/config', remoteAddress: address })).statusCode).toBe(429);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe.skipIf(!REDIS_URL).each(testDatabases())(`global rate limit shared through Redis on $name${REDIS_URL ? '' : ` (${SKIP_REASON})`}`, (database) => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startApp(database, { RATE_LIMIT_PER_MINUTE: LIMIT, REDIS_URL });
    b = await startApp(database, { RATE_LIMIT_PER_MINUTE: LIMIT, REDIS_URL });
  });
  afterAll(async () => { await a?.close(); await b?.close(); });

  it('two instances share one limit per address', async () => {
    // A fresh address per run: the counters outlive the test in Redis for a minute.
    const address = `10.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 255)}`;
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 4; i++) {
      const app = i % 2 === 0 ? a : b;
      statuses.push((await app.app.inject({ url: '/api/config', remoteAddress: address })).statusCode);
    }
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(200));
    expect(statuses.slice(LIMIT)).toEqual([429, 429, 429, 429]);
    // Another address is not affected.
    expect((await b.app.inject({ url: '/api/config', remoteAddress: '10.255.255.254' })).statusCode).toBe(200);
  });
});

if (!REDIS_URL) {
  describe('global rate limit shared through Redis', () => {
    it.skip(SKIP_REASON, () => undefined);
  });
}
