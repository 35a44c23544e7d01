// A body nested thousands of levels deep is bad input like any other: a 400 that changes nothing,
// on every endpoint, including a body-less one that moves value (its Idempotency-Key hash walked
// the body recursively and overflowed the stack: a 500).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerPlayer, startApp, testDatabases, type TestApp } from './helpers';

const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe.each(testDatabases())('deeply nested bodies on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => { t = await startApp(database); }, 60_000);
  afterAll(async () => { await t?.close(); });

  it('a body-less endpoint that moves value answers 400 to a deeply nested body and claims nothing', async () => {
    const me = await registerPlayer(t.app);
    for (const body of [nested(10_000), `{"x":${nestedArrays(20_000)}}`]) {
      const r = await me.client.request({
        method: 'POST', url: '/api/claimTechnicalDifficulties', payload: body,
        headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().code).toBe('INVALID_INPUT');
    }
    const claims = await t.handle.db.selectFrom('airdrop_claims').select('user_id').where('user_id', '=', me.uuid).execute();
    expect(claims).toHaveLength(0);
  });

  it('an endpoint with a body schema answers 400 too, and an ordinary nested body still passes', async () => {
    const me = await registerPlayer(t.app);
    const deep = await me.client.request({ method: 'POST', url: '/api/logout', payload: nested(5_000), headers: { 'content-type': 'application/json' } });
    expect(deep.statusCode).toBe(400);
    const fine = await me.client.request({ method: 'POST', url: '/api/logout', payload: nested(20), headers: { 'content-type': 'application/json' } });
    expect(fine.statusCode).toBe(200);
  });
});
